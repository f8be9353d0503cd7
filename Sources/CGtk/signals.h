/* Signal connectors, one per handler signature, and the main loop's own sources. Part of shim.h: include that, not this. */
#ifndef CGTK_SIGNALS_H
#define CGTK_SIGNALS_H

/* ---- Signals: one connector per handler signature ---------------------- */

/* void handler(GObject *instance, gpointer data): "destroy", "changed", "activate", ... */
typedef void (*CGtkVoidHandler)(gpointer instance, gpointer data);
/* gboolean handler(GObject *instance, gpointer data): "close-request" */
typedef gboolean (*CGtkBoolHandler)(gpointer instance, gpointer data);
/* void handler(GObject *instance, GParamSpec *pspec, gpointer data): "notify::..." */
typedef void (*CGtkNotifyHandler)(gpointer instance, GParamSpec *pspec, gpointer data);
typedef void (*CGtkStringHandler)(gpointer instance, const char *text, gpointer data);
/* void handler(GSimpleAction *action, GVariant *parameter, gpointer data): action "activate" */
typedef void (*CGtkActionHandler)(gpointer action, GVariant *parameter, gpointer data);

/* void handler(GListModel *list, guint position, guint removed, guint added, gpointer data): "items-changed" */
typedef void (*CGtkItemsChangedHandler)(gpointer list, guint position, guint removed, guint added, gpointer data);

/* void handler(GtkTextBuffer *buffer, GtkTextIter *location, char *text, int length, gpointer data): "insert-text" */
typedef void (*CGtkInsertTextHandler)(gpointer buffer, GtkTextIter *location, const char *text, int length,
                                       gpointer data);
/* void handler(GtkTextBuffer *buffer, GtkTextIter *start, GtkTextIter *end, gpointer data): "delete-range" */
typedef void (*CGtkDeleteRangeHandler)(gpointer buffer, GtkTextIter *start, GtkTextIter *end, gpointer data);

static inline gulong cgtk_signal_connect_insert_text(gpointer buffer, CGtkInsertTextHandler handler,
                                                      gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, "insert-text", G_CALLBACK(handler), data, release, 0);
}

static inline gulong cgtk_signal_connect_delete_range(gpointer buffer, CGtkDeleteRangeHandler handler,
                                                       gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, "delete-range", G_CALLBACK(handler), data, release, 0);
}

/* void handler(GtkTextBuffer *buffer, GtkTextTag *tag, GtkTextIter *start, GtkTextIter *end, gpointer data):
 * "apply-tag" and "remove-tag" */
typedef void (*CGtkTagRangeHandler)(gpointer buffer, GtkTextTag *tag, GtkTextIter *start, GtkTextIter *end,
                                    gpointer data);

static inline gulong cgtk_signal_connect_tag_range(gpointer buffer, const char *signal, CGtkTagRangeHandler handler,
                                                    gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, signal, G_CALLBACK(handler), data, release, 0);
}

/* ---- Low-memory warnings ------------------------------------------------- */

/* The system's memory monitor, with a new reference. */
static inline gpointer cgtk_memory_monitor_dup_default(void) { return g_memory_monitor_dup_default(); }

/* void handler(GMemoryMonitor *monitor, GMemoryMonitorWarningLevel level, gpointer data) */
typedef void (*CGtkLowMemoryHandler)(gpointer monitor, GMemoryMonitorWarningLevel level, gpointer data);

static inline gulong cgtk_signal_connect_low_memory(gpointer monitor, CGtkLowMemoryHandler handler, gpointer data,
                                                     GClosureNotify release) {
    return g_signal_connect_data(monitor, "low-memory-warning", G_CALLBACK(handler), data, release, 0);
}

/* ---- File changes -------------------------------------------------------- */

/* A monitor of the file at `path`, which need not exist yet (GIO's file
   monitor: inotify on Linux), with a new reference; NULL if GIO has none. */
static inline gpointer cgtk_file_monitor_new(const char *path) {
    GFile *file = g_file_new_for_path(path);
    GFileMonitor *monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, NULL, NULL);
    g_object_unref(file);
    return monitor;
}

static inline void cgtk_file_monitor_cancel(gpointer monitor) { g_file_monitor_cancel(G_FILE_MONITOR(monitor)); }

/* void handler(GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer data) */
typedef void (*CGtkFileChangedHandler)(gpointer monitor, gpointer file, gpointer other, GFileMonitorEvent event,
                                       gpointer data);

static inline gulong cgtk_signal_connect_file_changed(gpointer monitor, CGtkFileChangedHandler handler, gpointer data,
                                                      GClosureNotify release) {
    return g_signal_connect_data(monitor, "changed", G_CALLBACK(handler), data, release, 0);
}

/* ---- Main sources -------------------------------------------------------- */

/* g_idle_add_full and g_timeout_add_full take a GSourceFunc; Swift passes one directly. */

#endif
