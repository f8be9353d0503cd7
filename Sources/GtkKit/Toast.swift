import CGtk

/// A libadwaita toast: a short message over a window's content, with at most
/// one button (Undo), that goes away by itself. Shown by a `ToastOverlay`.
@MainActor
public final class Toast: Object {
    /// A toast saying `text` (plain text, not markup) for `seconds`, with a
    /// button labelled `buttonLabel` (an underscore marks its mnemonic letter,
    /// so Alt and that letter press it without moving the keyboard focus).
    /// An urgent toast shows at once, putting back any toast already showing.
    public init(_ text: String, buttonLabel: String? = nil, seconds: UInt32 = 5, urgent: Bool = false) {
        // libadwaita 1.2 reads a toast's title as markup.
        super.init(adopting: UnsafeMutableRawPointer(adw_toast_new(Label.escape(text))))
        if let buttonLabel { adw_toast_set_button_label(toastPointer, buttonLabel) }
        adw_toast_set_timeout(toastPointer, seconds)
        if urgent { adw_toast_set_priority(toastPointer, ADW_TOAST_PRIORITY_HIGH) }
    }

    /// A toast saying `format` with its `%s` replaced by `name` (a note's
    /// title), where only the name is cut with "…" when the toast is too
    /// narrow for the whole message, so what was done always shows:
    /// "“Meeting no…” moved to the trash", never "“Meeting notes” moved to…".
    /// A name cut `inTheMiddle` (a path) keeps its start and its end.
    public convenience init(
        _ format: String, naming name: String, inTheMiddle: Bool = false,
        buttonLabel: String? = nil, seconds: UInt32 = 5, urgent: Bool = false
    ) {
        let parts = format.split(separator: "%s", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let whole = parts.joined(separator: name)
        self.init(whole, buttonLabel: buttonLabel, seconds: seconds, urgent: urgent)
        guard parts.count == 2 else { return }
        let title = Box(vertical: false)
        title.addCSSClass("heading")  // as libadwaita's own title
        title.setAccessibleLabel(whole)
        for (text, shrinks) in [(parts[0], false), (name, true), (parts[1], false)] where !text.isEmpty {
            let label = Label(text)
            label.makeSingleLine(ellipsized: shrinks, inTheMiddle: inTheMiddle)
            title.append(label)
        }
        adw_toast_set_custom_title(toastPointer, title.widgetPointer)
    }

    var toastPointer: OpaquePointer { cgtk_as_toast(objectPointer) }

    /// Takes the toast away now, or out of the queue if it waits there.
    public func dismiss() { adw_toast_dismiss(toastPointer) }

    /// Calls `handler` when the toast's button is pressed (the toast then goes).
    @discardableResult
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("button-clicked", handler)
    }
}
