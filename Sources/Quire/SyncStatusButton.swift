import GtkKit

/// A window's header bar button for sync, shown only when there is
/// something to say: while a sync runs ("Syncing…"), and after one failed
/// (its reason on hover). It opens Preferences, where the reason is told in
/// full with Sync Now beside it.
@MainActor
final class SyncStatusButton {
    let root = Button(iconName: "emblem-synchronizing-symbolic", action: "app.preferences", name: "", tooltip: "")

    init(following controller: SyncController) {
        root.isShown = false
        root.addCSSClass("flat")
        controller.follow(by: self) { [weak self] in self?.show($0) }
    }

    private func show(_ status: SyncStatus) {
        switch status {
        case .notSetUp, .idle:
            root.isShown = false
        case .running:
            root.setIconName("emblem-synchronizing-symbolic")
            root.setTooltip(localized("Syncing…"))
            root.setAccessibleLabel(localized("Syncing…"))
            root.isShown = true
        case let .failed(reason):
            root.setIconName("dialog-warning-symbolic")
            root.setTooltip(localized("The last sync failed: %s", reason))
            root.setAccessibleLabel(localized("The last sync failed"))
            root.isShown = true
        }
    }
}
