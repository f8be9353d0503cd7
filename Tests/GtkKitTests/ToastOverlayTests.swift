import CGtk
@testable import GtkKit
import Testing

/// Toasts in a shown window: one at a time, urgent ones first, and no order of
/// showing and dismissing, however quick, stops the app (libadwaita 1.2's own
/// overlay wrote to freed memory when a toast went within 200 ms of
/// replacing another).
@MainActor
@Suite("Toast overlay", .serialized)
struct ToastOverlayTests {
    init() throws { try TestToolkit.start() }

    /// An overlay in a shown window, until `body` returns.
    private func inWindow(_ body: (ToastOverlay) throws -> Void) rethrows {
        let overlay = ToastOverlay(child: Button(label: "the window’s content"))
        let window = Window()
        window.setDefaultSize(width: 600, height: 300)
        window.setChild(overlay)
        window.present()
        defer { window.destroy() }
        MainLoop.iterate(forAtMost: 2) { overlay.isMapped }
        try body(overlay)
    }

    /// The overlay's widgets over its child (each a revealer holding a toast).
    private func toastRevealers(of overlay: ToastOverlay) -> Int {
        var count = -1  // the child
        var child = gtk_widget_get_first_child(overlay.widgetPointer)
        while let widget = child {
            count += 1
            child = gtk_widget_get_next_sibling(widget)
        }
        return count
    }

    private func settle(_ seconds: Double = 0.6) { MainLoop.iterate(forAtMost: seconds) { false } }

    /// Runs the main loop until `condition` holds (toasts slide and fade on
    /// frames: a busy machine draws them later); false if it never did in 10 s.
    private func settled(_ condition: @MainActor () -> Bool) -> Bool { MainLoop.iterate(forAtMost: 10, until: condition) }

    private func isMapped(_ toast: Toast) -> Bool { gtk_widget_get_mapped(toast.widget.widgetPointer) != 0 }

    @Test("toasts show one at a time in the order they came; an urgent one shows at once, and the one it put back shows after it")
    func order() {
        inWindow { overlay in
            let first = Toast("first"), second = Toast("second"), urgent = Toast("urgent", urgent: true)
            overlay.show(first)
            overlay.show(second)
            #expect(overlay.current?.toast === first && overlay.waiting.map(\.text) == ["second"])
            overlay.show(urgent)
            #expect(overlay.current?.toast === urgent && overlay.waiting.map(\.text) == ["first", "second"])
            #expect(settled { isMapped(urgent) && !isMapped(first) })
            urgent.dismiss()
            #expect(overlay.current?.toast === first)
            first.dismiss()
            #expect(overlay.current?.toast === second && overlay.waiting.isEmpty)
            second.dismiss()
            first.dismiss()  // twice: nothing more happens
            #expect(overlay.current == nil)
            #expect(settled { toastRevealers(of: overlay) == 0 && overlay.leaving.isEmpty }, "every toast faded out and left")
        }
    }

    @Test("toasts replacing each other and dismissed at once or a few frames later: the app goes on, and the one left shows",
          arguments: [0.0, 0.016, 0.05, 0.1, 0.15, 0.3])
    func quickDismissals(pause: Double) {
        inWindow { overlay in
            let first = Toast("first"), second = Toast("second", urgent: true), third = Toast("third", urgent: true)
            let steps: [@MainActor () -> Void] = [
                { overlay.show(first) },
                { overlay.show(second) },  // puts the first back
                { second.dismiss() },  // the first shows again, from where it was fading out
                { overlay.show(third) },
                { third.dismiss() },
                { overlay.show(second) },  // dismissed once, shown again
                { second.dismiss() },
            ]
            for step in steps {
                step()
                settle(pause)
            }
            #expect(overlay.current?.toast === first && overlay.waiting.isEmpty)
            #expect(settled { isMapped(first) }, "the toast left shows")
            #expect(settled { toastRevealers(of: overlay) == 1 && overlay.leaving.isEmpty }, "the others faded out and left")
        }
    }

    @Test("a toast goes by itself when its seconds are up, not while the keyboard is in it")
    func countdown() throws {
        try inWindow { overlay in
            let held = Toast("held", buttonLabel: "_Undo", seconds: 1)
            overlay.show(held)
            settle(0.4)
            let button = try #require(held.button)
            try #require(button.grabFocus())
            settle(1.5)
            #expect(overlay.current?.toast === held, "the focus in its button holds it")
            _ = gtk_widget_grab_focus(gtk_widget_get_first_child(overlay.widgetPointer))
            #expect(MainLoop.iterate(forAtMost: 3) { overlay.current == nil }, "its seconds count again once the focus left it")
            let passing = Toast("passing", seconds: 1)
            overlay.show(passing)
            #expect(MainLoop.iterate(forAtMost: 3) { overlay.current == nil })
        }
    }

    @Test("a toast dismissed while it still slides in fades out from there and leaves the overlay")
    func dismissedWhileSlidingIn() {
        inWindow { overlay in
            let toast = Toast("going", urgent: true)
            overlay.show(toast)
            settle(0.08)
            toast.dismiss()
            #expect(settled { toastRevealers(of: overlay) == 0 && overlay.leaving.isEmpty && overlay.current == nil })
        }
    }

    @Test("its button runs what it is for, once, and the toast goes")
    func button() throws {
        try inWindow { overlay in
            var pressed = 0
            let toast = Toast("“%s” moved to the trash", naming: "Groceries", buttonLabel: "_Undo", urgent: true)
            toast.onButtonClicked { pressed += 1 }
            overlay.show(toast)
            settle(0.4)
            _ = gtk_widget_activate(try #require(toast.button).widgetPointer)  // as Alt+U: GTK clicks it a moment later
            #expect(MainLoop.iterate(forAtMost: 2) { pressed == 1 } && overlay.current == nil)
            toast.dismiss()
            #expect(pressed == 1)
        }
    }

    @Test("a preferences window shows toasts the same way, over its pages")
    func preferencesWindow() {
        let page = PreferencesPage(title: "Sync", iconName: "emblem-synchronizing-symbolic")
        let window = Window(preferencesTitle: "Preferences", pages: [page])
        window.present()
        defer { window.destroy() }
        MainLoop.iterate(forAtMost: 2) { page.isMapped }
        let first = Toast("Give the server address."), second = Toast("Sync is off.")
        window.showPreferencesToast(first)
        window.showPreferencesToast(second)
        #expect(settled { isMapped(first) && page.isMapped }, "the toast shows over the page")
        first.dismiss()
        #expect(settled { isMapped(second) && !isMapped(first) })
        #expect(page.isMapped)
    }
}
