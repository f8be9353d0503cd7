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
#include <adwaita.h>
#include <libintl.h>
#include <locale.h>
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
static inline GtkMenuButton *quire_as_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkBox *quire_as_box(gpointer p) { return GTK_BOX(p); }
static inline GtkRevealer *quire_as_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline GtkPaned *quire_as_paned(gpointer p) { return GTK_PANED(p); }
static inline GtkEditable *quire_as_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkListView *quire_as_list_view(gpointer p) { return GTK_LIST_VIEW(p); }
static inline GtkActionable *quire_as_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GtkAdjustment *quire_as_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkToggleButton *quire_as_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkButton *quire_as_button(gpointer p) { return GTK_BUTTON(p); }
static inline AdwToast *quire_as_toast(gpointer p) { return ADW_TOAST(p); }
static inline AdwToastOverlay *quire_as_toast_overlay(gpointer p) { return ADW_TOAST_OVERLAY(p); }
static inline AdwClampScrollable *quire_as_clamp_scrollable(gpointer p) { return ADW_CLAMP_SCROLLABLE(p); }
static inline AdwStatusPage *quire_as_status_page(gpointer p) { return ADW_STATUS_PAGE(p); }
static inline AdwMessageDialog *quire_as_message_dialog(gpointer p) { return ADW_MESSAGE_DIALOG(p); }
static inline AdwApplicationWindow *quire_as_adw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwHeaderBar *quire_as_adw_header_bar(gpointer p) { return ADW_HEADER_BAR(p); }
static inline AdwLeaflet *quire_as_leaflet(gpointer p) { return ADW_LEAFLET(p); }

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
typedef void (*QuireStringHandler)(gpointer instance, const char *text, gpointer data);
/* void handler(GSimpleAction *action, GVariant *parameter, gpointer data): action "activate" */
typedef void (*QuireActionHandler)(gpointer action, GVariant *parameter, gpointer data);

/* void handler(GListModel *list, guint position, guint removed, guint added, gpointer data): "items-changed" */
typedef void (*QuireItemsChangedHandler)(gpointer list, guint position, guint removed, guint added, gpointer data);

/* void handler(GtkTextBuffer *buffer, GtkTextIter *location, char *text, int length, gpointer data): "insert-text" */
typedef void (*QuireInsertTextHandler)(gpointer buffer, GtkTextIter *location, const char *text, int length,
                                       gpointer data);
/* void handler(GtkTextBuffer *buffer, GtkTextIter *start, GtkTextIter *end, gpointer data): "delete-range" */
typedef void (*QuireDeleteRangeHandler)(gpointer buffer, GtkTextIter *start, GtkTextIter *end, gpointer data);

static inline gulong quire_signal_connect_insert_text(gpointer buffer, QuireInsertTextHandler handler,
                                                      gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, "insert-text", G_CALLBACK(handler), data, release, 0);
}

static inline gulong quire_signal_connect_delete_range(gpointer buffer, QuireDeleteRangeHandler handler,
                                                       gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, "delete-range", G_CALLBACK(handler), data, release, 0);
}

/* ---- Lists: a GtkStringList of identifiers, a single selection, a list view ---- */

/* void handler(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data): "setup", "bind" */
typedef void (*QuireListItemHandler)(gpointer factory, gpointer list_item, gpointer data);

