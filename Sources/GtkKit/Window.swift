import CGtk

/// A top-level window: libadwaita's application window when it belongs to an
/// application (it draws no title bar of its own: its header bar, if it has
/// one, sits above its child in its content), a plain GtkWindow otherwise.
///
/// GTK keeps its own reference to every window until it is closed or
/// destroyed; this wrapper keeps one more, so it stays valid until the wrapper
/// is released. When GTK lets the window go, it is disposed ("destroy" fires
/// and its signal handlers are released); owners drop their wrapper then,
/// from `onDestroy`.
@MainActor
public final class Window: Widget {
    /// The wrapped window.
    var windowPointer: UnsafeMutablePointer<GtkWindow> { cgtk_as_window(objectPointer) }

    /// A new, hidden window that belongs to `application`.
    public init(application: DesktopApplication) {
        WindowRenderer.chooseBeforeFirstWindow()
        super.init(retaining: adw_application_window_new(application.gtkApplicationPointer))
        ToplevelWatcher.watch(self)
        let layout = Box(vertical: true)
        adw_application_window_set_content(cgtk_as_adw_application_window(objectPointer), layout.widgetPointer)
        content = (layout, nil, nil)
    }

    /// An application window's content: its header bar above its child.
    private var content: (layout: Box, titlebar: Widget?, child: Widget?)?

    /// A new, hidden window that belongs to no application.
    public init() {
        WindowRenderer.chooseBeforeFirstWindow()
        super.init(retaining: gtk_window_new())
        ToplevelWatcher.watch(self)
    }

    /// libadwaita's preferences window titled `title`, showing `pages` (a
    /// switcher at the top when there is more than one), without a search.
    public init(preferencesTitle title: String, pages: [PreferencesPage]) {
        WindowRenderer.chooseBeforeFirstWindow()
        super.init(retaining: adw_preferences_window_new())
        ToplevelWatcher.watch(self)
        let window = cgtk_as_preferences_window(objectPointer)
        adw_preferences_window_set_search_enabled(window, 0)
        gtk_window_set_title(windowPointer, title)
        for page in pages { adw_preferences_window_add(window, cgtk_as_preferences_page(page.objectPointer)) }
    }

    /// Turns a preferences window to `page`, one of its pages.
    public func showPreferencesPage(_ page: PreferencesPage) {
        adw_preferences_window_set_visible_page(
            cgtk_as_preferences_window(objectPointer), cgtk_as_preferences_page(page.objectPointer))
    }

    /// Shows `toast` at the bottom of a preferences window.
    public func showPreferencesToast(_ toast: Toast) {
        if preferencesToasts == nil, let content = adw_window_get_content(cgtk_as_adw_window(objectPointer)) {
            // GtkKit's toasts, around the window's content (see `ToastOverlay` for why not libadwaita's).
            // The content leaves the window for a moment, and the keyboard with it: it goes back
            // where it was, not to the first button GTK finds (the toast's own would hold it).
            let focused = gtk_window_get_focus(windowPointer).map { Widget(retaining: $0) }
            let held = Widget(retaining: content)
            adw_window_set_content(cgtk_as_adw_window(objectPointer), nil)
            let toasts = ToastOverlay(child: held)
            adw_window_set_content(cgtk_as_adw_window(objectPointer), toasts.widgetPointer)
            preferencesToasts = toasts
            _ = focused?.grabFocus()
        }
        preferencesToasts?.show(toast)
    }

    /// A preferences window's toasts, once it has shown one.
    private var preferencesToasts: ToastOverlay?

    /// The window called `name` in the GtkBuilder UI file at `path`.
    public init(uiFile path: String, name: String) throws {
        WindowRenderer.chooseBeforeFirstWindow()
        var error: UnsafeMutablePointer<GError>?
        guard let window = cgtk_builder_window(path, name, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "no window called \(name)"
            g_clear_error(&error)
            throw WindowError.cannotBuild(path: path, reason: message)
        }
        super.init(adopting: window)
        ToplevelWatcher.watch(self)
    }

