import Foundation
import Testing
import TestSupport

/// `Examples/ScratchPad`, an app in a package of its own that uses the
/// framework as any app would (Quire's repository as a dependency, its
/// `Scenes` and `GtkKit` products): built with SwiftPM, launched, typed into,
/// quit and launched again, with its lifecycle trace read as the contract
/// describes it.
@Suite("The example package", .serialized)
struct ExamplePackageTests {
    /// The lifecycle callbacks of a `SCENES_TRACE=1` run, in order, without
    /// saves and frames.
    private func callbacks(in trace: String) -> [String] {
        trace.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("scenes: ") else { return nil }
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { return nil }
            let callback = String(fields[2])
            return callback == "first-frame" || callback == "stateRestorationActivity(for:)" ? nil : callback
        }
    }

    @Test("Examples/ScratchPad builds on its own, shows a window in sequence A, and comes back with its text in sequence B")
    func scratchPad() throws {
        let root = BuiltProducts.sourceRoot
        let build = try ChildProcess.run(
            "swift", ["build", "--package-path", "\(root)/Examples/ScratchPad", "--scratch-path", "\(root)/.build/examples/ScratchPad"],
            environment: ProcessInfo.processInfo.environment, outputDirectory: NSTemporaryDirectory(), seconds: 1_200)
        try #require(build.status == 0, "the example builds: \(build.output.suffix(3_000))\(build.error.suffix(3_000))")
        let executable = "\(root)/.build/examples/ScratchPad/debug/ScratchPad"

        let desktop = try PrivateDesktop()
        let state = desktop.directory.file("scratch-pad")
        let environment = desktop.environment([
            "SCENES_TRACE": "1", "XDG_STATE_HOME": state + "/state", "XDG_DATA_HOME": state + "/data",
        ])
        let first = try ChildProcess(executable, [], environment: environment, outputDirectory: desktop.directory.path)
        let window = try desktop.waitForWindow(matching: "^Scratch Pad$")
        #expect(eventually(within: 10) { callbacks(in: first.standardError).last == "sceneDidBecomeActive(_:)" })
        #expect(callbacks(in: first.standardError) == [
            "application(_:didFinishLaunchingWithOptions:)",
            "application(_:configurationForConnecting:options:)",
            "scene(_:willConnectTo:options:)",
            "sceneWillEnterForeground(_:)",
            "sceneDidBecomeActive(_:)",
        ], "A: \(first.standardError)")
        try desktop.type("Shopping\nbread", into: window)
        let titled = try desktop.waitForWindow(matching: "^Shopping$")
        try desktop.xdotool("windowfocus", "--sync", titled)
        try desktop.xdotool("key", "ctrl+q")  // the framework's Quit
        #expect(first.waitForExit(seconds: 10) == 0, "\(first.standardError)")

        let second = try ChildProcess(executable, [], environment: environment, outputDirectory: desktop.directory.path)
        defer { second.send(SIGTERM); _ = second.waitForExit(seconds: 10) }
        // Restored: titled by the text it had, which only the saved activity holds.
        _ = try desktop.waitForWindow(matching: "^Shopping$")
        #expect(eventually(within: 10) { callbacks(in: second.standardError).last == "sceneDidBecomeActive(_:)" })
        #expect(callbacks(in: second.standardError) == [
            "application(_:didFinishLaunchingWithOptions:)",
            "scene(_:willConnectTo:options:)",
            "scene(_:restoreInteractionStateWith:)",
            "sceneWillEnterForeground(_:)",
            "sceneDidBecomeActive(_:)",
        ], "B: \(second.standardError)")
    }
}