static inline gulong quire_signal_connect_list_item(gpointer factory, const char *signal, QuireListItemHandler handler,
                                                    gpointer data, GClosureNotify release) {
    return g_signal_connect_data(factory, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gpointer quire_string_list_new(void) { return gtk_string_list_new(NULL); }

/* Replaces `removed` strings at `position` with the NULL-terminated `additions`. */
static inline void quire_string_list_splice(gpointer list, guint position, guint removed, const char *const *additions) {
    gtk_string_list_splice(GTK_STRING_LIST(list), position, removed, additions);
}

static inline guint quire_list_model_count(gpointer model) { return g_list_model_get_n_items(G_LIST_MODEL(model)); }

static inline const char *quire_string_list_get(gpointer list, guint position) {
    return gtk_string_list_get_string(GTK_STRING_LIST(list), position);
}

/* A single selection over `model`, which it takes a new reference to. */
static inline gpointer quire_single_selection_new(gpointer model) {
    return gtk_single_selection_new(G_LIST_MODEL(g_object_ref(model)));
}

static inline guint quire_single_selection_get(gpointer selection) {
    return gtk_single_selection_get_selected(GTK_SINGLE_SELECTION(selection));
}

static inline void quire_single_selection_set(gpointer selection, guint position) {
    gtk_single_selection_set_selected(GTK_SINGLE_SELECTION(selection), position);
}

/* The position meaning "nothing" (GTK_INVALID_LIST_POSITION). */
static inline guint quire_invalid_list_position(void) { return GTK_INVALID_LIST_POSITION; }

static inline gpointer quire_signal_list_item_factory_new(void) { return gtk_signal_list_item_factory_new(); }

/* A keyboard shortcut that works while the focus is in `widget` (or inside it):
 * `trigger` ("Delete", "<Alt>Delete") activates the action `action` ("app.x").
 * Returns FALSE if the trigger does not parse. */
static inline gboolean quire_widget_add_shortcut(gpointer widget, const char *trigger, const char *action) {
    GtkShortcutTrigger *parsed = gtk_shortcut_trigger_parse_string(trigger);
    if (parsed == NULL) return FALSE;
    GtkEventController *controller = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(controller),
                                         gtk_shortcut_new(parsed, gtk_named_action_new(action)));
    gtk_widget_add_controller(GTK_WIDGET(widget), controller);
    return TRUE;
}

/* Pressing `trigger` anywhere in the button's window clicks it at once, as a
 * mnemonic would a button with a text label. */
static inline gboolean quire_button_add_click_shortcut(gpointer widget, const char *trigger) {
    GtkShortcutTrigger *parsed = gtk_shortcut_trigger_parse_string(trigger);
    if (parsed == NULL) return FALSE;
    GtkEventController *controller = gtk_shortcut_controller_new();
    gtk_shortcut_controller_set_scope(GTK_SHORTCUT_CONTROLLER(controller), GTK_SHORTCUT_SCOPE_MANAGED);
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(controller),
                                         gtk_shortcut_new(parsed, gtk_signal_action_new("clicked")));
    gtk_widget_add_controller(GTK_WIDGET(widget), controller);
    return TRUE;
}

/* A list view of `selection` built by `factory`; it takes new references to both. */
static inline GtkWidget *quire_list_view_new(gpointer selection, gpointer factory) {
    return gtk_list_view_new(GTK_SELECTION_MODEL(g_object_ref(selection)),
                             GTK_LIST_ITEM_FACTORY(g_object_ref(factory)));
}

static inline void quire_list_item_set_child(gpointer item, gpointer child) {
    gtk_list_item_set_child(GTK_LIST_ITEM(item), child == NULL ? NULL : GTK_WIDGET(child));
}

static inline gpointer quire_list_item_get_child(gpointer item) { return gtk_list_item_get_child(GTK_LIST_ITEM(item)); }

/* Names the row a list item shows for screen readers: the row widget GTK wraps
 * around the item's child (which has the focus and the "list item" role). */
static inline void quire_list_item_set_accessible_label(gpointer item, const char *label) {
    GtkWidget *child = gtk_list_item_get_child(GTK_LIST_ITEM(item));
    GtkWidget *row = child != NULL ? gtk_widget_get_parent(child) : NULL;
    if (row != NULL) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}

/* The string of the GtkStringObject a list item shows, or NULL. Borrowed. */
static inline const char *quire_list_item_string(gpointer item) {
    gpointer object = gtk_list_item_get_item(GTK_LIST_ITEM(item));
    return object != NULL && GTK_IS_STRING_OBJECT(object) ? gtk_string_object_get_string(GTK_STRING_OBJECT(object)) : NULL;
}

/* GtkSearchEntry's placeholder is a property on GTK 4.8 (no setter until 4.10). */
static inline void quire_search_entry_set_placeholder(gpointer entry, const char *text) {
    g_object_set(G_OBJECT(GTK_SEARCH_ENTRY(entry)), "placeholder-text", text, NULL);
}

