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
    private let languageID: String
    private let languages: OpaquePointer
    private let lightSchemeID: String
    private let darkSchemeID: String
    private let schemeDirectory: String
    private let monospaceClass: String?
    private let hiddenClass: String?
    /// The language and the two schemes, read once a first view holds text.
    private var definitions = Definitions.unread
    /// The buffers styled, while they live.
    private var buffers: [() -> TextBuffer?] = []

    /// Styling by the language `languageID`, found in `languageDirectory` (the
    /// only place searched: the stock languages are not read), with the style
    /// schemes `lightSchemeID` and `darkSchemeID` from `schemeDirectory`, also
    /// the only place searched: a scheme there builds on no stock scheme.
    /// Nil if the language's file or the scheme folder is missing.
    ///
    /// Nothing is read until a view holds text: an empty view (a first
    /// launch's note, a new one) has neither language nor scheme, so its text
    /// and cursor colours are the app's style sheet's, for every view alike.
    /// If the files turn out unreadable then, or lack what is named, text
    /// stays plain and `whenUnreadable` is called.
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
        guard access("\(languageDirectory)/\(languageID).lang", R_OK) == 0, access(schemeDirectory, R_OK | X_OK) == 0
        else { return nil }
        TextView.keepHiddenTextInTransfers()  // before GtkSourceView makes a buffer
        gtk_source_init()
        self.languageID = languageID
        languages = SourceStyling.languageManager(searching: languageDirectory)
        self.lightSchemeID = lightSchemeID
        self.darkSchemeID = darkSchemeID
        self.schemeDirectory = schemeDirectory
        self.monospaceClass = monospaceClass
        self.hiddenClass = hiddenClass
        // Every new buffer asks the default manager for its default scheme,
        // which would read every scheme in its search path: until text needs
        // them, that path is empty (unless another styling has read them).
        let schemes = gtk_source_style_scheme_manager_get_default()
        if SourceStyling.searchPath(of: schemes) != [schemeDirectory] {
            CStringList.withList([]) { gtk_source_style_scheme_manager_set_search_path(schemes, $0) }
        }
    }

    /// Called once if the language or a scheme cannot be read when a first
    /// view holds text (text then stays plain).
    public var whenUnreadable: (@MainActor () -> Void)?

    isolated deinit {
        guard let read = definitions.read else { return }
        g_object_unref(UnsafeMutableRawPointer(read.light))
        g_object_unref(UnsafeMutableRawPointer(read.dark))
    }

    /// The language and the two schemes, or why there are none.
    private enum Definitions {
        case unread
        case read(Read)
        case unreadable

        struct Read {
            let language: OpaquePointer
            let light: OpaquePointer
            let dark: OpaquePointer
        }

        var read: Read? {
            if case let .read(read) = self { read } else { nil }
        }
    }

    /// The language and schemes, read now if they were not yet.
    private func readDefinitions() -> Definitions.Read? {
        if case .unread = definitions {
            let schemes = gtk_source_style_scheme_manager_get_default()
            if SourceStyling.searchPath(of: schemes) != [schemeDirectory] {
                CStringList.withList([schemeDirectory]) { gtk_source_style_scheme_manager_set_search_path(schemes, $0) }
            }
            if let language = gtk_source_language_manager_get_language(languages, languageID),
               let light = gtk_source_style_scheme_manager_get_scheme(schemes, lightSchemeID),
               let dark = gtk_source_style_scheme_manager_get_scheme(schemes, darkSchemeID) {
                // Kept past the manager's next reload (another styling's folder).
                g_object_ref(UnsafeMutableRawPointer(light))
                g_object_ref(UnsafeMutableRawPointer(dark))
                definitions = .read(Definitions.Read(language: language, light: light, dark: dark))
            } else {
                definitions = .unreadable
                whenUnreadable?()
            }
        }
        return definitions.read
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
            guard let read = definitions.read else { return }
            for buffer in buffers.compactMap({ $0() }) { applyScheme(read, to: buffer) }
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
        gtk_source_buffer_set_highlight_matching_brackets(buffer, 0)
        // Restyling an edit takes every style off the edited lines first; where
        // a style is not, that would lay the lines out again for nothing (and
        // code regions rely on it: see ContextClassRegions).
        cgtk_text_buffer_skip_tag_changes_that_change_nothing(buffer)
        styleOnceText(textView.buffer)
        if let monospaceClass { ContextClassRegions.follow(textView.buffer, contextClass: monospaceClass, effect: .monospace) }
        if let hiddenClass { ContextClassRegions.follow(textView.buffer, contextClass: hiddenClass, effect: .hidden) }
        return textView
    }

    /// Styles `buffer` once it holds text: ahead of the next key and the next
    /// frame, so the first text shows styled, or at once when its context
    /// classes are asked for. Styled while empty, it would have GtkSourceView
    /// read the language's whole definition, check it against the RelaxNG
    /// schema and compile its patterns with PCRE2, and parse the schemes
    /// (about 2 MiB of code and data, and time before the first frame), for a
    /// view that may never hold text: a first launch's empty note, a new note.
    private func styleOnceText(_ buffer: TextBuffer) {
        guard buffer.characterCount == 0 else { return style(buffer) }
        // The buffer holds the styling until then (released with it if never styled).
        g_object_set_data_full(buffer.objectPointer, SourceStyling.waitingKey, Unmanaged.passRetained(self).toOpaque()) { pointer in
            MainActor.assumeIsolated {
                guard let pointer else { return }
                Unmanaged<SourceStyling>.fromOpaque(pointer).release()
            }
        }
        let waiting = TextWait()
        waiting.connection = buffer.onChanged { [weak buffer] in
            guard let buffer, buffer.characterCount > 0, !waiting.isScheduled else { return }
            waiting.isScheduled = true
            // Not inside the buffer's signal: a new highlighting engine attaches to
            // the buffer's signals, and would miss the rest of this emission.
            MainLoop.aheadOfInput { [weak buffer] in
                waiting.connection?.disconnect()
                if let buffer { SourceStyling.styleIfWaiting(buffer) }
                return false
            }
        }
    }

    /// Styles `buffer` now if it waits for text (`styleOnceText`).
    static func styleIfWaiting(_ buffer: TextBuffer) {
        guard let pointer = g_object_steal_data(buffer.objectPointer, waitingKey) else { return }
        Unmanaged<SourceStyling>.fromOpaque(pointer).takeRetainedValue().style(buffer)
    }

    /// Gives `buffer` the language and the scheme, and restyles it from now on
    /// as the style turns dark or light.
    private func style(_ buffer: TextBuffer) {
        guard let read = readDefinitions() else { return }
        gtk_source_buffer_set_language(cgtk_as_source_buffer(buffer.objectPointer), read.language)
        applyScheme(read, to: buffer)
        buffers.append { [weak buffer] in buffer }
    }

    /// The key of the styling a buffer waits for, in its object data.
    private static let waitingKey = "gtksourcekit-waiting-styling"

    /// A buffer waiting for its first text, and whether its styling is on the way.
    private final class TextWait {
        var connection: SignalConnection?
        var isScheduled = false
    }

    private func applyScheme(_ read: Definitions.Read, to buffer: TextBuffer) {
        gtk_source_buffer_set_style_scheme(cgtk_as_source_buffer(buffer.objectPointer), isDark ? read.dark : read.light)
    }

    private static func searchPath(of schemes: OpaquePointer?) -> [String] {
        guard let path = gtk_source_style_scheme_manager_get_search_path(schemes) else { return [] }
        return CStringList.strings { path[$0] }
    }
}
