import CGtk

/// A modal file chooser over a window: the desktop's portal picker where
/// there is one (GtkFileChooserNative: GTK 4.8 has no GtkFileDialog), GTK's
/// own dialog otherwise. It opens in the folder asked for, or else in the
/// Documents folder (the home folder if there is none), never on GTK's
/// Recent list, where a folder cannot be chosen.
@MainActor
public final class FileChooser: Object {
    /// What the person chooses.
    public enum Purpose {
        /// One or more existing files, shown through a filter `filterName` of the
        /// files whose names end in one of `suffixes` (without the dot).
        case openFiles(filterName: String, suffixes: [String])
        /// One or more existing folders.
        case openFolders
        /// One folder.
        case chooseFolder
        /// A new or existing file to write, `suggestedName` offered (GTK asks before replacing one).
        case save(suggestedName: String)
    }

    /// A chooser titled `title` over `parent`, its accept button labelled
    /// `acceptLabel` ("_Import"), open in `folder` (a path) if it is one.
    public init(over parent: Window?, title: String, purpose: Purpose, acceptLabel: String, startingIn folder: String? = nil) {
        let kind: Int32 = switch purpose {
        case .openFiles: 0
        case .save: 1
        case .openFolders, .chooseFolder: 2
        }
        super.init(adopting: cgtk_file_chooser_new(parent?.objectPointer, title, kind, acceptLabel))
        switch purpose {
        case let .openFiles(filterName, suffixes):
            cgtk_file_chooser_set_multiple(objectPointer, 1)
            CStringList.withList(suffixes) { cgtk_file_chooser_add_filter(objectPointer, filterName, $0) }
        case .openFolders:
            cgtk_file_chooser_set_multiple(objectPointer, 1)
        case .chooseFolder:
            break
        case let .save(suggestedName):
            cgtk_file_chooser_set_name(objectPointer, suggestedName)
        }
        cgtk_file_chooser_set_folder(objectPointer, Self.startingFolder(folder))
    }

    /// Shows the chooser; `handler` gets the chosen paths, or nothing if the
    /// person cancelled. The chooser keeps itself until then, and lets itself
    /// go once the handler has run.
    public func present(_ handler: @escaping @MainActor ([String]) -> Void) {
        var connection: SignalConnection?
        connection = connectWithUInt32("response") { [self] response in
            var paths: [String] = []
            if cgtk_file_chooser_accepted(Int32(bitPattern: response)) != 0, let list = cgtk_file_chooser_paths(objectPointer) {
                paths = CStringList.strings { list[$0].map { UnsafePointer($0) } }
                g_strfreev(list)
            }
            handler(paths)
            // Out of the signal's emission: the handler (which holds the chooser) goes with it.
            MainLoop.idle {
                connection?.disconnect()
                connection = nil
                return false
            }
        }
        cgtk_file_chooser_show(objectPointer)
    }

    /// `asked` if it is a folder, else the Documents folder if there is one, else home.
    static func startingFolder(_ asked: String?) -> String {
        let documents = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS).map { String(cString: $0) }
        for candidate in [asked, documents].compactMap(\.self) where g_file_test(candidate, G_FILE_TEST_IS_DIR) != 0 {
            return candidate
        }
        return String(cString: g_get_home_dir())
    }
}
