import GtkKit

/// A question answered with a line of text: a message dialog over a window
/// with one entry (holding `text`, the keyboard in it), Cancel, and one
/// suggested answer that Return in the entry gives too.
@MainActor
enum TextQuestion {
    /// Asks over `window`; `answered` hears the entry's text once the person
    /// gives the answer labelled `answer`, or nil once they cancel. Returns the
    /// dialog, shown, for the caller to keep until it is answered.
    static func ask(
        over window: Window, heading: String, body: String, field: String, text: String, answer: String,
        answered: @escaping @MainActor (String?) -> Void
    ) -> MessageDialog {
        let dialog = MessageDialog(over: window, heading: heading, body: body)
        let entry = EntryRow(title: field)
        entry.text = text
        let group = PreferencesGroup(title: "")
        group.add(entry)
        dialog.setExtraChild(group)
        dialog.addResponse("cancel", label: localized("_Cancel"))
        dialog.addResponse("answer", label: answer)
        dialog.suggest("answer")
        dialog.setResponses(default: "answer", close: "cancel")
        entry.onEntryActivated { [weak dialog] in dialog?.respond("answer") }
        dialog.onResponse { response in answered(response == "answer" ? entry.text : nil) }
        dialog.present()
        _ = entry.grabFocus()
        return dialog
    }
}
