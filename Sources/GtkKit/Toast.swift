import CGtk

/// A toast: a short message over a window's content, with at most one button
/// (Undo) and a close button, that goes away by itself. Shown by a
/// `ToastOverlay`, drawn as libadwaita draws its own.
///
/// It counts down its seconds only while it shows, and not while the pointer
/// is over it or the keyboard focus is in it, as libadwaita's toasts do.
@MainActor
public final class Toast {
    /// The toast as drawn: its title, its button and its close button.
    let widget: Widget
    /// What it says, all of it (a screen reader reads this).
    public let text: String
    /// Whether it shows at once, putting back any toast already showing.
    public let isUrgent: Bool
    /// The title: one label, or the labels of a toast naming something.
    let title: Widget
    /// The button beside the title (Undo), if it has one.
    let button: Button?
    private let seconds: UInt32
    private var buttonHandlers: [@MainActor () -> Void] = []
    /// Where it shows or waits, until it is dismissed.
    weak var overlay: ToastOverlay?
    private var countdown: MainLoopSource?
    /// Controllers on `widget` saying whether the pointer is over it and the focus in it.
    private let pointerWatch: Object, focusWatch: Object

    /// A toast saying `text` (plain text, not markup) for `seconds`, with a
    /// button labelled `buttonLabel` (an underscore marks its mnemonic letter,
    /// so Alt and that letter press it without moving the keyboard focus).
    /// An urgent toast shows at once, putting back any toast already showing.
    public convenience init(_ text: String, buttonLabel: String? = nil, seconds: UInt32 = 5, urgent: Bool = false) {
        let label = Label(text)
        // As libadwaita's: the keyboard resting in the text would hold the toast for good.
        label.isSelectable = false
        // A message longer than a line (an error's reason) wraps rather than lose its end.
        label.makeWrapping(lines: 4, charactersPerLine: Toast.charactersPerLine)
        label.addCSSClass("heading")  // as libadwaita's own title
        self.init(title: label, text: text, buttonLabel: buttonLabel, seconds: seconds, urgent: urgent)
        if text.unicodeScalars.count > Toast.charactersPerLine { widget.addCSSClass("wrapped") }
    }

    /// About how many characters a line of a toast's message holds.
    static let charactersPerLine: Int32 = 50

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
        guard parts.count == 2 else {
            self.init(format, buttonLabel: buttonLabel, seconds: seconds, urgent: urgent)
            return
        }
        let whole = parts.joined(separator: name)
        let title = Box(vertical: false)
        title.addCSSClass("heading")
        title.setAccessibleLabel(whole)
        for (text, shrinks) in [(parts[0], false), (name, true), (parts[1], false)] where !text.isEmpty {
            let label = Label(text)
            label.makeSingleLine(ellipsized: shrinks, inTheMiddle: inTheMiddle)
            title.append(label)
        }
        self.init(title: title, text: whole, buttonLabel: buttonLabel, seconds: seconds, urgent: urgent)
    }

    private init(title: Widget, text: String, buttonLabel: String?, seconds: UInt32, urgent: Bool) {
        self.title = title
        self.text = text
        self.seconds = seconds
        isUrgent = urgent
        widget = Widget(retaining: cgtk_toast_box_new())
        pointerWatch = Object(retaining: cgtk_widget_add_pointer_watch(widget.objectPointer))
        focusWatch = Object(retaining: cgtk_widget_add_focus_watch(widget.objectPointer))
        let box = cgtk_as_box(widget.objectPointer)
        let titleHolder = Widget(retaining: adw_bin_new())  // "toast > widget" in the stylesheet
        adw_bin_set_child(cgtk_as_bin(titleHolder.objectPointer), title.widgetPointer)
        gtk_widget_set_hexpand(titleHolder.widgetPointer, 1)
        gtk_widget_set_halign(titleHolder.widgetPointer, GTK_ALIGN_FILL)  // a wrapping message takes all the width it has
        gtk_box_append(box, titleHolder.widgetPointer)
        button = buttonLabel.map(Button.init(label:))
        if let button {
            button.centerVertically()
            gtk_widget_set_focus_on_click(button.widgetPointer, 0)
            gtk_box_append(box, button.widgetPointer)
        }
        let close = Button(iconName: "window-close-symbolic", action: nil, name: Toast.closeName, tooltip: Toast.closeName)
        close.centerVertically()
        close.addCSSClass("circular")
        close.addCSSClass("flat")
        gtk_widget_set_focus_on_click(close.widgetPointer, 0)
        gtk_box_append(box, close.widgetPointer)
        close.onClicked { [weak self] in self?.dismiss() }
        button?.onClicked { [weak self] in self?.buttonClicked() }
        for (watch, property) in [(pointerWatch, "contains-pointer"), (focusWatch, "contains-focus")] {
            watch.observe(property: property) { [weak self] in self?.restartCountdown() }
        }
    }

    isolated deinit { countdown?.cancel() }

    /// GTK's own word for a close button, in the person's language, from
    /// GTK's translations (not the app's: nothing for the app to translate).
    private static var closeName: String {
        "Close".withCString { word in "gtk40".withCString { String(cString: dgettext($0, word)) } }
    }

    /// Takes the toast away now, or out of the queue if it waits there.
    public func dismiss() { overlay?.dismiss(self) }

    /// Calls `handler` when the toast's button is pressed (the toast then goes).
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) { buttonHandlers.append(handler) }

    /// Presses the toast's button, as a click would, if the toast shows now;
    /// whether it did (false for a toast gone, or waiting its turn).
    @discardableResult
    public func pressButton() -> Bool {
        guard isShowing, !buttonHandlers.isEmpty else { return false }
        buttonClicked()
        return true
    }

    private func buttonClicked() {
        for handler in buttonHandlers { handler() }
        dismiss()
    }

    /// Counts the toast's seconds again from the start if it shows, with the
    /// pointer and the keyboard elsewhere; else stops counting. Its overlay
    /// calls it whenever the toast starts or stops showing.
    func restartCountdown() {
        countdown?.cancel()
        countdown = nil
        guard isShowing, seconds > 0, !isHeld else { return }
        countdown = MainLoop.after(milliseconds: seconds * 1_000) { [weak self] in self?.dismiss() }
    }

    /// Whether the toast shows now (not waiting, not gone).
    private var isShowing: Bool { overlay?.current?.toast === self }

    /// Whether the pointer is over the toast or the keyboard focus in it.
    private var isHeld: Bool {
        cgtk_pointer_watch_contains_pointer(pointerWatch.objectPointer) != 0
            || cgtk_focus_watch_contains_focus(focusWatch.objectPointer) != 0
    }
}
