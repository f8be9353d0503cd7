import CGtk
import CGtkSource
public import GtkKit

/// Prints the text of a styled view (`SourceStyling.makeView`) as it shows
/// it: GtkSourceView's print compositor lays it out in pages with a header
/// and page numbers, and GTK's print operation sends them to a printer the
/// person picks in the print dialog, or writes them to a PDF file. The
/// dialog starts where the last print of the process left it: the same
/// printer (or file), copies and the other choices GTK keeps in its print
/// settings, and the same paper and orientation (GTK's page setup), which an
/// export to PDF uses too; `saveLastSettings(to:)` and `loadSettings(from:)`
/// keep both for the next launch.
@MainActor
public final class SourcePrint {
    private let operation: UnsafeMutablePointer<GtkPrintOperation>
    /// The dialog's "done" handler, while it waits.
    private var doneHandler: gulong = 0
    /// The settings of the last print sent, for the next dialog (a reference of their own).
    private static var lastSettings: OpaquePointer?
    /// The paper and orientation of the last print sent, for the next (a reference of their own).
    private static var lastPageSetup: OpaquePointer?

    /// A print of `view`'s text, with `header` at the top left of each page,
    /// `pageNumbers` centred at its foot ("%N" is the page's number, "%Q"
    /// how many pages there are), in the font `fontName` (a Pango font name
    /// such as "Cantarell 11"; nil: GtkSourceView's), named `jobName` in the
    /// printer's queue. Print to File proposes `fileName` (its extension
    /// left to the format chosen) in the folder the last print to a file
    /// went to.
    public init(_ view: TextView, header: String, pageNumbers: String, fontName: String?, jobName: String, fileName: String) {
        // The header is a strftime format: the note's own % signs are kept as they are.
        let literalHeader = header.replacing("%", with: "%%")
        guard let operation = cgtk_source_print_operation_new(view.buffer.objectPointer, literalHeader, pageNumbers, fontName) else {
            preconditionFailure("GTK made no print operation")
        }
        self.operation = operation
        gtk_print_operation_set_job_name(operation, jobName)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let settings = cgtk_print_settings_proposing_file(SourcePrint.lastSettings, fileName)
        gtk_print_operation_set_print_settings(operation, settings)
        g_object_unref(UnsafeMutableRawPointer(settings))
        if let pageSetup = SourcePrint.lastPageSetup { gtk_print_operation_set_default_page_setup(operation, pageSetup) }
    }

    isolated deinit {
        g_object_unref(operation)
    }

    /// Shows GTK's print dialog over `window`; `done` hears, once the dialog
    /// and any printing are over, whether pages were sent (false: cancelled),
    /// or why printing failed. The print is kept alive until then.
    public func showDialog(over window: Window, done: @escaping @MainActor (Result<Bool, PrintFailure>) -> Void) {
        gtk_print_operation_set_allow_async(operation, 1)
        typealias Box = ClosureBox<@MainActor (GtkPrintOperationResult) -> Void>
        let finish: @MainActor (GtkPrintOperationResult) -> Void = { [self] result in
            // The handler holds this print until GTK is done with it, then goes.
            switch result {
            case GTK_PRINT_OPERATION_RESULT_ERROR: done(.failure(failure() ?? PrintFailure(nil)))
            case GTK_PRINT_OPERATION_RESULT_APPLY:
                rememberSettings()
                done(.success(true))
            default: done(.success(false))
            }
            if g_signal_handler_is_connected(operation, doneHandler) != 0 { g_signal_handler_disconnect(operation, doneHandler) }
        }
        doneHandler = boxingHandler(finish) { data, release in
            cgtk_signal_connect_print_done(operation, { _, result, data in
                MainActor.assumeIsolated { Box.from(data).closure(result) }
            }, data, release)
        }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, cgtk_as_window(window.objectPointer), &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR, g_signal_handler_is_connected(operation, doneHandler) != 0 {
            g_signal_handler_disconnect(operation, doneHandler)
            done(.failure(PrintFailure(error)))
        }
        if let error { g_error_free(error) }
    }

