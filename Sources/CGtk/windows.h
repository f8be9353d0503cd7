/* Toplevel windows: the list of them, their state and, on X11, their positions. Part of shim.h: include that, not this. */
#ifndef CGTK_WINDOWS_H
#define CGTK_WINDOWS_H

/* ---- GTK's list of toplevel windows (a GListModel, which Swift sees as opaque) ---- */

static inline gulong cgtk_toplevels_connect_items_changed(CGtkItemsChangedHandler handler, gpointer data,
                                                           GClosureNotify release) {
    return g_signal_connect_data(gtk_window_get_toplevels(), "items-changed", G_CALLBACK(handler), data,
                                 release, 0);
}

static inline guint cgtk_toplevels_count(void) {
    return g_list_model_get_n_items(gtk_window_get_toplevels());
}

/* The window at `index`, with a new reference the caller must unref. */
static inline gpointer cgtk_toplevels_item(guint index) {
    return g_list_model_get_item(gtk_window_get_toplevels(), index);
}

/* `after`: run after the signal's own (default) handler. */
static inline gulong cgtk_signal_connect_void(gpointer instance, const char *signal,
                                               CGtkVoidHandler handler, gpointer data,
                                               GClosureNotify release, gboolean after) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, after ? G_CONNECT_AFTER : 0);
}

