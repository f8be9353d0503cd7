import GtkKit

/// A question over a window, for actions that cannot be undone: libadwaita's
/// message dialog with Cancel and the action. Cancel is the default, so a
/// stray Return changes nothing; Escape cancels; Alt and the action's
/// underlined letter confirms.
@MainActor
enum ConfirmationDialog {
    /// Dialogs open now, kept until answered.
    private static var open: [ObjectIdentifier: MessageDialog] = [:]

    /// Asks `question`, explaining `detail`, over `parent`; runs `confirm` only if
    /// the person chooses `confirmLabel`, and `cancel` (if given) otherwise,
    /// including when the dialog is closed.
    static func ask(
        over parent: Window, question: String, detail: String, confirmLabel: String,
        cancelLabel: String = localized("_Cancel"), cancel: (@MainActor () -> Void)? = nil,
        confirm: @escaping @MainActor () -> Void
    ) {
        let dialog = MessageDialog(over: parent, heading: question, body: detail)
        dialog.addResponse("cancel", label: cancelLabel)
        dialog.addResponse("confirm", label: confirmLabel, isDestructive: true)
        dialog.setResponses(default: "cancel", close: "cancel")
        let key = ObjectIdentifier(dialog)
        open[key] = dialog
        dialog.onResponse { response in
            guard open.removeValue(forKey: key) != nil else { return }  // answered once
            if response == "confirm" { confirm() } else { cancel?() }
        }
        dialog.present()
    }
}
