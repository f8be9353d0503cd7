import CGtk
import CX11Input

/// GTK itself, for programs that use widgets without an `Application` (tests).
@MainActor
public enum Toolkit {
    /// Initialises GTK on the calling (main) thread; returns whether a display
    /// could be opened. Safe to call more than once.
    @discardableResult
    public static func initialize() -> Bool { gtk_init_check() != 0 }

    /// Whether the windows are on a Wayland compositor (false on X11, and
    /// before GTK has a display). There, apps can neither place nor restack
    /// their windows, and the compositor stacks each window on top as it
    /// first shows it.
    public static var isOnWayland: Bool { cgtk_display_is_wayland() != 0 }

    /// Sends the display server every request made so far and waits until it
    /// has handled them (one round trip), without waiting for the main loop:
    /// windows destroyed just now are off the screen, though the main thread
    /// is about to block (finishing its writes as the app quits). Does
    /// nothing before GTK has a display.
    public static func syncDisplay() {
        guard let display = gdk_display_get_default() else { return }
        gdk_display_sync(display)
    }

    /// The size of the largest monitor in pixels (application pixels, as
    /// window sizes are), or nil before GTK has a display.
    public static var largestMonitorSize: (width: Int32, height: Int32)? {
        var width: Int32 = 0
        var height: Int32 = 0
        cgtk_largest_monitor_size(&width, &height)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// Where the pointer is on the screen, on X11 (as `Window.screenPosition`
    /// gives a window's place); nil on Wayland, which does not tell apps.
    public static var pointerScreenPosition: (x: Int32, y: Int32)? {
        var x: Int32 = 0
        var y: Int32 = 0
        return cgtk_pointer_x11_position(&x, &y) != 0 ? (x, y) : nil
    }

    /// The time now in the milliseconds events are stamped with
    /// (`KeyPress.time`): the monotonic clock's, cut to 32 bits, as X.org
    /// and Wayland compositors stamp them. Only differences of the two mean
    /// anything.
    public static var eventMilliseconds: UInt32 { UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1_000) }

    /// Whether a key or mouse button press (or a touch) waits to be handled,
    /// on X11: for work done a piece at a time to make way for the person.
    /// Always false on Wayland, where it is not looked for. Asking sends the
    /// requests made so far to the X server, and looks only at the events
    /// that came since the last time it was asked, unless some were handled
    /// in between.
    public static var isInputWaiting: Bool { lookForInput().waiting }

    /// How many key and mouse button presses (and touches) GDK has delivered
    /// to the app's windows since it was first asked, on any backend: compared
    /// with an earlier count, whether input came and was handled in between,
    /// which `isInputWaiting` no longer sees (it may have a frame to draw).
    public static var pressesDelivered: UInt { UInt(cx11_presses_delivered()) }

    /// Of `pressesDelivered`, the mouse button presses and touches alone: a
    /// person choosing where to act, where a key goes to whichever window
    /// the compositor gave the focus.
    public static var pointerPressesDelivered: UInt { UInt(cx11_pointer_presses_delivered()) }

    /// Whether input waits, and how many queued events were looked at to
    /// tell (for the tests: the events looked at before are not looked at
    /// again while none has been handled).
    static func lookForInput() -> (waiting: Bool, lookedAt: Int) {
        guard let display = cgtk_default_x11_display() else { return (false, 0) }
        if inputOpcode == nil { inputOpcode = cx11_input_opcode(display) }
        var lookedAt: UInt32 = 0
        let waiting = cx11_input_waiting(display, inputOpcode ?? -1, &lookedAt) != 0
        return (waiting, Int(lookedAt))
    }

    /// The X server's number for XInput's events, once read (Xlib recorded it when GDK started XInput).
    private static var inputOpcode: Int32?

    /// Has GDK's lookups of the client pointer on the default display (X11)
    /// answered from the X server's last answer until its device hierarchy
    /// changes, rather than each with a round trip (four to eleven a window,
    /// each waiting for the X server to finish what was sent before it).
    /// Takes effect only in a program that exports `XIGetClientPointer`
    /// (the app: Package.swift); does nothing on Wayland.
    public static func rememberClientPointer() { cx11_client_pointer_remember(gdk_display_get_default()) }

    /// How many lookups of the client pointer went to the X server (for the tests).
    static var clientPointerQuestions: UInt { UInt(cx11_client_pointer_questions()) }

    /// Lets the icon theme find icons in the hicolor tree at `path` too (an
    /// app's own icon, run before it is installed). Once GTK has a display.
    public static func addIconSearchPath(_ path: String) { cgtk_icon_theme_add_search_path(path) }

    /// Has GTK read the display's icon theme on a thread of its own, once
    /// every icon folder is added. GTK reads it that way as it starts, but
    /// adding a folder (libadwaita does as it starts, GtkSourceView as it
    /// starts) throws that reading away, and the first window to show an
    /// icon would read it all again on the main thread.
    public static func readIconThemeInBackground() { cgtk_icon_theme_read_in_background() }
}