static inline gulong cgtk_signal_connect_bool(gpointer instance, const char *signal,
                                               CGtkBoolHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong cgtk_signal_connect_notify(gpointer instance, const char *signal,
                                                 CGtkNotifyHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/* void handler(GObject *instance, guint value, gpointer data): a list view's "activate" */
typedef void (*CGtkUIntHandler)(gpointer instance, guint value, gpointer data);

static inline gulong cgtk_signal_connect_uint(gpointer instance, const char *signal,
                                               CGtkUIntHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/* void handler(GObject *instance, int width, int height, gpointer data): a surface's "layout" */
typedef void (*CGtkSizeHandler)(gpointer instance, int width, int height, gpointer data);

static inline gulong cgtk_signal_connect_size(gpointer instance, const char *signal,
                                               CGtkSizeHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong cgtk_signal_connect_string(gpointer instance, const char *signal,
                                                 CGtkStringHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong cgtk_signal_connect_action(gpointer instance, const char *signal,
                                                 CGtkActionHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/* int handler(GApplication *app, GApplicationCommandLine *command_line, gpointer data): "command-line" */
typedef int (*CGtkCommandLineHandler)(gpointer application, gpointer command_line, gpointer data);

static inline gulong cgtk_signal_connect_command_line(gpointer instance, CGtkCommandLineHandler handler,
                                                       gpointer data, GClosureNotify release) {
    return g_signal_connect_data(instance, "command-line", G_CALLBACK(handler), data, release, 0);
}

/* void handler(GApplication *app, GFile **files, gint n_files, gchar *hint, gpointer data): "open" */
typedef void (*CGtkOpenHandler)(gpointer application, gpointer *files, gint n_files, const gchar *hint,
                                 gpointer data);

static inline gulong cgtk_signal_connect_open(gpointer instance, CGtkOpenHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, "open", G_CALLBACK(handler), data, release, 0);
}

/* The URI of one of the files an "open" signal carries; free with g_free. */
static inline gchar *cgtk_open_file_uri(gpointer *files, gint index) {
    return g_file_get_uri(G_FILE(files[index]));
}

/* ---- Window state that GTK keeps on the toplevel surface ---------------- */

/* Whether the window's surface is minimised (iconified). FALSE before it is realised. */
static inline gboolean cgtk_window_is_minimized(gpointer window) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !GDK_IS_TOPLEVEL(surface)) {
        return FALSE;
    }
    return (gdk_toplevel_get_state(GDK_TOPLEVEL(surface)) & GDK_TOPLEVEL_STATE_MINIMIZED) != 0;
}

/* The window's surface (a GdkToplevel) once realised, else NULL; no new reference. */
static inline gpointer cgtk_window_surface(gpointer window) {
    return gtk_native_get_surface(GTK_NATIVE(window));
}

/* The frame clock that paints the window once realised, else NULL; no new reference. */
static inline gpointer cgtk_widget_frame_clock(gpointer widget) {
    return gtk_widget_get_frame_clock(GTK_WIDGET(widget));
}

/* Makes `clock` (a GdkFrameClock) run a frame at its next tick, emitting
 * "after-paint", even if nothing asked to be redrawn. */
static inline void cgtk_frame_clock_request_after_paint(gpointer clock) {
    gdk_frame_clock_request_phase(GDK_FRAME_CLOCK(clock), GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}

/* ---- The windowing system ----------------------------------------------- */

extern GType gdk_wayland_display_get_type(void);

/* Whether GTK's default display is a Wayland compositor's (FALSE before GTK has one). */
static inline gboolean cgtk_display_is_wayland(void) {
    GdkDisplay *display = gdk_display_get_default();
    return display != NULL && G_TYPE_CHECK_INSTANCE_TYPE(display, gdk_wayland_display_get_type());
}

/* ---- Window positions on X11 (GTK 4 has no API for them) --------------- */

/* Only what is needed of GDK's X11 backend and of Xlib is declared here: their
 * headers would bring Xlib's macros and type names (Window, Bool, None) into Swift. */
typedef struct _XDisplay CGtkXDisplay;
extern GType gdk_x11_surface_get_type(void);
extern unsigned long gdk_x11_surface_get_xid(GdkSurface *surface);
extern CGtkXDisplay *gdk_x11_display_get_xdisplay(GdkDisplay *display);
extern int XQueryTree(CGtkXDisplay *display, unsigned long window, unsigned long *root, unsigned long *parent,
                      unsigned long **children, unsigned int *count);
extern int XTranslateCoordinates(CGtkXDisplay *display, unsigned long source, unsigned long destination,
                                 int x, int y, int *destination_x, int *destination_y, unsigned long *child);
extern int XMoveWindow(CGtkXDisplay *display, unsigned long window, int x, int y);
extern GType gdk_x11_display_get_type(void);
extern unsigned long XDefaultRootWindow(CGtkXDisplay *display);
extern int XQueryPointer(CGtkXDisplay *display, unsigned long window, unsigned long *root, unsigned long *child,
                         int *root_x, int *root_y, int *x, int *y, unsigned int *mask);
extern int XFree(void *data);
extern int XRaiseWindow(CGtkXDisplay *display, unsigned long window);
extern int XRestackWindows(CGtkXDisplay *display, unsigned long *windows, int count);
extern void gdk_x11_surface_set_user_time(GdkSurface *surface, guint32 timestamp);

/* The X11 window of `window`'s surface, or 0 (not realized, or not on X11). */
static inline unsigned long cgtk_window_x11_id(gpointer window, CGtkXDisplay **display) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_x11_surface_get_type())) return 0;
    *display = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
    return gdk_x11_surface_get_xid(surface);
}

/* The outermost ancestor of X window `xid` below the root (the window manager's
 * frame, if it puts one around it), with the root in `root`; 0 if the X server
 * cannot say. */
static inline unsigned long cgtk_x11_outermost(CGtkXDisplay *display, unsigned long xid, unsigned long *root) {
    unsigned long outer = xid;
    for (int depth = 0; depth < 8; depth++) {
        unsigned long parent = 0, *children = NULL;
        unsigned int count = 0;
        if (!XQueryTree(display, outer, root, &parent, &children, &count)) return 0;
        if (children != NULL) XFree(children);
        if (parent == 0 || parent == *root) break;
        outer = parent;
    }
    return outer;
}

/* Where `window` is on the screen, on X11: the top-left corner of its outermost
 * window (the window manager's frame, if it puts one around it). FALSE if it is
 * not on X11 or not realized. */
static inline gboolean cgtk_window_x11_position(gpointer window, int *x, int *y) {
    CGtkXDisplay *display = NULL;
    unsigned long xid = cgtk_window_x11_id(window, &display);
    if (xid == 0) return FALSE;
    unsigned long root = 0;
    unsigned long outer = cgtk_x11_outermost(display, xid, &root);
    if (outer == 0) return FALSE;
    unsigned long child = 0;
    return XTranslateCoordinates(display, outer, root, 0, 0, x, y, &child) ? TRUE : FALSE;
}

/* Asks the window manager to raise `window`, on X11 when one frames it (its
 * outermost window is not its own); FALSE (nothing asked) otherwise. */
static inline gboolean cgtk_window_x11_raise_if_framed(gpointer window) {
    CGtkXDisplay *display = NULL;
    unsigned long xid = cgtk_window_x11_id(window, &display);
    if (xid == 0) return FALSE;
    unsigned long root = 0;
    unsigned long outer = cgtk_x11_outermost(display, xid, &root);
    if (outer == 0 || outer == xid) return FALSE;
    XRaiseWindow(display, xid);
    return TRUE;
}

/* Shows `window` without asking for the keyboard focus and, on X11, stacked
 * just below `above` (a shown window) rather than on top: before it is mapped
 * it is restacked under `above`'s outermost window, and its user time is 0,
 * which tells a window manager not to focus it (EWMH). Elsewhere it is only
 * shown. */
static inline void cgtk_window_show_below(gpointer window, gpointer above) {
    gtk_widget_realize(GTK_WIDGET(window));
    CGtkXDisplay *display = NULL, *above_display = NULL;
    unsigned long xid = cgtk_window_x11_id(window, &display);
    unsigned long above_xid = above != NULL ? cgtk_window_x11_id(above, &above_display) : 0;
    if (xid != 0) gdk_x11_surface_set_user_time(gtk_native_get_surface(GTK_NATIVE(window)), 0);
    if (xid != 0 && above_xid != 0 && display == above_display) {
        unsigned long root = 0;
        unsigned long order[2] = {cgtk_x11_outermost(display, above_xid, &root), xid};
        if (order[0] != 0) XRestackWindows(display, order, 2);
    }
    gtk_widget_set_visible(GTK_WIDGET(window), TRUE);
}

/* The Xlib connection of GTK's default display, or NULL when there is none
 * or it is not an X server's. */
static inline CGtkXDisplay *cgtk_default_x11_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL || !G_TYPE_CHECK_INSTANCE_TYPE(display, gdk_x11_display_get_type())) return NULL;
    return gdk_x11_display_get_xdisplay(display);
}

