import CGtk

/// Shows `Toast`s at the bottom of its child, one at a time, in the order they
/// came; an urgent one at once, putting back the one showing, which shows
/// again after it. Escape, when nothing inside took it, dismisses the toast
/// showing.
///
/// GTK's own overlay and revealers, not libadwaita's toast overlay: in
/// libadwaita 1.2 a toast dismissed while it still slides in (in the same
/// frame, or within 200 ms when it replaced another) is freed before its
/// slide ends, and the end then writes to freed memory; a toast put back and
/// dismissed again as quickly trips an assertion. Both stop the app (fixed in
/// libadwaita 1.3).
@MainActor
public final class ToastOverlay: Widget {
    /// The toast showing, in the revealer that will fade it out.
    private(set) var current: (toast: Toast, revealer: Revealer)?
    /// Toasts waiting their turn, first in line first.
    private(set) var waiting: [Toast] = []
    /// Revealers still fading out a toast that went.
    private(set) var leaving: [Revealer] = []

    /// A widget at the bottom of the child that toasts show above while it
    /// shows (buttons a toast would cover), or nil. Set again when it shows
    /// or hides: the toast showing moves at once.
    public weak var keptClear: Widget? {
        didSet { if let revealer = current?.revealer { liftAboveKeptClear(revealer) } }
    }

    /// An overlay over `child`.
    public init(child: Widget) {
        super.init(retaining: gtk_overlay_new())
        gtk_overlay_set_child(cgtk_as_overlay(objectPointer), child.widgetPointer)
        onKeyPress(afterChildren: true) { [weak self] key in
            guard key.name == "Escape", key.isPlain, let toast = self?.current?.toast else { return false }
            toast.dismiss()
            return true
        }
    }

    /// Shows `toast` (or queues it behind the one showing). Shown again while
    /// it shows, its seconds count from the start; an urgent one waiting
    /// shows at once.
    public func show(_ toast: Toast) {
        if toast.overlay === self {
            if current?.toast === toast {
                toast.restartCountdown()
            } else if toast.isUrgent {
                waiting.removeAll { $0 === toast }
                putBackCurrent()
                present(toast)
            }
            return
        }
        guard toast.overlay == nil else { return }  // it shows in another window until dismissed
        toast.overlay = self
        if current == nil {
            present(toast)
        } else if toast.isUrgent {
            putBackCurrent()
            present(toast)
        } else {
            waiting.append(toast)
        }
    }

    /// Takes `toast` away (the next one waiting shows), or out of the queue.
    func dismiss(_ toast: Toast) {
        guard toast.overlay === self else { return }
        toast.overlay = nil
        if current?.toast === toast {
            hideCurrent()
            if !waiting.isEmpty { present(waiting.removeFirst()) }
        } else {
            waiting.removeAll { $0 === toast }
        }
    }

    /// The toast showing goes back to the head of the queue.
    private func putBackCurrent() {
        guard let shown = current?.toast else { return }
        hideCurrent()
        waiting.insert(shown, at: 0)
    }

    private func present(_ toast: Toast) {
        // A toast put back and shown again before it faded out leaves that revealer now.
        if let parent = gtk_widget_get_parent(toast.widget.widgetPointer) {
            gtk_revealer_set_child(cgtk_as_revealer(UnsafeMutableRawPointer(parent)), nil)
            if let old = leaving.first(where: { $0.widgetPointer == parent }) { remove(old) }
        }
        // Shown at once, so its button's mnemonic (Alt+U) works straight
        // away; it slides in by the style sheet's animation.
        ToastOverlay.styleSheet = ToastOverlay.styleSheet ?? StyleSheet(ToastOverlay.style)
        let revealer = Revealer(child: toast.widget)
        gtk_widget_set_halign(revealer.widgetPointer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(revealer.widgetPointer, GTK_ALIGN_END)
        revealer.setFade(milliseconds: 0)
        liftAboveKeptClear(revealer)
        gtk_overlay_add_overlay(cgtk_as_overlay(objectPointer), revealer.widgetPointer)
        current = (toast, revealer)
        revealer.isRevealed = true
        toast.restartCountdown()
    }

    private func hideCurrent() {
        guard let (toast, revealer) = current else { return }
        current = nil
        toast.restartCountdown()  // stops it
        gtk_widget_set_can_target(revealer.widgetPointer, 0)
        leaving.append(revealer)
        revealer.setFade(milliseconds: ToastOverlay.fadeMilliseconds)
        revealer.isRevealed = false
        // Off the overlay once faded out.
        fadeTimers.removeAll { !$0.isPending }
        fadeTimers.append(MainLoop.after(milliseconds: ToastOverlay.fadeMilliseconds + 50) { [weak self, weak revealer] in
            if let self, let revealer { self.remove(revealer) }
        })
    }

    /// The timers taking faded toasts off, cancelled with the overlay.
    private var fadeTimers: [MainLoopSource] = []

    isolated deinit {
        for timer in fadeTimers { timer.cancel() }
    }

    private static let fadeMilliseconds: UInt32 = 200

    /// A toast slides up into place, fading in, when it first shows; one
    /// whose message wraps is a rounded box, not libadwaita's pill.
    private static let style = """
        @keyframes gtkkit-toast-arrives { from { opacity: 0; transform: translateY(48px); } }
        toast { animation: gtkkit-toast-arrives 300ms ease-out; }
        toast.wrapped { border-radius: 18px; }
        """
    private static var styleSheet: StyleSheet?

    /// Puts `revealer` above `keptClear` (its height, margins included), or at the bottom.
    private func liftAboveKeptClear(_ revealer: Revealer) {
        var height: Int32 = 0
        if let keptClear, keptClear.isShown {
            gtk_widget_measure(keptClear.widgetPointer, GTK_ORIENTATION_VERTICAL, -1, nil, &height, nil, nil)
        }
        gtk_widget_set_margin_bottom(revealer.widgetPointer, height)
    }

    /// Takes a revealer that finished fading out off the overlay.
    private func remove(_ revealer: Revealer) {
        guard let index = leaving.firstIndex(where: { $0 === revealer }) else { return }
        leaving.remove(at: index)
        gtk_overlay_remove_overlay(cgtk_as_overlay(objectPointer), revealer.widgetPointer)
    }
}
