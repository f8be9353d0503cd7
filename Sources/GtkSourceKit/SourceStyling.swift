import CGtk
import CGtkSource
public import GtkKit

/// Text views whose text GtkSourceView styles as it is typed: by one language
/// definition, in a light or a dark style scheme. Styling follows each edit
/// over the lines it touched; it never reads the whole text again, nor lays
/// out again a line it had no style to take off.
///
/// Text in the language's context class `monospaceClass` is also set in the
/// monospace font, and text in `hiddenClass` hidden (the text keeps it),
/// which style schemes cannot do.
@MainActor
public final class SourceStyling {
    private let language: OpaquePointer
    private let lightScheme: OpaquePointer
    private let darkScheme: OpaquePointer
    private let monospaceClass: String?
    private let hiddenClass: String?
    /// The buffers of the views made, while they live.
    private var buffers: [() -> TextBuffer?] = []

    /// Styling by the language `languageID`, found in `languageDirectory` (the
    /// only place searched: the stock languages are not read), with the style
    /// schemes `lightSchemeID` and `darkSchemeID` from `schemeDirectory`, also
    /// the only place searched: a scheme there builds on no stock scheme.
    /// Nil if any of them is missing or unreadable.
    ///
    /// GtkSourceView loads every scheme in its search path at once, and checks
    /// a language against the first `language2.rng` (a RelaxNG schema) in the
    /// language's directory, else against its own, which it compiles each
    /// time. So each directory should hold only the app's own files, and a
    /// `language2.rng` beside the language that accepts it quickly, while the
    /// app's tests check the language against GtkSourceView's schema.
    public init?(
        languageID: String, languageDirectory: String, lightSchemeID: String, darkSchemeID: String,
        schemeDirectory: String, monospaceClass: String? = nil, hiddenClass: String? = nil
    ) {
        TextView.keepHiddenTextInTransfers()  // before GtkSourceView makes a buffer
        gtk_source_init()
        let languages = SourceStyling.languageManager(searching: languageDirectory)
        // The default manager, which every new buffer also asks for its default scheme.
        let schemes = gtk_source_style_scheme_manager_get_default()
        if SourceStyling.searchPath(of: schemes) != [schemeDirectory] {
            CStringList.withList([schemeDirectory]) { gtk_source_style_scheme_manager_set_search_path(schemes, $0) }
        }
        guard let language = gtk_source_language_manager_get_language(languages, languageID),
              let light = gtk_source_style_scheme_manager_get_scheme(schemes, lightSchemeID),
              let dark = gtk_source_style_scheme_manager_get_scheme(schemes, darkSchemeID)
        else { return nil }
        self.language = language
        lightScheme = light
        darkScheme = dark
        self.monospaceClass = monospaceClass
        self.hiddenClass = hiddenClass
    }

    /// A language manager for each language directory, kept for the life of
    /// the process (its languages need it alive). A manager reads its
    /// directory once and cannot be pointed elsewhere after that, so sharing
    /// GtkSourceView's default one would break a second styling.
    private static var languageManagers: [String: OpaquePointer] = [:]

    private static func languageManager(searching directory: String) -> OpaquePointer {
        if let manager = languageManagers[directory] { return manager }
        guard let manager = gtk_source_language_manager_new() else { preconditionFailure("GtkSourceView made no language manager") }
        CStringList.withList([directory]) { gtk_source_language_manager_set_search_path(manager, $0) }
        languageManagers[directory] = manager
        return manager
    }

    /// Whether views use the dark scheme; changing it restyles every view made.
    public var isDark = false {
        didSet {
            guard isDark != oldValue else { return }
            buffers.removeAll { $0() == nil }
            for buffer in buffers.compactMap({ $0() }) { applyScheme(to: buffer) }
        }
    }

