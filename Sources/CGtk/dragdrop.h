/* Drag and drop of text between widgets. Part of shim.h: include that, not this. */
#ifndef CGTK_DRAGDROP_H
#define CGTK_DRAGDROP_H

/* While a drag from the widget starts: the widget as it looks now is what the
 * pointer carries, held where it was grabbed. */
static inline void cgtk_drag_source_show_widget(GtkDragSource *source, GdkDrag *drag, gpointer data) {
    (void)drag;
    (void)data;
    GtkWidget *widget = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(source));
    GdkPaintable *look = gtk_widget_paintable_new(widget);
    double x = 0, y = 0;
    GdkEventSequence *sequence = gtk_gesture_single_get_current_sequence(GTK_GESTURE_SINGLE(source));
    gtk_gesture_get_point(GTK_GESTURE(source), sequence, &x, &y);
    gtk_drag_source_set_icon(source, look, (int)x, (int)y);
    g_object_unref(look);
}

/* A new drag source, owned by `widget`, that offers nothing until given text
 * (cgtk_drag_source_offer_text). A drop may copy or move what it offers. */
static inline gpointer cgtk_widget_add_drag_source(gpointer widget) {
    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
    g_signal_connect(source, "drag-begin", G_CALLBACK(cgtk_drag_source_show_widget), NULL);
    gtk_widget_add_controller(GTK_WIDGET(widget), GTK_EVENT_CONTROLLER(source));
    return source;
}

/* Makes `source` offer `text` (a string value) to the next drag, or nothing (NULL). */
static inline void cgtk_drag_source_offer_text(gpointer source, const char *text) {
    GdkContentProvider *content = NULL;
    if (text != NULL) content = gdk_content_provider_new_typed(G_TYPE_STRING, text);
    gtk_drag_source_set_content(GTK_DRAG_SOURCE(source), content);
    if (content != NULL) g_object_unref(content);
}

/* gboolean handler(GtkDropTarget *target, const GValue *value, double x, double y, gpointer data):
 * "drop"; TRUE when the drop was taken. */
typedef gboolean (*CGtkDropHandler)(gpointer target, const GValue *value, double x, double y, gpointer data);

/* Lets text (a string value) be dropped on `widget`, moved or copied; `handler`
 * hears each drop. The widget owns the drop target. */
static inline gulong cgtk_widget_on_text_drop(gpointer widget, CGtkDropHandler handler, gpointer data,
                                              GClosureNotify release) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
    gtk_widget_add_controller(GTK_WIDGET(widget), GTK_EVENT_CONTROLLER(target));
    return g_signal_connect_data(target, "drop", G_CALLBACK(handler), data, release, 0);
}

/* The text a dropped value holds, or NULL if it holds none. */
static inline const char *cgtk_dropped_text(const GValue *value) {
    return G_VALUE_HOLDS_STRING(value) ? g_value_get_string(value) : NULL;
}

/* gboolean handler(GtkDragSource *source, GdkDrag *drag, GdkDragCancelReason reason, gpointer data):
 * "drag-cancel", a drag from the source that ended without a drop (reason
 * GDK_DRAG_CANCEL_NO_TARGET: let go where nothing takes drops); FALSE lets
 * GTK show the drag going back. */
typedef gboolean (*CGtkDragCancelHandler)(GtkDragSource *source, GdkDrag *drag, GdkDragCancelReason reason,
                                          gpointer data);

static inline gulong cgtk_signal_connect_drag_cancel(gpointer source, CGtkDragCancelHandler handler, gpointer data,
                                                     GClosureNotify release) {
    return g_signal_connect_data(source, "drag-cancel", G_CALLBACK(handler), data, release, 0);
}
#endif