/* Where the pointer is on the screen, on X11; FALSE elsewhere (Wayland tells
 * apps nothing of it) or without a display. */
static inline gboolean cgtk_pointer_x11_position(int *x, int *y) {
    CGtkXDisplay *xdisplay = cgtk_default_x11_display();
    if (xdisplay == NULL) return FALSE;
    unsigned long root = 0, child = 0;
    int window_x = 0, window_y = 0;
    unsigned int mask = 0;
    return XQueryPointer(xdisplay, XDefaultRootWindow(xdisplay), &root, &child, x, y, &window_x, &window_y, &mask)
        ? TRUE : FALSE;
}

/* Asks for `window` to be placed with its outermost corner at (x, y), on X11 (a
 * window manager places its frame there, as ICCCM's default gravity says). */
static inline gboolean cgtk_window_x11_move(gpointer window, int x, int y) {
    CGtkXDisplay *display = NULL;
    unsigned long xid = cgtk_window_x11_id(window, &display);
    if (xid == 0) return FALSE;
    XMoveWindow(display, xid, x, y);
    return TRUE;
}

/* The height of the default display's tallest monitor, in application pixels
 * (what a maximised window can be at most), or 0 with no display or monitor. */
/* The width and height of the largest monitor (by area), or 0 × 0 without a display. */
static inline void cgtk_largest_monitor_size(int *width, int *height) {
    *width = 0;
    *height = 0;
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) return;
    GListModel *monitors = gdk_display_get_monitors(display);
    for (guint index = 0; index < g_list_model_get_n_items(monitors); index++) {
        GdkMonitor *monitor = g_list_model_get_item(monitors, index);
        GdkRectangle geometry;
        gdk_monitor_get_geometry(monitor, &geometry);
        if ((long)geometry.width * geometry.height > (long)*width * *height) {
            *width = geometry.width;
            *height = geometry.height;
        }
        g_object_unref(monitor);
    }
}

static inline int cgtk_tallest_monitor_height(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) return 0;
    GListModel *monitors = gdk_display_get_monitors(display);
    int tallest = 0;
    for (guint index = 0; index < g_list_model_get_n_items(monitors); index++) {
        GdkMonitor *monitor = g_list_model_get_item(monitors, index);
        GdkRectangle geometry;
        gdk_monitor_get_geometry(monitor, &geometry);
        if (geometry.height > tallest) tallest = geometry.height;
        g_object_unref(monitor);
    }
    return tallest;
}

/* The name of the renderer that draws `window` ("GskCairoRenderer"), or NULL before it is realized. */
static inline const char *cgtk_window_renderer_name(GtkWindow *window) {
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    return renderer != NULL ? G_OBJECT_TYPE_NAME(renderer) : NULL;
}

/* The furthest `paned` (a GtkPaned) lets its handle go in its present size: where it cuts the position. */
static inline gint cgtk_paned_max_position(gpointer paned) {
    gint position = G_MAXINT;
    g_object_get(paned, "max-position", &position, NULL);
    return position;
}

#endif
