import CGtk

/// A GtkWidget.
@MainActor
public class Widget: Object {
    /// The wrapped widget.
    var widgetPointer: UnsafeMutablePointer<GtkWidget> { cgtk_as_widget(objectPointer) }

    /// Gives the widget keyboard focus; returns whether it took it.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widgetPointer) != 0 }

    /// Whether the widget currently has keyboard focus.
    public var hasFocus: Bool { gtk_widget_has_focus(widgetPointer) != 0 }

    /// Whether the keyboard focus is on the widget or on something inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widgetPointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widgetPointer || gtk_widget_is_ancestor(focus, widgetPointer) != 0
    }

    /// Adds a CSS class, for the style sheet.
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widgetPointer, name) }

    /// Removes a CSS class (nothing happens if the widget does not have it).
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widgetPointer, name) }

    /// Margins on all four sides, in pixels.
    public func setMargins(_ pixels: Int32) {
        gtk_widget_set_margin_top(widgetPointer, pixels)
        gtk_widget_set_margin_bottom(widgetPointer, pixels)
        gtk_widget_set_margin_start(widgetPointer, pixels)
        gtk_widget_set_margin_end(widgetPointer, pixels)
    }

    /// Margins at the start and the end of the line, in pixels (the left and
    /// right in a left-to-right language).
    public func setHorizontalMargins(start: Int32, end: Int32) {
        gtk_widget_set_margin_start(widgetPointer, start)
        gtk_widget_set_margin_end(widgetPointer, end)
    }

    /// The narrowest the widget may be, in pixels.
    public func setMinimumWidth(_ pixels: Int32) {
        gtk_widget_set_size_request(widgetPointer, pixels, -1)
    }

    /// Whether the widget takes spare space in each direction.
    public func setExpands(horizontally: Bool, vertically: Bool) {
        gtk_widget_set_hexpand(widgetPointer, horizontally ? 1 : 0)
        gtk_widget_set_vexpand(widgetPointer, vertically ? 1 : 0)
    }

    /// The name screen readers announce for the widget, such as "Search notes".
    public func setAccessibleLabel(_ label: String) { cgtk_accessible_set_label(objectPointer, label) }

    /// Makes a labelled button's accessible name its visible label alone ("New Note").
    func takeAccessibleNameFromContent() { cgtk_accessible_name_from_content(objectPointer) }

    /// Text shown when the pointer rests on the widget (and read by screen readers).
    public func setTooltip(_ text: String) {
        // When a shown widget's tooltip changes, GTK asks the display where the
        // pointer is, to show the new tooltip at once: on X11 two round trips
        // to the server, for every button of every window opened. A widget not
        // on screen yet has no tooltip to show, so it gets its own while hidden.
        let notOnScreenYet = gtk_widget_get_realized(widgetPointer) == 0 && gtk_widget_get_visible(widgetPointer) != 0
            && gtk_widget_is_focus(widgetPointer) == 0
        if notOnScreenYet { gtk_widget_set_visible(widgetPointer, 0) }
        gtk_widget_set_tooltip_text(widgetPointer, text)
        if notOnScreenYet { gtk_widget_set_visible(widgetPointer, 1) }
    }

    /// Aligns the widget at the end of its space, horizontally.
    public func alignToEnd() { gtk_widget_set_halign(widgetPointer, GTK_ALIGN_END) }

    /// Centres the widget vertically in the room it is given, at its natural height.
    public func centerVertically() { gtk_widget_set_valign(widgetPointer, GTK_ALIGN_CENTER) }

    /// Whether the widget is shown.
    public var isShown: Bool {
        get { gtk_widget_get_visible(widgetPointer) != 0 }
        set { gtk_widget_set_visible(widgetPointer, newValue ? 1 : 0) }
    }

    /// The widget's width as last laid out, in pixels (0 before it is).
    public var width: Int32 { gtk_widget_get_width(widgetPointer) }

    /// Whether the widget is on screen: shown, and its window mapped (and so laid out).
    public var isMapped: Bool { gtk_widget_get_mapped(widgetPointer) != 0 }

    /// Whether the widget responds to input (insensitive widgets are greyed out).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widgetPointer) != 0 }
        set { gtk_widget_set_sensitive(widgetPointer, newValue ? 1 : 0) }
    }

    /// Makes `trigger` (GTK's notation: "Delete", "<Alt>Delete") activate the
    /// action `action` ("app.move-to-trash") while the keyboard focus is in
    /// this widget, and only there: a key that means something else in a text
    /// field elsewhere in the window keeps its meaning.
    public func addShortcut(_ trigger: String, action: String) {
        let added = cgtk_widget_add_shortcut(objectPointer, trigger, action) != 0
        precondition(added, "not a shortcut trigger: \(trigger)")
    }

    /// Calls `handler` each time the keyboard focus enters the widget.
    public func onFocusEnter(_ handler: @escaping @MainActor () -> Void) {
        boxingHandler(handler) { data, release in
            cgtk_widget_on_focus_enter(objectPointer, { _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release)
        }
    }

    /// Calls `handler(x, y)` when the widget is right-clicked, at that point.
    public func onSecondaryClick(_ handler: @escaping @MainActor (Double, Double) -> Void) {
        onMouseButton(.secondary, released: false, handler)
    }

    /// Calls `handler` once, after the next frame of the widget's window is
    /// painted; nothing if the widget is not realized (it has no frame
    /// clock). With `requestingOne`, that frame comes at the clock's next
    /// tick even if nothing asked to be redrawn (it then paints nothing
    /// more): a way to let every redraw asked for so far reach the screen
    /// first. Returns whether the handler will be called. The handler then
    /// disconnects itself: GDK may keep a closed window's frame clock alive a
    /// while, and nothing of ours should live on it.
    @discardableResult
    public func onNextFrame(requestingOne: Bool = false, _ handler: @escaping @MainActor () -> Void) -> Bool {
        guard let clock = cgtk_widget_frame_clock(objectPointer) else { return false }
        let connection = ConnectionHolder()
        connection.value = Object(retaining: clock).connect("after-paint") {
            handler()
            connection.value?.disconnect()
            connection.value = nil
        }
        if requestingOne { cgtk_frame_clock_request_after_paint(clock) }
        return true
    }

    /// Calls `handler` for each key pressed while the widget has the focus,
    /// before the widget handles it itself; returning true keeps the key from it.
    public func onKeyPress(_ handler: @escaping @MainActor (KeyPress) -> Bool) {
        onKeyPress(afterChildren: false, handler)
    }

    /// Calls `handler` for each key pressed while the widget has the focus:
    /// before the widget handles it, or, `afterChildren`, only for keys no
    /// widget inside it took. Returning true stops the key there.
    func onKeyPress(afterChildren: Bool, _ handler: @escaping @MainActor (KeyPress) -> Bool) {
        boxingHandler(handler) { data, release in
            cgtk_widget_on_key_pressed(objectPointer, afterChildren ? 1 : 0, { controller, keyval, _, state, data in
                let name = gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
                let press = KeyPress(
                    name: name, control: cgtk_modifiers_control(state) != 0, shift: cgtk_modifiers_shift(state) != 0,
                    alt: cgtk_modifiers_alt(state) != 0, otherModifiers: cgtk_modifiers_other(state) != 0, controller: controller)
                return MainActor.assumeIsolated { ClosureBox<@MainActor (KeyPress) -> Bool>.from(data).closure(press) } ? 1 : 0
            }, data, release)
        }
    }

    /// Calls `handler` with the position of each press of `button` on the
    /// widget, and whether Ctrl was held, before the widget's own gestures see
    /// it (a text view's take every click for themselves).
    public func onMousePressFirst(_ button: MouseButton, _ handler: @escaping @MainActor (Double, Double, Bool) -> Void) {
        boxingHandler(handler) { data, release in
            cgtk_widget_on_click(objectPointer, button.rawValue, "pressed", 1, { gesture, _, x, y, data in
                let control = cgtk_controller_control_held(gesture) != 0
                MainActor.assumeIsolated { ClosureBox<@MainActor (Double, Double, Bool) -> Void>.from(data).closure(x, y, control) }
            }, data, release)
        }
    }

    /// Calls `handler(x, y)` when `button` is pressed (or, if `released`, let go)
    /// over the widget, at that point, before the widgets around it act on it.
    public func onMouseButton(
        _ button: MouseButton, released: Bool, _ handler: @escaping @MainActor (Double, Double) -> Void
    ) {
        boxingHandler(handler) { data, release in
            cgtk_widget_on_click(objectPointer, button.rawValue, released ? "released" : "pressed", 0, { _, _, x, y, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor (Double, Double) -> Void>.from(data).closure(x, y) }
            }, data, release)
        }
    }

    /// Activates the action `name` ("app.new-note") as the widget sees it:
    /// among its window's and its app's actions, as a menu item inside it would.
    public func activateAction(_ name: String) {
        _ = gtk_widget_activate_action_variant(widgetPointer, name, nil)
    }

    /// Lets text be dropped on the widget (a `TextDragSource`'s, another
    /// app's); `handler(text)` hears each drop and returns whether it took it.
    public func onTextDrop(_ handler: @escaping @MainActor (String) -> Bool) {
        boxingHandler(handler) { data, release in
            cgtk_widget_on_text_drop(objectPointer, { _, value, _, _, data in
                guard let text = cgtk_dropped_text(value) else { return 0 }
                let dropped = String(cString: text)
                return MainActor.assumeIsolated { ClosureBox<@MainActor (String) -> Bool>.from(data).closure(dropped) } ? 1 : 0
            }, data, release)
        }
    }
}
