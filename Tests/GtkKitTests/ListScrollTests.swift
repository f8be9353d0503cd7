import CGtk
import Testing
@testable import GtkKit

/// A list view keeps a row in view where it is asked to: rows coming in
/// above the top of a list kept at its first row show, instead of pushing
/// what showed down (as GTK does with a list that started empty).
@MainActor
@Suite("List scrolling", .serialized)
struct ListScrollTests {
    init() throws {
        try TestToolkit.start()
    }

    private final class Row {}

    /// A shown window with a scrolled list of `count` rows, laid out.
    private func shownList(_ count: Int) -> (Window, ScrolledWindow, ListView<Row>, StringList) {
        let strings = StringList()
        strings.replaceAll(with: (0..<count).map { "row \($0)" })
        let list = ListView<Row>(selection: SingleSelection(model: strings), makeRow: { (Row(), Label("")) }, bindRow: { _, text in text })
        let scroller = ScrolledWindow()
        scroller.setChild(list)
        let window = Window()
        window.setDefaultSize(width: 300, height: 400)
        window.setChild(scroller)
        window.present()
        MainLoop.iterate(forAtMost: count == 0 ? 0.5 : 5) { scroller.distanceToEnd > 0 }
        return (window, scroller, list, strings)
    }

    /// Inserts `count` rows at the top one by one, as new items arriving, each
    /// followed by `then` and a moment for GTK to lay it out.
    private func insertAtTop(_ count: Int, into strings: StringList, then: () -> Void = {}) {
        for index in 0..<count {
            strings.splice(at: 0, removing: 0, inserting: ["new \(index)"])
            then()
            MainLoop.iterate(forAtMost: 0.05) { false }
        }
        MainLoop.iterate(forAtMost: 0.3) { false }
    }

    @Test("rows coming in above the top of a list that started empty push it down, unless its first row is kept in view")
    func topStaysInView() {
        let (window, scroller, list, strings) = shownList(0)
        defer { window.destroy() }
        #expect(scroller.verticalOffset == 0)
        insertAtTop(40, into: strings)
        let drifted = scroller.verticalOffset
        #expect(drifted > 0, "GTK keeps a row that showed in its place as rows come in above it")

        list.scroll(toRow: 0)
        MainLoop.iterate(forAtMost: 2) { scroller.verticalOffset == 0 }
        #expect(scroller.verticalOffset == 0, "scrolled back to the first row")
        insertAtTop(20, into: strings) { list.scroll(toRow: 0) }
        #expect(scroller.verticalOffset == 0, "kept at the top while rows came in")
    }

    @Test("a row out of view is scrolled to; a position past the end does nothing")
    func scrollToRow() {
        let (window, scroller, list, _) = shownList(200)
        defer { window.destroy() }
        list.scroll(toRow: 150)
        MainLoop.iterate(forAtMost: 2) { scroller.verticalOffset > 0 }
        let offset = scroller.verticalOffset
        #expect(offset > 0 && scroller.distanceToEnd > 0, "row 150 of 200 shows: \(offset)")
        list.scroll(toRow: 500)
        list.scroll(toRow: -1)
        MainLoop.iterate(forAtMost: 0.3) { false }
        #expect(scroller.verticalOffset == offset)
    }
}
