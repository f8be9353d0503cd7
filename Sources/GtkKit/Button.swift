import CGtk

/// A GtkButton with a text label.
@MainActor
public final class Button: Widget {
    /// A button showing `label` (an underscore marks the mnemonic letter).
    public init(label: String) {
        super.init(retaining: gtk_button_new_with_mnemonic(label))
    }

    /// Calls `handler` when the button is clicked or activated from the keyboard.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", handler)
    }
}
