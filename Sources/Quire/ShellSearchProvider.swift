import FoundationEssentials
import GtkKit
import NoteModel
import Scenes

/// Quire's notes in the GNOME Shell's search (the Activities overview): the
/// `org.gnome.Shell.SearchProvider2` interface on the session bus, answered
/// from the notes' full-text index, without opening any window. The Shell finds
/// it through `io.github.quire.Quire.search-provider.ini`, installed with the app.
@MainActor
final class ShellSearchProvider {
    /// Where the provider lives on the bus (the `.ini` file names it too).
    static let objectPath = "/io/github/quire/Quire/SearchProvider"

    /// How many notes one search offers the Shell (it shows a handful).
    static let resultLimit = 20

    /// The app's notes and windows.
    private let services: any NoteWindowServices

    private init(services: any NoteWindowServices) {
        self.services = services
    }

    /// The results of the last search, for the metas the Shell asks for next
    /// (of a few of them: their snippets are read then).
    private var results: [UUID: NoteSearchResult] = [:]

    /// Puts a provider on the app's bus connection as it starts running (so it
    /// is there as soon as the app's name is; without a bus, the app works on
    /// without Shell search). It answers from the notes `services` opens.
    static func export(on application: Application, services: any NoteWindowServices) {
        let provider = ShellSearchProvider(services: services)
        application.exportObject(path: objectPath, interfaceXML: interfaceXML) { call in provider.answer(call) }
    }

    /// The notes, once the app has opened them.
    private var store: NoteStore? {
        guard case let .success(store) = services.notes else { return nil }
        return store
    }

    private func answer(_ call: DBusMethodCall) {
        guard let store else {
            call.fail("Quire could not open the notes")
            return
        }
        switch call.method {
        case "GetInitialResultSet": call.reply(strings: search(call.strings(at: 0), in: store))
        case "GetSubsearchResultSet": call.reply(strings: search(call.strings(at: 1), in: store))
        case "GetResultMetas":
            call.reply(dictionaries: call.strings(at: 0).compactMap { meta(for: $0, in: store) }, keys: ["id", "name", "description"])
        case "ActivateResult":
            open(call.string(at: 0), at: call.strings(at: 1), in: store)
            call.reply()
        case "LaunchSearch":
            showSearch(call.strings(at: 0))
            call.reply()
        default: call.fail("no method \(call.method)")
        }
    }

    /// The notes the terms find, best first, as the identifiers the Shell passes back.
    private func search(_ terms: [String], in store: NoteStore) -> [String] {
        let results = (try? store.search(terms.joined(separator: " "), limit: ShellSearchProvider.resultLimit)) ?? []
        self.results = Dictionary(results.map { ($0.noteID, $0) }, uniquingKeysWith: { first, _ in first })
        return results.map(\.noteID.uuidString)
    }

    /// A result's title with its category beside it, and the words around
    /// its match (or the start of its text).
    private func meta(for identifier: String, in store: NoteStore) -> [String: String]? {
        guard let id = UUID(uuidString: identifier), let summary = try? store.summary(of: id) else { return nil }
        let category = (try? store.category(of: id)) ?? ""
        let title = category.isEmpty ? ShownTitle.of(summary.title) : localized("%s — %s", ShownTitle.of(summary.title), category)
        let description = results[id].map { $0.readableSnippet().text.replacing("\r\n", with: " ").replacing("\n", with: " ") } ?? summary.preview
        return ["id": identifier, "name": title, "description": description]
    }

    /// Opens the note in its own window, the cursor at the first match of
    /// the terms (not selecting it, for the first word typed to replace).
    private func open(_ identifier: String, at terms: [String], in store: NoteStore) {
        guard let id = UUID(uuidString: identifier), let note = try? store.note(id: id) else { return }
        let match = TextSearch.firstMatch(of: terms.joined(separator: " "), in: note.body)
        let state = NoteWindowState(noteID: id, cursor: Int32(clamping: match?.lowerBound ?? 0))
        services.openNoteWindow(for: id, showing: state.activity())
    }

    /// Opens a main window searching for the terms (the Shell's "more results").
    private func showSearch(_ terms: [String]) {
        var state = NoteWindowState()
        state.searchText = terms.joined(separator: " ")
        services.application?.requestSceneSessionActivation(nil, userActivity: state.activity())
    }
}