/* Text with markup characters escaped, for a label's markup; free with g_free. */
static inline gchar *quire_markup_escape(const char *text) { return g_markup_escape_text(text, -1); }

/* ---- Context menus: a secondary click on a widget opens a popover menu ---- */

/* void handler(GtkGestureClick *gesture, int presses, double x, double y, gpointer data): "pressed" */
typedef void (*QuirePressedHandler)(gpointer gesture, int presses, double x, double y, gpointer data);

/* Watches `widget` for mouse button `button` (1 primary, 3 secondary) being
 * "pressed" or "released" (`signal`), before the widgets around it see it;
 * the widget owns the gesture. */
static inline gulong quire_widget_on_click(gpointer widget, guint button, const char *signal,
                                           QuirePressedHandler handler, gpointer data, GClosureNotify release) {
    GtkGesture *gesture = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(gesture), button);
    gtk_widget_add_controller(GTK_WIDGET(widget), GTK_EVENT_CONTROLLER(gesture));
    return g_signal_connect_data(gesture, signal, G_CALLBACK(handler), data, release, 0);
}

/* Calls `handler` when the keyboard focus enters `widget` (or a widget inside it). */
static inline gulong quire_widget_on_focus_enter(gpointer widget, QuireVoidHandler handler, gpointer data,
                                                 GClosureNotify release) {
    GtkEventController *focus = gtk_event_controller_focus_new();
    gtk_widget_add_controller(GTK_WIDGET(widget), focus);
    return g_signal_connect_data(focus, "enter", G_CALLBACK(handler), data, release, 0);
}

/* A popover menu of `menu`, attached to `parent` (which unparents it when disposed). */
static inline GtkWidget *quire_popover_menu_new(gpointer menu, gpointer parent) {
    GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(menu));
    gtk_widget_set_parent(popover, GTK_WIDGET(parent));
    gtk_popover_set_has_arrow(GTK_POPOVER(popover), FALSE);
    return popover;
}

static inline void quire_popover_popup_at(gpointer popover, double x, double y) {
    GdkRectangle point = { (int)x, (int)y, 1, 1 };
    gtk_popover_set_pointing_to(GTK_POPOVER(popover), &point);
    gtk_popover_popup(GTK_POPOVER(popover));
}

/* ---- Dialogs built from a UI file, and the About dialog ------------------ */

/* The window called `name` in the GtkBuilder file at `path`, with a new
   reference for the caller, or NULL (and `error` set) if it cannot be built. */
static inline gpointer quire_builder_window(const char *path, const char *name, GError **error) {
    GtkBuilder *builder = gtk_builder_new();
    gpointer window = NULL;
    if (gtk_builder_add_from_file(builder, path, error)) {
        GObject *object = gtk_builder_get_object(builder, name);
        if (object != NULL && GTK_IS_WINDOW(object)) {
            window = g_object_ref(object);
        }
    }
    g_object_unref(builder);
    return window;
}

/* An About dialog for the app (GtkAboutDialog's setters are plain functions;
   the licence type is an enum the caller should not need to know). */
static inline GtkWidget *quire_about_window_new(const char *title, const char *name, const char *version,
                                                const char *comments, const char *website, const char *icon_name) {
    GtkWidget *window = adw_about_window_new();
    AdwAboutWindow *about = ADW_ABOUT_WINDOW(window);
    gtk_window_set_title(GTK_WINDOW(window), title);
    adw_about_window_set_application_name(about, name);
    adw_about_window_set_version(about, version);
    adw_about_window_set_comments(about, comments);
    adw_about_window_set_website(about, website);
    adw_about_window_set_application_icon(about, icon_name);
    adw_about_window_set_license_type(about, GTK_LICENSE_GPL_3_0);
    return window;
}

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

/* void handler(GObject *instance, guint value, gpointer data): a list view's "activate" */
typedef void (*QuireUIntHandler)(gpointer instance, guint value, gpointer data);

