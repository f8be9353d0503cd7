import CGtk

/// A GtkScrolledWindow: scrolls one child.
@MainActor
public final class ScrolledWindow: Widget {
    /// An empty scrolled window.
    public init() {
        super.init(retaining: gtk_scrolled_window_new())
    }

    /// The scrolled child.
    public func setChild(_ child: Widget?) {
        gtk_scrolled_window_set_child(cgtk_as_scrolled_window(objectPointer), child?.widgetPointer)
    }

    /// Takes the child's height, up to `pixels`, scrolling (vertically only)
    /// only when the child is taller: a short list shows whole, a long one
    /// does not stretch its dialog off the screen.
    public func fitHeight(upTo pixels: Int32) {
        let scrolled = cgtk_as_scrolled_window(objectPointer)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
        gtk_scrolled_window_set_max_content_height(scrolled, pixels)
    }

    /// How far down the content is scrolled, in pixels.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(verticalAdjustment) }
        set { gtk_adjustment_set_value(verticalAdjustment, newValue) }
    }

    /// Where the content is scrolled to, or will be once a `scroll(toVerticalOffset:)`
    /// still waiting for the layout applies: what to save as the scroll position.
    public var intendedVerticalOffset: Double { pendingOffset ?? verticalOffset }
    private var pendingOffset: Double?
    private var pendingScroll: SignalConnection?
    private var personScrollsCallOffPending = false

    /// Scrolls to `offset` as soon as the content is tall enough for it (its
    /// height is known only once laid out); later layout changes do nothing.
    /// The person scrolling meanwhile calls it off, as does another scroll asked for.
    public func scroll(toVerticalOffset offset: Double) {
        callOffPendingScroll()
        let adjustment = Object(retaining: verticalAdjustment)
        let apply: @MainActor () -> Bool = { [weak self] in
            guard let self else { return true }
            let reachable = gtk_adjustment_get_upper(verticalAdjustment) - gtk_adjustment_get_page_size(verticalAdjustment)
            guard reachable >= offset || offset <= 0 else { return false }
            gtk_adjustment_set_value(verticalAdjustment, offset)
            return true
        }
        if apply() { return }
        pendingOffset = offset
        if !personScrollsCallOffPending {
            personScrollsCallOffPending = true
            onPersonScrolls { [weak self] in self?.callOffPendingScroll() }
        }
        pendingScroll = adjustment.connect("changed") { [weak self] in
            if apply() { self?.callOffPendingScroll() }
        }
    }

    private func callOffPendingScroll() {
        pendingScroll?.disconnect()
        pendingScroll = nil
        pendingOffset = nil
    }

    /// How far the end of the content is below the bottom of what shows, in pixels.
    public var distanceToEnd: Double {
        gtk_adjustment_get_upper(verticalAdjustment) - gtk_adjustment_get_value(verticalAdjustment)
            - gtk_adjustment_get_page_size(verticalAdjustment)
    }

    /// How tall the part of the content that shows is, in pixels.
    public var visibleHeight: Double { gtk_adjustment_get_page_size(verticalAdjustment) }

    /// Calls `handler` whenever the content scrolls, grows or shrinks, or
    /// the part that shows changes size, for as long as this window lives.
    public func onVerticalChange(_ handler: @escaping @MainActor () -> Void) {
        let adjustment = Object(retaining: verticalAdjustment)
        adjustment.connect("value-changed", handler)
        adjustment.connect("changed", handler)
    }

    /// Calls `handler` whenever the person scrolls the content themselves: a
    /// wheel or touchpad over it or its scrollbars, or a press of any button
    /// in it (a scrollbar dragged, the text clicked), before it scrolls.
    public func onPersonScrolls(_ handler: @escaping @MainActor () -> Void) {
        boxingHandler(handler) { data, release in
            cgtk_widget_on_scroll(objectPointer, { _, _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
                return 0
            }, data, release)
        }
        boxingHandler(handler) { data, release in
            cgtk_widget_on_click(objectPointer, 0, "pressed", 1, { _, _, _, _, data in
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
            }, data, release)
        }
    }

    /// Calls `handler(steps)` for each scroll over the content made with Ctrl
    /// held, instead of scrolling: whole steps up (negative) or down, a
    /// wheel's notch each, a touchpad's motion once it adds up to one.
    public func onControlScroll(_ handler: @escaping @MainActor (Int) -> Void) {
        var pending = 0.0  // a touchpad's motion not yet a whole step
        let step: @MainActor (UnsafeMutableRawPointer?, Double) -> Bool = { controller, dy in
            guard cgtk_controller_control_held(controller) != 0 else { return false }
            pending += dy
            let steps = Int(pending.rounded(.towardZero))
            pending -= Double(steps)
            if steps != 0 { handler(steps) }
            return true
        }
        boxingHandler(step) { data, release in
            cgtk_widget_on_scroll(objectPointer, { controller, _, dy, data in
                MainActor.assumeIsolated {
                    ClosureBox<@MainActor (UnsafeMutableRawPointer?, Double) -> Bool>.from(data).closure(controller, dy) ? 1 : 0
                }
            }, data, release)
        }
    }

    /// How wide the part of the content that shows is, in pixels (0 until first laid out).
    public var visibleWidth: Double { gtk_adjustment_get_page_size(horizontalAdjustment) }

    /// Calls `handler` whenever the part of the content that shows, or the
    /// content, changes width, for as long as this window lives.
    public func onWidthChange(_ handler: @escaping @MainActor () -> Void) {
        Object(retaining: horizontalAdjustment).connect("changed", handler)
    }

    private var horizontalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_hadjustment(cgtk_as_scrolled_window(objectPointer))
    }

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(cgtk_as_scrolled_window(objectPointer))
    }
}
