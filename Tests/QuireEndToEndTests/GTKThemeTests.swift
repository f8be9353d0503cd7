import Foundation
import NoteModel
import Testing
import TestSupport

/// Quire's windows take libadwaita's style sheet without GTK's own theme
/// being read first (`GTKThemeSkipping`); a theme the person names in
/// `GTK_THEME` is still read. What GTK reads is seen through GLib's resource
/// overlays: a file standing in for GTK's theme, which GLib announces as it
/// maps it.
@Suite("GTK's own theme, end to end", .serialized)
struct GTKThemeTests {
    /// GTK's theme's style sheet overlaid by an empty one in the session's folder.
    private func overlay(in session: QuireSession) throws -> (environment: [String: String], announcement: String) {
        let folder = session.desktop.directory.file("gtk-theme-overlay")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let styleSheet = folder + "/gtk.css"
        try Data("/* GTK's theme, read */\n".utf8).write(to: URL(fileURLWithPath: styleSheet))
        return (["G_RESOURCE_OVERLAYS": "/org/gtk/libgtk/theme/Default=\(folder)"], "Mapped file '\(styleSheet)'")
    }

    /// How light the window's header bar looks on screen, 0 (black) to 255 (white).
    private func headerBarLightness(_ session: QuireSession, window: String, shot name: String) throws -> Int {
        let geometry = try session.desktop.geometry(of: window)
        return try session.screenSample("luminance", atX: geometry.x + geometry.width / 2, y: geometry.y + 8, shot: name)
    }

    @Test("a launch never reads GTK's theme, and its window is drawn in libadwaita's style")
    func themeUnread() throws {
        let session = try QuireSession()
        let (environment, announcement) = try overlay(in: session)
        try session.launch(environment: environment)
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        #expect(!session.messages.contains(announcement), "\(session.messages.suffix(800))")
        #expect(session.messages.contains("Adding GResources overlay"), "GLib did not take the overlay: \(session.messages.suffix(800))")
        let lightness = try headerBarLightness(session, window: window, shot: "gtk-theme-unread")
        #expect((200..<250).contains(lightness), "libadwaita's header bar is light grey, not \(lightness)")
        #expect(try session.stop() == 0)
    }

    @Test("a theme the person names in GTK_THEME is read")
    func personsThemeRead() throws {
        let session = try QuireSession()
        let (environment, announcement) = try overlay(in: session)
        try session.launch(environment: environment.merging(["GTK_THEME": "Default"]) { $1 })
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        #expect(session.messages.contains(announcement), "\(session.messages.suffix(800))")
        // GTK's theme, overlaid here by an empty style sheet, styles the window instead of libadwaita's.
        let lightness = try headerBarLightness(session, window: window, shot: "gtk-theme-persons")
        #expect(!(200..<250).contains(lightness), "the header bar is \(lightness)")
        #expect(try session.stop() == 0)
    }

    @Test("with no display to open (over ssh, from a text console) a launch says so and ends with status 1, as GTK's own start does, theme skipped or named; the notes are left as they were")
    func noDisplay() throws {
        let session = try QuireSession()
        _ = try NoteStore(path: session.notesPath).createNote(body: "Kept\nas it was")
        for theme in [[:], ["GTK_THEME": "Default"]] {
            let launched = try ChildProcess.run(
                BuiltProducts.executable("quire"), [],
                environment: session.environment(["DISPLAY": "", "WAYLAND_DISPLAY": ""].merging(theme) { $1 }),
                outputDirectory: session.desktop.directory.path, seconds: 30)
            #expect(launched.status == 1 && launched.error.contains("cannot open display"), "\(theme): \(launched.error.suffix(1_000))")
            #expect(!launched.error.contains("backtrace"), "no crash: \(launched.error.suffix(1_000))")
        }
        #expect(try session.storedNotes().map(\.body) == ["Kept\nas it was"])
    }
}