    /// libadwaita's About window for an app called `name`, at `version`, titled
    /// `title`, made by `developer`, whose problems are reported at `issueURL`.
    public init(
        aboutApp name: String, title: String, version: String, comments: String, website: String, iconName: String,
        developer: String, issueURL: String
    ) {
        WindowRenderer.chooseBeforeFirstWindow()
        super.init(retaining: cgtk_about_window_new(title, name, version, comments, website, iconName, developer, issueURL))
        ToplevelWatcher.watch(self)
    }

    /// The name of GTK's renderer that draws the window ("GskGLRenderer",
    /// "GskCairoRenderer"), or nil until the window is realized.
    public var rendererName: String? { cgtk_window_renderer_name(windowPointer).map { String(cString: $0) } }

    /// The title the window manager shows.
    public var title: String {
        get { gtk_window_get_title(windowPointer).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(windowPointer, newValue) }
    }

    /// The size the window opens at.
    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(windowPointer, width, height)
    }

    /// The window's size when not maximised: GTK keeps the default size in step
    /// with the user's resizing, so this is what to save and restore.
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(windowPointer, &width, &height)
        return (width, height)
    }

    /// Where the window is on the screen (its frame's top-left corner), on X11;
    /// nil on Wayland, which gives apps no way to know or choose it, and before
    /// the window is shown.
    public var screenPosition: (x: Int32, y: Int32)? {
        var x: Int32 = 0
        var y: Int32 = 0
        return cgtk_window_x11_position(objectPointer, &x, &y) != 0 ? (x, y) : nil
    }

    /// Asks for the window to be placed at `position` (as `screenPosition` gave
    /// it), once shown, on X11; does nothing on Wayland. Returns whether it could ask.
    @discardableResult
    public func move(to position: (x: Int32, y: Int32)) -> Bool {
        cgtk_window_x11_move(objectPointer, position.x, position.y) != 0
    }

    /// Whether the window fills the screen (maximised by the user or the window manager).
    public var isMaximized: Bool { gtk_window_is_maximized(windowPointer) != 0 }

    /// The most height the window will have once shown, in pixels: the tallest
    /// monitor's if it is maximised (or asked to be), else its default height.
    public var expectedHeight: Int32 {
        guard isMaximized else { return defaultSize.height }
        let tallest = Int32(cgtk_tallest_monitor_height())
        return tallest > 0 ? tallest : defaultSize.height
    }

    /// Asks the window manager to maximise the window.
    public func maximize() { gtk_window_maximize(windowPointer) }

    /// The smallest size the window may take, in pixels; -1 lets its content decide.
    public func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(widgetPointer, width, height)
    }

    /// Replaces the window manager's title bar with `titlebar` (a header bar).
    public func setTitlebar(_ titlebar: Widget) {
        guard let content else { return gtk_window_set_titlebar(windowPointer, titlebar.widgetPointer) }
        let layout = cgtk_as_box(content.layout.objectPointer)
        if let old = content.titlebar { gtk_box_remove(layout, old.widgetPointer) }
        gtk_box_prepend(layout, titlebar.widgetPointer)
        self.content?.titlebar = titlebar
    }

    /// Makes the window a dialog of `parent`: kept above it, and (if `modal`)
    /// blocking input to it until closed.
    public func makeDialog(of parent: Window, modal: Bool) {
        gtk_window_set_transient_for(windowPointer, parent.windowPointer)
        gtk_window_set_modal(windowPointer, modal ? 1 : 0)
        gtk_window_set_destroy_with_parent(windowPointer, 1)
        gtk_window_set_resizable(windowPointer, 0)
    }

    /// The window's single child.
    public func setChild(_ child: Widget?) {
        guard let content else { return gtk_window_set_child(windowPointer, child?.widgetPointer) }
        let layout = cgtk_as_box(content.layout.objectPointer)
        if let old = content.child { gtk_box_remove(layout, old.widgetPointer) }
        if let child {
            gtk_widget_set_vexpand(child.widgetPointer, 1)  // all the height below the header bar
            gtk_box_append(layout, child.widgetPointer)
        }
        self.content?.child = child
    }

    /// Shows the window and asks for it to be raised and focused.
    public func present() { gtk_window_present(windowPointer) }

    /// Makes the window, and the widgets in it, ready on the display without
    /// showing it: a window built ahead then shows as soon as it is presented.
    public func realize() { gtk_widget_realize(widgetPointer) }

    /// Shows the window behind `window` (a shown one), leaving the keyboard
    /// focus where it is. On X11 it asks the window manager not to focus it
    /// and is stacked just below `window` before it maps; a window manager
    /// that puts it on top anyway (openbox does) is asked to raise `window`
    /// again once this one has drawn. On Wayland, where the compositor
    /// decides, it is only shown.
    public func show(below window: Window) {
        cgtk_window_show_below(objectPointer, window.objectPointer)
        onFirstFrame { [weak window] in
            if let window { cgtk_window_x11_raise_if_framed(window.objectPointer) }
        }
    }

    /// Whether the window has the keyboard focus of the desktop (GTK's `is-active`).
    public var isActive: Bool { gtk_window_is_active(windowPointer) != 0 }

    /// Asks the window to close, as its close button does ("close-request" runs first).
    public func close() { gtk_window_close(windowPointer) }

    /// Destroys the window at once, without "close-request".
    public func destroy() { gtk_window_destroy(windowPointer) }

    /// Calls `handler` when the user asks to close the window; return `true` to keep it open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectReturningBool("close-request", handler)
    }

    /// Calls `handler` when the window is destroyed.
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("destroy", handler)
    }

    /// Whether the window is shown (not hidden).
    public var isVisible: Bool { gtk_widget_get_visible(widgetPointer) != 0 }

    /// Whether the window is minimised. Without a window manager, a window that
    /// is unmapped from outside counts as minimised, as GTK reports it.
    public var isMinimized: Bool { cgtk_window_is_minimized(objectPointer) != 0 }

    /// Hides the window without destroying it.
    public func hide() { gtk_widget_set_visible(widgetPointer, 0) }

    /// Asks the window manager to minimise the window.
    public func minimize() { gtk_window_minimize(windowPointer) }

    /// Calls `handler` whenever the window gains or loses the desktop's keyboard focus.
    @discardableResult
    public func onActiveChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "is-active", handler)
    }

    /// Calls `handler` whenever the window is shown or hidden.
    @discardableResult
    public func onVisibilityChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "visible", handler)
    }

    /// Calls `handler` whenever the window is minimised or restored (the state of
    /// its toplevel surface, which exists while the window is realised). The
    /// handler is disconnected when the window is unrealised: GDK may keep a
    /// destroyed surface referenced a while, and nothing of ours should live on it.
    public func onMinimizedChanged(_ handler: @escaping @MainActor () -> Void) {
        whenRealized { [weak self] in
            guard let self, let surface = cgtk_window_surface(objectPointer) else { return }
            let connection = ConnectionHolder()
            connection.value = Object(retaining: surface).observe(property: "state", handler)
            connect("unrealize") {
                connection.value?.disconnect()
                connection.value = nil
            }
        }
    }

    /// Calls `handler(width)` with the width of the window's surface in pixels
    /// at each of its layouts (as it is resized by the person, maximised,
    /// tiled), from the first on. Disconnected when the window is unrealised,
    /// as for `onMinimizedChanged`.
    public func onWidthChanged(_ handler: @escaping @MainActor (Int32) -> Void) {
        whenRealized { [weak self] in
            guard let self, let surface = cgtk_window_surface(objectPointer) else { return }
            let connection = Object(retaining: surface).connectWithSize("layout") { width, _ in handler(width) }
            connect("unrealize") { connection.disconnect() }
        }
    }

    /// Calls `handler` once, after the window's first frame is painted on
    /// screen: the first once it is shown (a window realized before it is
    /// shown, its text changed meanwhile, may paint before then, unseen).
    /// The handler then disconnects itself: GDK may keep a closed window's
    /// frame clock alive a while, and nothing of ours should live on it.
    public func onFirstFrame(_ handler: @escaping @MainActor () -> Void) {
        if isMapped {
            _ = onNextFrame(handler)
        } else {
            let first = OnceFlag()
            connect("map") { [weak self] in if first.set() { _ = self?.onNextFrame(handler) } }
        }
    }

    /// Runs `body` now if the window is realised, else when it is.
    private func whenRealized(_ body: @escaping @MainActor () -> Void) {
        if gtk_widget_get_realized(widgetPointer) != 0 {
            body()
        } else {
            let first = OnceFlag()
            connect("realize") { if first.set() { body() } }
        }
    }
}
