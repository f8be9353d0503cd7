import Dispatch
import FoundationEssentials
import Glibc
import GtkKit
import Scenes

// `main` stays synchronous: GTK owns the main thread, and the GLib loop drains
// DispatchQueue.main and the main actor through the bridge installed here.
// Where OpenGL runs on the processor (no graphics driver), Cairo draws a
// fraction of what GTK's OpenGL renderer does: see WindowRenderer. Asked
// before any other thread starts, as it may set GTK's environment.
WindowRenderer.drawWithCairoOnSoftwareOpenGL()
// GTK's own theme, which libadwaita replaces, is left unread; also asked before
// any other thread starts, as it names a theme in GTK's environment until startup.
GTKThemeSkipping.skipAtStartup()
FatalLogMessages.handle()
// Starts the first thread other than main's: the one loading the unwinder.
CrashBacktraces.write()
MainLoop.bridgeDispatchMainQueue()
MainLoop.runTasksOnGLibThreads()
StallMonitor.startIfRequested()
Localization.setUp(domain: "quire", directory: Resources.localeDirectory)
if let status = SyncSetupCommand.runIfRequested(CommandLine.arguments) { exit(status) }
if let status = HeadlessCommand.runIfNeeded(CommandLine.arguments) { exit(status) }

let manifest: SceneManifest
do {
    manifest = try SceneManifest(contentsOf: Resources.path("Info.plist"))
    try manifest.requireConfigurations(named: AppDelegate.configurations, role: .windowApplication)
} catch {
    Log.error("cannot start: \(error)")
    exit(1)
}
let delegate = AppDelegate()
let application = Application(
    applicationID: AppDelegate.applicationID, manifest: manifest, delegate: delegate,
    localeDirectory: Resources.localeDirectory)
application.describeCommandLine(
    summary: localized("Notes in as many windows as you like, each back as you left it."),
    details: localized("A URI of the form quire://note/<id> opens that note in its own window (a running Quire opens it; otherwise Quire starts).")
        + "\n\n" + localized("--sync-now, --import and --export exit with status 0 when everything was done, 1 when something failed or was left out (each named on standard error), and 2 when the command line is wrong."),
    version: "Quire \(AppDelegate.version)")
// Notes are text on a plain page: they read as well in the dark style, which the
// desktop may prefer. Chosen before running, so startup sets the style once.
application.followsDesktopStyle = true
delegate.fileTransfers.addCommands(to: application)
SyncActions.addCommands(to: application) { delegate.sync }
ShellSearchProvider.export(on: application, services: delegate)
// Loaded on its own thread while `main` did the rest: long done by now.
CrashBacktraces.finishLoadingUnwinder()
exit(application.run())
