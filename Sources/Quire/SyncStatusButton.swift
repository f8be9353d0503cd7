import GtkKit

/// A window's header bar button for sync, there only when there is
/// something to say: while a sync runs ("Syncing…"), after one failed (its
/// reason on hover), and after one that left a note of this computer's
/// here (the server refused it: why, on hover). It opens Preferences,
/// where the reason is told in full with Sync Now beside it. The button is
/// made and put in the header bar the first time it has something to show:
/// a hidden button in every header bar made typing in a window whose saves
/// were failing stall (the held-lock attack caught stalls of 130–460 ms
/// with one, none without).
@MainActor
final class SyncStatusButton {
    private weak var header: HeaderBar?
    private var button: Button?
    private var shown: SyncStatus?

    init(in header: HeaderBar, following controller: SyncController) {
        self.header = header
        controller.follow(by: self) { [weak self] in self?.show($0) }
    }

    private func show(_ status: SyncStatus) {
        if case .running = status, case .running = shown { return }  // its progress shows elsewhere
        shown = status
        switch status {
        case let .idle(_, _, notSent?):
            showButton(icon: "dialog-warning-symbolic", saying: localized("A note did not sync"),
                       tooltip: localized("A note did not sync: %s", notSent))
        case .notSetUp, .idle:
            button?.isShown = false
        case .running:
            showButton(icon: "emblem-synchronizing-symbolic", saying: localized("Syncing…"), tooltip: localized("Syncing…"))
        case let .failed(reason):
            showButton(icon: "dialog-warning-symbolic", saying: localized("The last sync failed"),
                       tooltip: localized("The last sync failed: %s", reason))
        }
    }

    /// Shows the button with `icon`, named `label` for screen readers and
    /// `tooltip` on hover, making it first if it is not there yet.
    private func showButton(icon: String, saying label: String, tooltip: String) {
        let button = made()
        button?.setIconName(icon)
        button?.setTooltip(tooltip)
        button?.setAccessibleLabel(label)
        button?.isShown = true
    }

    /// The button, made and put in the header bar if it is not there yet.
    private func made() -> Button? {
        if let button { return button }
        guard let header else { return nil }
        let made = Button(iconName: "emblem-synchronizing-symbolic", action: "app.sync-preferences", name: "", tooltip: "")
        made.addCSSClass("flat")
        header.packEnd(made)
        button = made
        return made
    }
}