static inline gulong quire_signal_connect_uint(gpointer instance, const char *signal,
                                               QuireUIntHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/* void handler(GObject *instance, int width, int height, gpointer data): a surface's "layout" */
typedef void (*QuireSizeHandler)(gpointer instance, int width, int height, gpointer data);

static inline gulong quire_signal_connect_size(gpointer instance, const char *signal,
                                               QuireSizeHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong quire_signal_connect_string(gpointer instance, const char *signal,
                                                 QuireStringHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gulong quire_signal_connect_action(gpointer instance, const char *signal,
                                                 QuireActionHandler handler, gpointer data,
                                                 GClosureNotify release) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, release, 0);
}

/* int handler(GApplication *app, GApplicationCommandLine *command_line, gpointer data): "command-line" */
typedef int (*QuireCommandLineHandler)(gpointer application, gpointer command_line, gpointer data);

static inline gulong quire_signal_connect_command_line(gpointer instance, QuireCommandLineHandler handler,
                                                       gpointer data, GClosureNotify release) {
    return g_signal_connect_data(instance, "command-line", G_CALLBACK(handler), data, release, 0);
}

/* void handler(GApplication *app, GFile **files, gint n_files, gchar *hint, gpointer data): "open" */
typedef void (*QuireOpenHandler)(gpointer application, gpointer *files, gint n_files, const gchar *hint,
                                 gpointer data);

static inline gulong quire_signal_connect_open(gpointer instance, QuireOpenHandler handler, gpointer data,
                                               GClosureNotify release) {
    return g_signal_connect_data(instance, "open", G_CALLBACK(handler), data, release, 0);
}

/* The URI of one of the files an "open" signal carries; free with g_free. */
static inline gchar *quire_open_file_uri(gpointer *files, gint index) {
    return g_file_get_uri(G_FILE(files[index]));
}

/* ---- Accessibility ----------------------------------------------------- */

/* Sets the name a screen reader announces for the widget (its accessible label). */
static inline void quire_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* Lets a button's name come from the label inside it alone. GTK 4.8 also sets the
 * button's raw mnemonic as its label, and announces "_New Note New Note". */
static inline void quire_accessible_name_from_content(gpointer widget) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/* ---- Command lines forwarded to the primary instance -------------------- */

/* Declares a boolean --long-name option that GApplication parses and forwards. */
static inline void quire_application_add_flag(gpointer application, const char *long_name,
                                              const char *description) {
    g_application_add_main_option(G_APPLICATION(application), long_name, 0, G_OPTION_FLAG_NONE,
                                  G_OPTION_ARG_NONE, description, NULL);
}

/* Declares that the arguments left after the options are URIs ("[URI…]" in --help). */
static inline void quire_application_add_remaining_uris(gpointer application, const char *description) {
    g_application_add_main_option(G_APPLICATION(application), G_OPTION_REMAINING, 0, G_OPTION_FLAG_NONE,
                                  G_OPTION_ARG_STRING_ARRAY, description, "[URI…]");
}

static inline gboolean quire_command_line_has_flag(gpointer command_line, const char *long_name) {
    GVariantDict *options = g_application_command_line_get_options_dict(G_APPLICATION_COMMAND_LINE(command_line));
    return g_variant_dict_contains(options, long_name);
}

/* The arguments left after the options, NULL-terminated; free with g_strfreev. */
static inline gchar **quire_command_line_remaining(gpointer command_line) {
    GVariantDict *options = g_application_command_line_get_options_dict(G_APPLICATION_COMMAND_LINE(command_line));
    gchar **remaining = NULL;
    if (!g_variant_dict_lookup(options, G_OPTION_REMAINING, "^as", &remaining)) {
        return NULL;
    }
    return remaining;
}

static inline gboolean quire_command_line_is_remote(gpointer command_line) {
    return g_application_command_line_get_is_remote(G_APPLICATION_COMMAND_LINE(command_line));
}

/* What --help says above the options (`summary`) and below them (`description`). */
static inline void quire_application_describe_options(gpointer application, const char *summary,
                                                      const char *description) {
    g_application_set_option_context_summary(G_APPLICATION(application), summary);
    g_application_set_option_context_description(G_APPLICATION(application), description);
}

/* Writes a line to the standard error of the process that ran the command (local or remote). */
static inline void quire_command_line_print_error(gpointer command_line, const char *message) {
    g_application_command_line_printerr(G_APPLICATION_COMMAND_LINE(command_line), "%s\n", message);
}

/* ---- Window state that GTK keeps on the toplevel surface ---------------- */

/* Whether the window's surface is minimised (iconified). FALSE before it is realised. */
static inline gboolean quire_window_is_minimized(gpointer window) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !GDK_IS_TOPLEVEL(surface)) {
        return FALSE;
    }
    return (gdk_toplevel_get_state(GDK_TOPLEVEL(surface)) & GDK_TOPLEVEL_STATE_MINIMIZED) != 0;
}

