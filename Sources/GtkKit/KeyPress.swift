import CGtk

/// A key pressed, as a key handler sees it: the key's name ("Return", "Tab",
/// "ISO_Left_Tab" for Shift+Tab, "a") and the modifiers held with it. Valid
/// only while the handler runs.
public struct KeyPress {
    /// GDK's name for the key.
    public let name: String
    /// Whether Ctrl was held.
    public let control: Bool
    /// Whether Shift was held.
    public let shift: Bool
    /// Whether Alt was held.
    public let alt: Bool
    /// Whether Super, Meta or Hyper was held.
    public let otherModifiers: Bool

    /// Whether the key was pressed with no modifier at all.
    public var isPlain: Bool { !control && !shift && !alt && !otherModifiers }

    /// The key controller handling it (for a text view's input method).
    let controller: UnsafeMutableRawPointer?

    /// Hands the key to `widget` as if it had the focus (its input method
    /// too), for a key that reached a window before the widget meant for it
    /// was there; whether `widget` took it.
    @MainActor
    public func forward(to widget: Widget) -> Bool {
        guard let controller else { return false }
        return cgtk_key_forward(controller, widget.objectPointer) != 0
    }

    /// Whether the key opens a context menu, as a right-click does: Menu, or Shift+F10.
    public var opensContextMenu: Bool {
        name == "Menu" && isPlain || name == "F10" && shift && !control && !alt && !otherModifiers
    }

    /// Whether Alt was the only modifier held.
    public var isAltOnly: Bool { alt && !control && !shift && !otherModifiers }

    /// When the key was pressed, in the windowing system's milliseconds
    /// (`Toolkit.eventMilliseconds` tells the time now on the same clock).
    public var time: UInt32 { controller.map { cgtk_controller_event_time($0) } ?? 0 }
}
