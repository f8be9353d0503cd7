/* A text view's blinking cursor, kept to the view with the keyboard. Part of shim.h: include that, not this. */
#ifndef CGTK_TEXTCURSOR_H
#define CGTK_TEXTCURSOR_H

/* GTK 4.8 keeps a text view's cursor blinking after the view loses the focus
 * (its focus-out handler checks the blink but not the focus), and starts it
 * in views of windows that were never active: each blink redraws the view at
 * the frame rate for ten seconds, so every window on a note redrew itself
 * while another was typed in, and every restored window while the rest were
 * built. Here the cursor is on only while the view has the focus in the
 * active window. It is turned off only while GTK still counts the view as
 * focused (then GTK stops the blink): turned off otherwise, the blink goes on
 * and GTK 4.8 aborts in it ("blink_cb: assertion failed: cursor_visible"). */
static inline void cgtk_text_cursor_update(GtkTextView *view) {
    GtkWidget *widget = GTK_WIDGET(view);
    if (!gtk_widget_has_focus(widget)) return;
    GtkRoot *root = gtk_widget_get_root(widget);
    gboolean active = root != NULL && GTK_IS_WINDOW(root) && gtk_window_is_active(GTK_WINDOW(root));
    gtk_text_view_set_cursor_visible(view, active);
}

static inline void cgtk_text_cursor_on_notify(GObject *object, GParamSpec *pspec, gpointer view) {
    (void)object;
    (void)pspec;
    cgtk_text_cursor_update(GTK_TEXT_VIEW(view));
}

static inline void cgtk_text_cursor_on_leave(GtkEventControllerFocus *controller, gpointer view) {
    (void)controller;
    cgtk_text_cursor_update(GTK_TEXT_VIEW(view));
}

static inline void cgtk_text_cursor_on_realize(GtkWidget *widget, gpointer data) {
    (void)data;
    GtkRoot *root = gtk_widget_get_root(widget);
    if (root == NULL || g_object_get_data(G_OBJECT(widget), "cgtk-text-cursor-root") == root) return;
    g_object_set_data(G_OBJECT(widget), "cgtk-text-cursor-root", root);
    g_signal_connect_object(root, "notify::is-active", G_CALLBACK(cgtk_text_cursor_on_notify), widget, 0);
    cgtk_text_cursor_update(GTK_TEXT_VIEW(widget));
}

/* Keeps `view`'s cursor (and its blinking) to when it has the focus in the
 * active window, for as long as the view lives. */
static inline void cgtk_text_view_keep_cursor_to_focus(gpointer view) {
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect_object(focus, "leave", G_CALLBACK(cgtk_text_cursor_on_leave), view, 0);
    gtk_widget_add_controller(GTK_WIDGET(view), focus);
    g_signal_connect(view, "notify::has-focus", G_CALLBACK(cgtk_text_cursor_on_notify), view);
    g_signal_connect(view, "realize", G_CALLBACK(cgtk_text_cursor_on_realize), NULL);
    if (gtk_widget_get_realized(GTK_WIDGET(view))) cgtk_text_cursor_on_realize(GTK_WIDGET(view), NULL);
}

#endif