/* The window's surface (a GdkToplevel) once realised, else NULL; no new reference. */
static inline gpointer quire_window_surface(gpointer window) {
    return gtk_native_get_surface(GTK_NATIVE(window));
}

/* The frame clock that paints the window once realised, else NULL; no new reference. */
static inline gpointer quire_widget_frame_clock(gpointer widget) {
    return gtk_widget_get_frame_clock(GTK_WIDGET(widget));
}

/* ---- Objects the app exports on the session bus ------------------------- */

/* void handler(const char *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data) */
typedef void (*QuireMethodHandler)(const char *method, GVariant *parameters, gpointer invocation, gpointer data);

typedef struct {
    QuireMethodHandler handler;
    gpointer data;
    GDestroyNotify release;
} QuireMethodTarget;

static void quire_method_call(GDBusConnection *connection, const gchar *sender, const gchar *path,
                              const gchar *interface, const gchar *method, GVariant *parameters,
                              GDBusMethodInvocation *invocation, gpointer target) {
    ((QuireMethodTarget *)target)->handler(method, parameters, invocation, ((QuireMethodTarget *)target)->data);
}

static void quire_method_target_free(gpointer target) {
    QuireMethodTarget *method_target = target;
    if (method_target->release != NULL) method_target->release(method_target->data);
    g_free(method_target);
}

/* Exports an object at `path` on the process's session bus connection (the
 * shared one GApplication registers its name on: exported before the name is
 * taken, no call can find the name without the object), with the one interface
 * the introspection `xml` describes; `handler` answers its method calls (it
 * must reply to each invocation), on the main loop. Returns the registration,
 * or 0 with a message in `*error_message` (free it with g_free); `release`
 * gets `data` back once the object is gone (or at once, on failure). */
static inline guint quire_session_bus_export_object(const char *path, const char *xml, QuireMethodHandler handler,
                                                    gpointer data, GDestroyNotify release, char **error_message) {
    static const GDBusInterfaceVTable vtable = { quire_method_call, NULL, NULL, { 0 } };
    GError *error = NULL;
    GDBusConnection *connection = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    GDBusNodeInfo *node = connection == NULL ? NULL : g_dbus_node_info_new_for_xml(xml, &error);
    if (node == NULL || node->interfaces == NULL || node->interfaces[0] == NULL) {
        *error_message = g_strdup(error != NULL ? error->message : "the XML describes no interface");
        if (error != NULL) g_error_free(error);
        if (node != NULL) g_dbus_node_info_unref(node);
        if (connection != NULL) g_object_unref(connection);
        release(data);
        return 0;
    }
    QuireMethodTarget *target = g_new0(QuireMethodTarget, 1);
    target->handler = handler;
    target->data = data;
    target->release = release;
    guint id = g_dbus_connection_register_object(connection, path, node->interfaces[0], &vtable, target,
                                                 quire_method_target_free, &error);
    g_dbus_node_info_unref(node);
    /* The connection reference is kept for the life of the process: GIO holds its
     * shared connection only weakly, and the object lives as long as the connection. */
    if (id == 0) {
        *error_message = g_strdup(error->message);
        g_error_free(error);
    }
    return id;
}

/* The array of strings at `index` of the `parameters` tuple (NULL-terminated;
 * free the array, not the strings, with g_free). */
static inline const gchar **quire_variant_strings_at(GVariant *parameters, gsize index) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    const gchar **strings = g_variant_get_strv(child, NULL);
    g_variant_unref(child);
    return strings;
}

/* The string at `index` of the `parameters` tuple (a copy: free it with g_free). */
static inline gchar *quire_variant_string_at(GVariant *parameters, gsize index) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    gchar *string = g_variant_dup_string(child, NULL);
    g_variant_unref(child);
    return string;
}

