import CGtk
import Testing
@testable import GtkKit

/// GtkKit holds nothing that can dangle or leak: made and dropped by the
/// thousand, windows, list views and applications leave no Swift wrapper,
/// handler closure or source closure alive; handles that outlive what they
/// point at say so instead of touching freed memory.
@MainActor
@Suite("Lifetimes", .serialized)
struct LifetimeTests {
    init() throws {
        try TestToolkit.start()
    }

    /// Runs the main loop until every helper `watch` saw made is gone, for
    /// at most 5 s (whatever GLib releases on idle is released by then,
    /// however busy the machine): true if they are. A leak never goes.
    private func settled(_ watch: LiveObjectWatch) -> Bool { MainLoop.iterate(forAtMost: 5) { watch.aliveCount == 0 } }

    @Test("1,000 windows, shown and destroyed, leave nothing alive")
    func windows() {
        let made = LiveCounts.watching {
            for index in 0..<1_000 {
                let window = Window()
                window.title = "window \(index)"
                window.onDestroy {}
                window.onCloseRequest { false }
                window.onWidthChanged { _ in }
                window.onFirstFrame {}
                window.setChild(TextView())
                if index % 100 == 0 { window.present() }  // realised too, with its surface handlers
                window.destroy()
            }
        }
        #expect(made.madeCount >= 6_000, "each window's wrapper, its text view's and its four handlers")
        #expect(settled(made), "\(made.aliveDescription) left")
    }

    @Test("1,000 list views with rows leave nothing alive")
    func listViews() {
        final class Row {}
        let made = LiveCounts.watching {
            for _ in 0..<1_000 {
                let strings = StringList()
                strings.replaceAll(with: ["one", "two", "three"])
                let selection = SingleSelection(model: strings)
                let list = ListView<Row>(selection: selection, makeRow: { (Row(), Label("")) }, bindRow: { _, text in text })
                list.onActivate { _ in }
                selection.onSelectionChanged {}
            }
        }
        #expect(made.madeCount >= 5_000, "each list's model, selection and view, and their two handlers")
        #expect(settled(made), "\(made.aliveDescription) left")
    }

    @Test("1,000 applications, with their handlers and actions, leave nothing alive")
    func applications() {
        let made = LiveCounts.watching {
            for index in 0..<1_000 {
                let application = DesktopApplication(id: "io.github.quire.LifetimeTest\(index)", isUnique: false)
                application.onStartup {}
                application.onActivate {}
                application.onShutdown {}
                application.addAction("act") {}
            }
        }
        #expect(made.madeCount >= 4_000, "each application's wrapper and its three handlers")
        #expect(settled(made), "\(made.aliveDescription) left")
    }

    @Test("a signal connection that outlives its object says it is disconnected, and is harmless to use")
    func connectionOutlivesObject() {
        var connection: SignalConnection?
        do {
            let view = TextView()
            connection = view.connect("destroy") {}
            #expect(connection?.isConnected == true)
        }
        #expect(connection?.isConnected == false, "the object is gone")
        connection?.disconnect()
        var ran = false
        connection?.whileBlocked { ran = true }
        #expect(ran)
    }

    @Test("a finished main-loop source is not pending, and cancelling it leaves later sources alone")
    func sourcesAreTheirOwn() {
        let finished = MainLoop.idle { false }
        #expect(MainLoop.iterate(forAtMost: 2) { !finished.isPending })
        var later = 0
        let next = MainLoop.every(milliseconds: 1) {
            later += 1
            return later < 3
        }
        finished.cancel()  // its id may well be the next one's: it must not cancel that
        #expect(next.isPending)
        #expect(MainLoop.iterate(forAtMost: 2) { later == 3 })
        #expect(!next.isPending)
    }

    @Test("process-wide handlers go with their subscription")
    func subscriptions() {
        let sourcesBefore = LiveCounts.sourceClosures, handlersBefore = LiveCounts.signalHandlers
        let made = LiveCounts.watching {
            let signals = UnixSignals.onTerminationRequest {}
            let memory = MemoryMonitor.onLowMemoryWarning {}
            #expect(LiveCounts.sourceClosures == sourcesBefore + 3)
            #expect(LiveCounts.signalHandlers == handlersBefore + (memory == nil ? 0 : 1))
            _ = signals
        }
        #expect(made.madeCount >= 3, "the three signal sources' closures")
        #expect(settled(made), "\(made.aliveDescription) left")
    }
}