    /// A new text view (a GtkSourceView) whose text is styled.
    public func makeView() -> TextView {
        let undo = UndoActions()
        typealias Box = ClosureBox<@MainActor (Bool) -> Void>
        let box = Box({ redo in undo.step(redo: redo) }, kind: .signalHandler)
        guard let view = cgtk_source_view_new_with_own_undo({ _, redo, data in
            MainActor.assumeIsolated { Box.from(data).closure(redo != 0) }
        }, box.retainedPointer(), { data in
            MainActor.assumeIsolated { Box.release(data) }
        }) else { preconditionFailure("GtkSourceView made no view") }
        let textView = TextView(wrapping: view)
        undo.attach(to: textView)
        let buffer = cgtk_as_source_buffer(textView.buffer.objectPointer)
        giveLanguageOnceText(textView.buffer)
        gtk_source_buffer_set_highlight_matching_brackets(buffer, 0)
        // Restyling an edit takes every style off the edited lines first; where
        // a style is not, that would lay the lines out again for nothing (and
        // code regions rely on it: see ContextClassRegions).
        cgtk_text_buffer_skip_tag_changes_that_change_nothing(buffer)
        applyScheme(to: textView.buffer)
        buffers.append { [weak buffer = textView.buffer] in buffer }
        if let monospaceClass { ContextClassRegions.follow(textView.buffer, contextClass: monospaceClass, effect: .monospace) }
        if let hiddenClass { ContextClassRegions.follow(textView.buffer, contextClass: hiddenClass, effect: .hidden) }
        return textView
    }

    /// Gives `buffer` the language once it holds text: ahead of the next key
    /// and the next frame, so the first text shows styled, or at once when
    /// its context classes are asked for. Set on an empty buffer, the
    /// language would have GtkSourceView read its whole definition, check it
    /// against the RelaxNG schema and compile its patterns with PCRE2 (about
    /// 1 MiB of code and data, and time before the first frame) for a view
    /// that may never hold text: a first launch's empty note, a new note.
    private func giveLanguageOnceText(_ buffer: TextBuffer) {
        let source = cgtk_as_source_buffer(buffer.objectPointer)
        guard buffer.characterCount == 0 else { return gtk_source_buffer_set_language(source, language) }
        g_object_set_data(buffer.objectPointer, SourceStyling.waitingLanguageKey, UnsafeMutableRawPointer(language))
        let waiting = LanguageWait()
        waiting.connection = buffer.onChanged { [weak buffer] in
            guard let buffer, buffer.characterCount > 0, !waiting.isScheduled else { return }
            waiting.isScheduled = true
            // Not inside the buffer's signal: a new highlighting engine attaches to
            // the buffer's signals, and would miss the rest of this emission.
            MainLoop.aheadOfInput { [weak buffer] in
                waiting.connection?.disconnect()
                if let buffer { SourceStyling.giveWaitingLanguage(to: buffer) }
                return false
            }
        }
    }

    /// Sets the language `buffer` waits for (`giveLanguageOnceText`), if it does.
    static func giveWaitingLanguage(to buffer: TextBuffer) {
        let object = buffer.objectPointer
        guard let language = g_object_steal_data(object, waitingLanguageKey) else { return }
        gtk_source_buffer_set_language(cgtk_as_source_buffer(buffer.objectPointer), OpaquePointer(language))
    }

    /// The key of the language a buffer waits for, in its object data.
    private static let waitingLanguageKey = "gtksourcekit-waiting-language"

    /// A buffer waiting for its first text, and whether its language is on the way.
    private final class LanguageWait {
        var connection: SignalConnection?
        var isScheduled = false
    }

    private func applyScheme(to buffer: TextBuffer) {
        gtk_source_buffer_set_style_scheme(cgtk_as_source_buffer(buffer.objectPointer), isDark ? darkScheme : lightScheme)
    }

    private static func searchPath(of schemes: OpaquePointer?) -> [String] {
        guard let path = gtk_source_style_scheme_manager_get_search_path(schemes) else { return [] }
        return CStringList.strings { path[$0] }
    }
}