/* Replies with one array of strings, "(as)". */
static inline void quire_invocation_return_strings(gpointer invocation, const char *const *strings, gsize count) {
    g_dbus_method_invocation_return_value(G_DBUS_METHOD_INVOCATION(invocation),
                                          g_variant_new("(@as)", g_variant_new_strv(strings, (gssize)count)));
}

/* Replies with an array of dictionaries of strings, "(aa{sv})": entry i holds
 * keys[k] -> values[i * key_count + k], each value a string. */
static inline void quire_invocation_return_dictionaries(gpointer invocation, const char *const *keys, gsize key_count,
                                                        const char *const *values, gsize count) {
    GVariantBuilder entries;
    g_variant_builder_init(&entries, G_VARIANT_TYPE("aa{sv}"));
    for (gsize i = 0; i < count; i++) {
        GVariantBuilder entry;
        g_variant_builder_init(&entry, G_VARIANT_TYPE("a{sv}"));
        for (gsize k = 0; k < key_count; k++) {
            g_variant_builder_add(&entry, "{sv}", keys[k], g_variant_new_string(values[i * key_count + k]));
        }
        g_variant_builder_add_value(&entries, g_variant_builder_end(&entry));
    }
    g_dbus_method_invocation_return_value(G_DBUS_METHOD_INVOCATION(invocation),
                                          g_variant_new("(@aa{sv})", g_variant_builder_end(&entries)));
}

/* Replies with nothing, "()". */
static inline void quire_invocation_return_nothing(gpointer invocation) {
    g_dbus_method_invocation_return_value(G_DBUS_METHOD_INVOCATION(invocation), NULL);
}

/* Replies with a D-Bus error (org.freedesktop.DBus.Error.Failed) saying `message`. */
static inline void quire_invocation_return_failure(gpointer invocation, const char *message) {
    g_dbus_method_invocation_return_dbus_error(G_DBUS_METHOD_INVOCATION(invocation),
                                               "org.freedesktop.DBus.Error.Failed", message);
}

/* ---- Window positions on X11 (GTK 4 has no API for them) --------------- */

/* Only what is needed of GDK's X11 backend and of Xlib is declared here: their
 * headers would bring Xlib's macros and type names (Window, Bool, None) into Swift. */
typedef struct _XDisplay QuireXDisplay;
extern GType gdk_x11_surface_get_type(void);
extern unsigned long gdk_x11_surface_get_xid(GdkSurface *surface);
extern QuireXDisplay *gdk_x11_display_get_xdisplay(GdkDisplay *display);
extern int XQueryTree(QuireXDisplay *display, unsigned long window, unsigned long *root, unsigned long *parent,
                      unsigned long **children, unsigned int *count);
extern int XTranslateCoordinates(QuireXDisplay *display, unsigned long source, unsigned long destination,
                                 int x, int y, int *destination_x, int *destination_y, unsigned long *child);
extern int XMoveWindow(QuireXDisplay *display, unsigned long window, int x, int y);
extern int XFree(void *data);

/* The X11 window of `window`'s surface, or 0 (not realized, or not on X11). */
static inline unsigned long quire_window_x11_id(gpointer window, QuireXDisplay **display) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_x11_surface_get_type())) return 0;
    *display = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
    return gdk_x11_surface_get_xid(surface);
}

/* Where `window` is on the screen, on X11: the top-left corner of its outermost
 * window (the window manager's frame, if it puts one around it). FALSE if it is
 * not on X11 or not realized. */
static inline gboolean quire_window_x11_position(gpointer window, int *x, int *y) {
    QuireXDisplay *display = NULL;
    unsigned long outer = quire_window_x11_id(window, &display);
    if (outer == 0) return FALSE;
    unsigned long root = 0;
    for (int depth = 0; depth < 8; depth++) {
        unsigned long parent = 0, *children = NULL;
        unsigned int count = 0;
        if (!XQueryTree(display, outer, &root, &parent, &children, &count)) return FALSE;
        if (children != NULL) XFree(children);
        if (parent == 0 || parent == root) break;
        outer = parent;
    }
    unsigned long child = 0;
    return XTranslateCoordinates(display, outer, root, 0, 0, x, y, &child) ? TRUE : FALSE;
}