    /// Keeps the settings and the page setup this print was sent with for
    /// the next dialog (GTK makes the dialog's page setup the operation's).
    private func rememberSettings() {
        if let settings = gtk_print_operation_get_print_settings(operation) {
            SourcePrint.keep(settings, in: &SourcePrint.lastSettings)
        }
        if let pageSetup = gtk_print_operation_get_default_page_setup(operation) {
            SourcePrint.keep(pageSetup, in: &SourcePrint.lastPageSetup)
        }
    }

    /// Puts a reference of its own to `object` in `slot`, letting go of the one there.
    private static func keep(_ object: OpaquePointer, in slot: inout OpaquePointer?) {
        g_object_ref(UnsafeMutableRawPointer(object))
        if let old = slot { g_object_unref(UnsafeMutableRawPointer(old)) }
        slot = object
    }

    /// Starts the next dialogs from the settings and the page setup in the
    /// file at `path`, as `saveLastSettings(to:)` wrote it (a file with no
    /// page setup leaves the paper to GTK); no file there changes nothing.
    /// Throws GTK's reason if the file is there but cannot be read, and the
    /// dialogs then start as before.
    public static func loadSettings(from path: String) throws(PrintFailure) {
        guard g_file_test(path, G_FILE_TEST_EXISTS) != 0 else { return }
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        guard g_key_file_load_from_file(keyFile, path, G_KEY_FILE_NONE, &error) != 0,
              let settings = gtk_print_settings_new_from_key_file(keyFile, nil, &error)
        else { throw PrintFailure(error) }
        var pageSetup: OpaquePointer?
        if g_key_file_has_group(keyFile, pageSetupGroup) != 0 {
            guard let read = gtk_page_setup_new_from_key_file(keyFile, pageSetupGroup, &error) else {
                g_object_unref(UnsafeMutableRawPointer(settings))
                throw PrintFailure(error)
            }
            pageSetup = read
        }
        for old in [lastSettings, lastPageSetup].compactMap({ $0 }) { g_object_unref(UnsafeMutableRawPointer(old)) }
        lastSettings = settings
        lastPageSetup = pageSetup
    }

    /// The key file's group for the page setup (GTK's own name for it).
    private static let pageSetupGroup = "Page Setup"

    /// Writes the settings and the page setup the next dialog would start
    /// from (those of the last print sent, or loaded) to the file at `path`,
    /// in GTK's key-file form, readable by its owner alone, written aside and
    /// then renamed; with no settings, writes nothing.
    public static func saveLastSettings(to path: String) throws(PrintFailure) {
        guard let settings = lastSettings else { return }
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        gtk_print_settings_to_key_file(settings, keyFile, nil)
        if let pageSetup = lastPageSetup { gtk_page_setup_to_key_file(pageSetup, keyFile, pageSetupGroup) }
        var length: gsize = 0
        let data = g_key_file_to_data(keyFile, &length, nil)
        defer { g_free(data) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_set_contents_full(path, data, gssize(length), G_FILE_SET_CONTENTS_CONSISTENT, 0o600, &error) != 0 else {
            defer { if let error { g_error_free(error) } }
            throw PrintFailure(error)
        }
    }

    /// Writes the pages to the PDF file at `path` at once, with no dialog.
    public func exportPDF(to path: String) throws(PrintFailure) {
        gtk_print_operation_set_export_filename(operation, path)
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_EXPORT, nil, &error)
        defer { if let error { g_error_free(error) } }
        guard result != GTK_PRINT_OPERATION_RESULT_ERROR else {
            throw PrintFailure(error)
        }
    }

    /// The operation's error, once it ended in one.
    private func failure() -> PrintFailure? {
        var error: UnsafeMutablePointer<GError>?
        gtk_print_operation_get_error(operation, &error)
        guard let error else { return nil }
        defer { g_error_free(error) }
        return PrintFailure(error)
    }
}
