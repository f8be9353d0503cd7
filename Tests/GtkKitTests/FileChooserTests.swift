import CGtk
import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// A file chooser opens in the folder asked for, and with none (or one that
/// is not a folder) in the Documents folder or home: never on GTK's Recent
/// list, where a folder cannot be chosen.
@MainActor
@Suite("File chooser", .serialized)
struct FileChooserTests {
    init() throws { try TestToolkit.start() }

    /// The folder `dialog` shows, if it shows one yet.
    private static func currentFolder(of dialog: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let folder = gtk_file_chooser_get_current_folder(OpaquePointer(dialog)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        guard let path = g_file_get_path(folder) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    @Test("it opens in the folder asked for; without one, in Documents or home")
    func startingFolder() throws {
        let folder = try TemporaryDirectory(prefix: "quire-chooser")
        defer { folder.remove() }
        #expect(FileChooser.startingFolder(folder.path) == folder.path)
        for fallback in [FileChooser.startingFolder(nil), FileChooser.startingFolder(folder.file("not-a-folder"))] {
            let documents = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS).map { String(cString: $0) }
            #expect([documents, String(cString: g_get_home_dir())].contains(fallback), "\(fallback)")
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: fallback, isDirectory: &isFolder) && isFolder.boolValue, "\(fallback)")
        }

        for purpose in [FileChooser.Purpose.chooseFolder, .save(suggestedName: "Note.md")] {
            let chooser = FileChooser(over: nil, title: "Choose", purpose: purpose, acceptLabel: "_Choose", startingIn: folder.path)
            var chosen: [String]?
            chooser.present { chosen = $0 }
            var shown: UnsafeMutablePointer<GtkWidget>?
            #expect(MainLoop.iterate(forAtMost: 10) { shown = ShownDialog.of(type: gtk_file_chooser_get_type()); return shown != nil }, "the chooser is shown")
            let dialog = try #require(shown)
            var opened: String?
            // GTK reads the folder in the background: its current folder is set once that starts.
            MainLoop.iterate(forAtMost: 10) {
                opened = Self.currentFolder(of: dialog)
                return opened != nil
            }
            #expect(opened == folder.path, "\(purpose): opened in the folder asked for")
            if case .save = purpose {
                let name = gtk_file_chooser_get_current_name(OpaquePointer(dialog))
                defer { g_free(name) }
                #expect(name.map { String(cString: $0) } == "Note.md", "the suggested name kept")
            }
            gtk_dialog_response(UnsafeMutablePointer(OpaquePointer(dialog)), GTK_RESPONSE_CANCEL.rawValue)
            #expect(MainLoop.iterate(forAtMost: 10) { chosen != nil }, "cancelled")
            #expect(chosen == [])
        }
    }
}
