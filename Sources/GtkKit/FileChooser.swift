import CGtk

/// A modal file chooser over a window: the desktop's portal picker where
/// there is one (GtkFileChooserNative: GTK 4.8 has no GtkFileDialog), GTK's
/// own dialog otherwise.
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

    /// A chooser titled `title` over `parent`, its accept button labelled `acceptLabel` ("_Import").
    public init(over parent: Window?, title: String, purpose: Purpose, acceptLabel: String) {
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
}
