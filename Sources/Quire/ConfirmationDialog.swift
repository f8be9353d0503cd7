import GtkKit

/// A small modal question over a window, for actions that cannot be undone.
/// Cancel has the focus, so a stray Return changes nothing.
@MainActor
final class ConfirmationDialog {
    private static var open: [ObjectIdentifier: ConfirmationDialog] = [:]
    private let window = Window()

    /// Asks `question`, explaining `detail`, over `parent`; runs `confirm` only if
    /// the person chooses `confirmLabel`.
    static func ask(
        over parent: Window, question: String, detail: String, confirmLabel: String,
        confirm: @escaping @MainActor () -> Void
    ) {
        let dialog = ConfirmationDialog(question: question, detail: detail, confirmLabel: confirmLabel, confirm: confirm)
        dialog.window.makeDialog(of: parent, modal: true)
        open[ObjectIdentifier(dialog)] = dialog
        dialog.window.onDestroy { open[ObjectIdentifier(dialog)] = nil }
        dialog.window.present()
    }

    private init(question: String, detail: String, confirmLabel: String, confirm: @escaping @MainActor () -> Void) {
        window.title = question
        let content = Box(vertical: true, spacing: 18)
        content.setMargins(24)
        let heading = Label("")
        heading.setMarkup("<b>\(Label.escape(question))</b>")
        content.append(heading)
        content.append(Label(detail))
        let buttons = Box(vertical: false, spacing: 12)
        buttons.alignToEnd()
        let cancel = Button(label: localized("_Cancel"))
        let confirmButton = Button(label: confirmLabel)
        confirmButton.addCSSClass("destructive-action")
        buttons.append(cancel)
        buttons.append(confirmButton)
        content.append(buttons)
        window.setChild(content)
        cancel.onClicked { [window] in window.destroy() }
        confirmButton.onClicked { [window] in
            window.destroy()
            confirm()
        }
        cancel.grabFocus()
    }
}
