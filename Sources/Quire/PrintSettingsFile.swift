import FoundationEssentials
import GtkSourceKit
import Storage

/// The settings of the last print (the printer or file, copies, pages) and
/// its page setup (paper size, orientation), kept in the state folder
/// (`print-settings.ini`, GTK's own form) so that the print dialog starts
/// from them after a relaunch too.
/// A missing file means GTK's defaults; an unreadable one means the defaults
/// too, and is logged and left exactly as it is (nothing is kept for the next
/// launch until it is removed).
@MainActor
enum PrintSettingsFile {
    /// The file's path in the app's state folder.
    static let path = AppDirectories(applicationID: AppDelegate.applicationID).stateFile("print-settings.ini")

    /// Whether this process has read the file yet.
    private static var isLoaded = false
    /// Whether the file was there but could not be read: it is not written over.
    private static var isUnreadable = false

    /// Reads the file once a process, before its first print dialog.
    static func loadOnce() {
        guard !isLoaded else { return }
        isLoaded = true
        do {
            try SourcePrint.loadSettings(from: path)
        } catch {
            isUnreadable = true
            Log.error("the print settings in \(path) could not be read (\(error)); the print dialog starts from its defaults, and the file is left as it is (remove it to keep the settings again)")
        }
    }

    /// Keeps the settings of the print just sent for the next launch, unless
    /// the file could not be read; a failure is logged, and this run's next
    /// dialogs start from them anyway.
    static func save() {
        guard !isUnreadable else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: FilePaths.parent(of: path), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try SourcePrint.saveLastSettings(to: path)
        } catch {
            Log.error("could not keep the print settings in \(path): \(error)")
        }
    }
}
