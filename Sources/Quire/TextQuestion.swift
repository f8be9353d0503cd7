import GtkKit

/// A question answered with a line of text: a message dialog over a window
/// with one entry (holding `text`, the keyboard in it), Cancel, and one
/// suggested answer that Return in the entry gives too. Given `choices`
/// (the categories there are), it lists them under the entry, narrowed to
/// those holding what is typed; a click on one (or Return on it) answers
/// with it.
@MainActor
enum TextQuestion {
    /// Asks over `window`; `answered` hears the entry's text once the person
    /// gives the answer labelled `answer` (or picks one of `choices`), or nil
    /// once they cancel. Returns the dialog, shown, for the caller to keep
    /// until it is answered.
    static func ask(
        over window: Window, heading: String, body: String, field: String, text: String, answer: String,
        choices: [String] = [], answered: @escaping @MainActor (String?) -> Void
    ) -> MessageDialog {
        let dialog = MessageDialog(over: window, heading: heading, body: body)
        let entry = EntryRow(title: field)
        entry.text = text
        let group = PreferencesGroup(title: "")
        group.add(entry)
        if choices.isEmpty {
            dialog.setExtraChild(group)
        } else {
            let content = Box(vertical: true, spacing: 12)
            group.setHorizontalMargins(start: 2, end: 2)  // as the list's, which leave its edges room in the scrolling
            content.append(group)
            content.append(choiceList(choices, filteredBy: entry, unlessItHolds: text) { [weak dialog, weak entry] choice in
                entry?.text = choice
                dialog?.respond("answer")
            })
            dialog.setExtraChild(content)
        }
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

    /// A row for each of `choices`, scrolling past a few, each calling
    /// `picked` when activated; as `entry` changes from `initial`, only the
    /// rows holding its text (in any case) stay, and the list hides when none does.
    private static func choiceList(
        _ choices: [String], filteredBy entry: EntryRow, unlessItHolds initial: String,
        picked: @escaping @MainActor (String) -> Void
    ) -> Widget {
        let list = PreferencesGroup(title: "")
        list.setMargins(2)  // the boxed list's border and shadow, drawn around it, stay inside the scrolling
        let rows = choices.map { choice in
            let row = ActionRow(title: choice)
            row.onActivated { picked(choice) }
            list.add(row)
            return (choice.lowercased(), row)
        }
        let scrolled = ScrolledWindow()
        scrolled.fitHeight(upTo: 220)
        scrolled.setChild(list)
        entry.onTextChanged { [weak entry, weak scrolled] in
            guard let entry else { return }
            let typed = entry.text.trimmingSpaces().lowercased()
            let showsAll = entry.text == initial || typed.isEmpty
            for (choice, row) in rows { row.isShown = showsAll || choice.contains(typed) }
            scrolled?.isShown = rows.contains { $0.1.isShown }
        }
        return scrolled
    }
}