/* Asks for `window` to be placed with its outermost corner at (x, y), on X11 (a
 * window manager places its frame there, as ICCCM's default gravity says). */
static inline gboolean quire_window_x11_move(gpointer window, int x, int y) {
    QuireXDisplay *display = NULL;
    unsigned long xid = quire_window_x11_id(window, &display);
    if (xid == 0) return FALSE;
    XMoveWindow(display, xid, x, y);
    return TRUE;
}

/* ---- Actions (GSimpleAction is opaque to Swift) -------------------------- */

/* A new parameterless action, with a full reference for the caller. */
static inline gpointer quire_simple_action_new(const char *name) {
    return g_simple_action_new(name, NULL);
}

/* A new action whose parameter is a string ("app.name::value" in menus); with a
 * non-NULL `state`, also a string state: menus mark the item whose value is the state. */
static inline gpointer quire_simple_action_new_with_string(const char *name, const char *state) {
    if (state == NULL) return g_simple_action_new(name, G_VARIANT_TYPE_STRING);
    return g_simple_action_new_stateful(name, G_VARIANT_TYPE_STRING, g_variant_new_string(state));
}

/* Sets the string state of the action `name` in `map`, if it is a stateful string action. */
static inline void quire_action_map_set_string_state(gpointer map, const char *name, const char *state) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    if (action == NULL || !G_IS_SIMPLE_ACTION(action)) return;
    const GVariantType *type = g_action_get_state_type(action);
    if (type == NULL || !g_variant_type_equal(type, G_VARIANT_TYPE_STRING)) return;
    g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_string(state));
}

/* The string inside a string GVariant, or NULL if it is not one. Borrowed. */
static inline const char *quire_variant_string(GVariant *value) {
    if (value == NULL || !g_variant_is_of_type(value, G_VARIANT_TYPE_STRING)) {
        return NULL;
    }
    return g_variant_get_string(value, NULL);
}

/* ---- Menus (GMenu is opaque to Swift) ----------------------------------- */

static inline gpointer quire_menu_new(void) { return g_menu_new(); }

static inline void quire_menu_append(gpointer menu, const char *label, const char *detailed_action) {
    g_menu_append(G_MENU(menu), label, detailed_action);
}

static inline void quire_menu_append_section(gpointer menu, const char *label, gpointer section) {
    g_menu_append_section(G_MENU(menu), label, G_MENU_MODEL(section));
}

static inline void quire_menu_remove_all(gpointer menu) { g_menu_remove_all(G_MENU(menu)); }

static inline void quire_menu_insert(gpointer menu, int position, const char *label, const char *detailed_action) {
    g_menu_insert(G_MENU(menu), position, label, detailed_action);
}

static inline void quire_menu_remove(gpointer menu, int position) { g_menu_remove(G_MENU(menu), position); }

/* A menu button that makes its popover only when first opened (each call of `create` sets the model). */
static inline void quire_menu_button_set_create_popup(gpointer button, GtkMenuButtonCreatePopupFunc create,
                                                      gpointer data, GDestroyNotify destroy) {
    gtk_menu_button_set_create_popup_func(GTK_MENU_BUTTON(button), create, data, destroy);
}

static inline void quire_menu_button_set_model(gpointer button, gpointer menu) {
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(button), G_MENU_MODEL(menu));
}

/* ---- Low-memory warnings ------------------------------------------------- */

/* The system's memory monitor, with a new reference. */
static inline gpointer quire_memory_monitor_dup_default(void) { return g_memory_monitor_dup_default(); }

/* void handler(GMemoryMonitor *monitor, GMemoryMonitorWarningLevel level, gpointer data) */
typedef void (*QuireLowMemoryHandler)(gpointer monitor, GMemoryMonitorWarningLevel level, gpointer data);

static inline gulong quire_signal_connect_low_memory(gpointer monitor, QuireLowMemoryHandler handler, gpointer data,
                                                     GClosureNotify release) {
    return g_signal_connect_data(monitor, "low-memory-warning", G_CALLBACK(handler), data, release, 0);
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
