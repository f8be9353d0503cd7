import GtkKit

/// A bar across the top of a window's content that tells the person something
/// that stays true until dealt with, and offers one action: a note that could
/// not be saved (Try Again), text recovered at launch, a window set aside
/// (Reopen), an import under way (with its progress, and Stop). It stays
/// until hidden. Passing news (Undo after Move to Trash) is a toast instead.
@MainActor
final class MessageBar {
    /// The bar's top widget, placed above the editor.
    let root: Widget
    private let revealer = Revealer()
    private let isError: Bool
    /// What the bar shows, made the first time it shows: most windows' bars never do.
    private var parts: (row: Box, message: Label, actionButton: Button)?
    /// Made the first time the bar shows progress: most bars never do.
    private var progress: ProgressBar?
    private var action: (@MainActor () -> Void)?

    /// A hidden bar; `isError` styles its text as an error.
    init(isError: Bool = false) {
        self.isError = isError
        root = revealer
    }

    private func madeParts() -> (row: Box, message: Label, actionButton: Button) {
        if let parts { return parts }
        let row = Box(vertical: false, spacing: 12)
        let message = Label("")
        let actionButton = Button(label: "_OK")
        row.setMargins(8)
        message.setExpands(horizontally: true, vertically: false)
        if isError { message.addCSSClass("error") }
        row.append(message)
        // The button stands in a column of its own: GTK 4.8 lines up the
        // baselines of a row's children when it measures the row for a given
        // width but not for none, so a message of two lines beside a button
        // made the row a pixel taller for any width than at its smallest (a
        // critical as the window works out its smallest size, and overlapping
        // widgets). A vertical box has no baseline.
        let buttonColumn = Box(vertical: true)
        actionButton.centerVertically()
        buttonColumn.append(actionButton)
        row.append(buttonColumn)
        row.addCSSClass("toolbar")
        revealer.setChild(row)
        // Slid all the way out, the row is hidden too: GTK 4.8 leaves a child
        // the revealer no longer shows in the accessibility tree, where a
        // screen reader would still read a message no longer true.
        revealer.observe(property: "child-revealed") { [weak self] in
            guard let self, !revealer.isChildRevealed, !revealer.isRevealed else { return }
            row.isShown = false
        }
        actionButton.onClicked { [weak self] in self?.performAction() }
        parts = (row, message, actionButton)
        return (row, message, actionButton)
    }

    /// What the bar says now ("" while hidden).
    var text: String { revealer.isRevealed ? parts?.message.text ?? "" : "" }

    /// Whether the bar is shown.
    var isShown: Bool { revealer.isRevealed }

    /// Shows `text`, with a button labelled `actionLabel` running `action` (no
    /// button if nil). The button never takes the keyboard focus: the next key typed goes where the
    /// person was typing, not into the action (its label's mnemonic, Alt and the
    /// underlined letter, runs it from the keyboard).
    func show(
        _ text: String, actionLabel: String? = nil, tooltip: String? = nil, action: (@MainActor () -> Void)? = nil
    ) {
        let (row, message, actionButton) = madeParts()
        row.isShown = true
        message.text = text
        progress?.isShown = false
        self.action = action
        actionButton.isShown = actionLabel != nil
        if let actionLabel { actionButton.label = actionLabel }
        if let tooltip { actionButton.setTooltip(tooltip) }
        revealer.isRevealed = true
    }

    /// Shows `text` with a progress bar `fraction` (0 to 1) done, and the button
    /// as `show` does; called again, it moves the bar on.
    func showProgress(
        _ text: String, fraction: Double, actionLabel: String? = nil, action: (@MainActor () -> Void)? = nil
    ) {
        if !(progress?.isShown == true && isShown && parts?.message.text == text) {  // moving the bar on leaves the button alone
            show(text, actionLabel: actionLabel, action: action)
        }
        let bar = progress ?? makeProgressBar()
        bar.fraction = fraction
        bar.isShown = true
    }

    /// Hides the bar; its action is no longer offered.
    func hide() {
        action = nil
        progress?.isShown = false
        revealer.isRevealed = false
    }

    private func makeProgressBar() -> ProgressBar {
        let bar = ProgressBar()
        bar.centerVertically()
        let (row, message, _) = madeParts()
        row.insert(bar, after: message)
        progress = bar
        return bar
    }

    private func performAction() {
        let run = action
        hide()
        run?()
    }
}
