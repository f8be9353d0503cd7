/*
 * The only place in Quire that knows GLib, GObject and GTK use C macros.
 *
 * Swift cannot import macros (G_CALLBACK, GTK_WINDOW, G_OBJECT_TYPE_NAME ...) or
 * call a function through a pointer of another type. Each such operation is
 * wrapped here once, as a small static inline function with real C types, so
 * the Swift side never reinterprets a pointer itself. Casts go through GLib's
 * checked cast macros: a wrong cast logs a critical (fatal under
 * G_DEBUG=fatal-criticals) instead of silently corrupting memory.
 */
#ifndef QUIRE_CGTK_SHIM_H
#define QUIRE_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/eventfd.h>

/* ---- Checked casts ------------------------------------------------------ */

static inline GObject *quire_as_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *quire_as_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *quire_as_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkApplication *quire_as_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *quire_as_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *quire_as_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GAction *quire_as_action(gpointer p) { return G_ACTION(p); }
static inline GtkTextView *quire_as_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkScrolledWindow *quire_as_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkTextBuffer *quire_as_text_buffer(gpointer p) { return GTK_TEXT_BUFFER(p); }
static inline GtkLabel *quire_as_label(gpointer p) { return GTK_LABEL(p); }

static inline gboolean quire_is_object(gpointer p) { return p != NULL && G_IS_OBJECT(p); }
static inline gboolean quire_is_window(gpointer p) { return p != NULL && GTK_IS_WINDOW(p); }

static inline const char *quire_object_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

/* ---- Signals: one connector per handler signature ---------------------- */

/* void handler(GObject *instance, gpointer data): "destroy", "changed", "activate", ... */
typedef void (*QuireVoidHandler)(gpointer instance, gpointer data);
/* gboolean handler(GObject *instance, gpointer data): "close-request" */
typedef gboolean (*QuireBoolHandler)(gpointer instance, gpointer data);
/* void handler(GObject *instance, GParamSpec *pspec, gpointer data): "notify::..." */
typedef void (*QuireNotifyHandler)(gpointer instance, GParamSpec *pspec, gpointer data);
/* void handler(GSimpleAction *action, GVariant *parameter, gpointer data): action "activate" */
typedef void (*QuireActionHandler)(gpointer action, GVariant *parameter, gpointer data);

/* void handler(GListModel *list, guint position, guint removed, guint added, gpointer data): "items-changed" */
typedef void (*QuireItemsChangedHandler)(gpointer list, guint position, guint removed, guint added, gpointer data);

/* ---- GTK's list of toplevel windows (a GListModel, which Swift sees as opaque) ---- */

static inline gulong quire_toplevels_connect_items_changed(QuireItemsChangedHandler handler, gpointer data,
                                                           GClosureNotify release) {
    return g_signal_connect_data(gtk_window_get_toplevels(), "items-changed", G_CALLBACK(handler), data,
                                 release, 0);
}

static inline guint quire_toplevels_count(void) {
    return g_list_model_get_n_items(gtk_window_get_toplevels());
}

/* The window at `index`, with a new reference the caller must unref. */
static inline gpointer quire_toplevels_item(guint index) {
    return g_list_model_get_item(gtk_window_get_toplevels(), index);
}

static inline gulong quire_signal_connect_void(gpointer instance, const char *signal,
                                               QuireVoidHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong quire_signal_connect_bool(gpointer instance, const char *signal,
                                               QuireBoolHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong quire_signal_connect_notify(gpointer instance, const char *signal,
                                                 QuireNotifyHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong quire_signal_connect_action(gpointer instance, const char *signal,
                                                 QuireActionHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/* ---- Actions (GSimpleAction is opaque to Swift) -------------------------- */

/* A new parameterless action, with a full reference for the caller. */
static inline gpointer quire_simple_action_new(const char *name) {
    return g_simple_action_new(name, NULL);
}

/* ---- Main sources -------------------------------------------------------- */

/* g_idle_add_full and g_timeout_add_full take a GSourceFunc; Swift passes one directly. */

/* ---- The libdispatch main queue, drained from the GLib main loop -------- */

/*
 * libdispatch exports these for a foreign run loop (CoreFoundation uses them):
 * on Linux the handle is an eventfd that becomes readable whenever work is
 * queued on the main queue (DispatchQueue.main, and with it the main actor).
 */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static inline int quire_dispatch_main_queue_fd(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

/* Clears the eventfd's counter (non-blocking) and runs what the main queue holds. */
static inline void quire_dispatch_drain_main_queue(void) {
    eventfd_t ignored;
    int fd = _dispatch_get_main_queue_handle_4CF();
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && !(flags & O_NONBLOCK)) {
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    }
    (void)eventfd_read(fd, &ignored);
    _dispatch_main_queue_callback_4CF(NULL);
}

#endif
