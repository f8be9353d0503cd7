import GtkKit

/// A small modal question over a window, for actions that cannot be undone.
/// Cancel has the focus, so a stray Return changes nothing; Escape cancels.
@MainActor
final class ConfirmationDialog {
    private static var open: [ObjectIdentifier: ConfirmationDialog] = [:]
    private let window = Window()

    /// Asks `question`, explaining `detail`, over `parent`; runs `confirm` only if
    /// the person chooses `confirmLabel`, and `cancel` (if given) otherwise,
    /// including when the dialog is closed.
    static func ask(
        over parent: Window, question: String, detail: String, confirmLabel: String,
        cancelLabel: String = localized("_Cancel"), cancel: (@MainActor () -> Void)? = nil,
        confirm: @escaping @MainActor () -> Void
    ) {
        let dialog = ConfirmationDialog(
            question: question, detail: detail, confirmLabel: confirmLabel, cancelLabel: cancelLabel,
            cancel: cancel, confirm: confirm)
        dialog.window.makeDialog(of: parent, modal: true)
        open[ObjectIdentifier(dialog)] = dialog
        dialog.window.onDestroy { open[ObjectIdentifier(dialog)] = nil }
        dialog.window.present()
    }

    private init(
        question: String, detail: String, confirmLabel: String, cancelLabel: String,
        cancel: (@MainActor () -> Void)?, confirm: @escaping @MainActor () -> Void
    ) {
        window.title = question
        let content = Box(vertical: true, spacing: 18)
        content.setMargins(24)
        let heading = Label("")
        heading.setMarkup("<b>\(Label.escape(question))</b>")
        content.append(heading)
        let explanation = Label(detail)
        explanation.limitWidth(toCharacters: 60)
        content.append(explanation)
        let buttons = Box(vertical: false, spacing: 12)
        buttons.alignToEnd()
        let cancelButton = Button(label: cancelLabel)
        let confirmButton = Button(label: confirmLabel)
        confirmButton.addCSSClass("destructive-action")
        buttons.append(cancelButton)
        buttons.append(confirmButton)
        content.append(buttons)
        window.setChild(content)
        var confirmed = false
        cancelButton.onClicked { [window] in window.destroy() }
        confirmButton.onClicked { [window] in
            confirmed = true
            window.destroy()
            confirm()
        }
        window.onDestroy { if !confirmed { cancel?() } }
        window.addShortcut("Escape", action: "window.close")  // Escape cancels, as closing does
        cancelButton.grabFocus()
    }
}
