/* List models, selections and list views. Part of shim.h: include that, not this. */
#ifndef CGTK_LISTS_H
#define CGTK_LISTS_H

/* ---- Lists: a GtkStringList of identifiers, a single selection, a list view ---- */

/* void handler(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data): "setup", "bind" */
typedef void (*CGtkListItemHandler)(gpointer factory, gpointer list_item, gpointer data);

static inline gulong cgtk_signal_connect_list_item(gpointer factory, const char *signal, CGtkListItemHandler handler,
                                                    gpointer data, GClosureNotify release) {
    return g_signal_connect_data(factory, signal, G_CALLBACK(handler), data, release, 0);
}

static inline gpointer cgtk_string_list_new(void) { return gtk_string_list_new(NULL); }

/* Replaces `removed` strings at `position` with the NULL-terminated `additions`. */
static inline void cgtk_string_list_splice(gpointer list, guint position, guint removed, const char *const *additions) {
    gtk_string_list_splice(GTK_STRING_LIST(list), position, removed, additions);
}

static inline guint cgtk_list_model_count(gpointer model) { return g_list_model_get_n_items(G_LIST_MODEL(model)); }

static inline const char *cgtk_string_list_get(gpointer list, guint position) {
    return gtk_string_list_get_string(GTK_STRING_LIST(list), position);
}

/* A single selection over `model`, which it takes a new reference to. */
static inline gpointer cgtk_single_selection_new(gpointer model) {
    return gtk_single_selection_new(G_LIST_MODEL(g_object_ref(model)));
}

static inline guint cgtk_single_selection_get(gpointer selection) {
    return gtk_single_selection_get_selected(GTK_SINGLE_SELECTION(selection));
}

static inline void cgtk_single_selection_set(gpointer selection, guint position) {
    gtk_single_selection_set_selected(GTK_SINGLE_SELECTION(selection), position);
}

/* Whether `selection` always keeps a row selected (GTK's autoselect). */
static inline void cgtk_single_selection_set_autoselect(gpointer selection, gboolean autoselect) {
    gtk_single_selection_set_autoselect(GTK_SINGLE_SELECTION(selection), autoselect);
}

static inline gpointer cgtk_multi_selection_new(gpointer model) {
    return gtk_multi_selection_new(G_LIST_MODEL(g_object_ref(model)));
}

/* The selected positions of `selection` (a GtkSelectionModel), in order, into
 * `positions` (room for `capacity`); returns how many are selected (which may
 * be more than `capacity`). */
static inline guint cgtk_selection_get_positions(gpointer selection, guint *positions, guint capacity) {
    GtkBitset *selected = gtk_selection_model_get_selection(GTK_SELECTION_MODEL(selection));
    guint count = 0;
    GtkBitsetIter iter;
    guint position;
    if (gtk_bitset_iter_init_first(&iter, selected, &position)) {
        do {
            if (count < capacity) positions[count] = position;
            count++;
        } while (gtk_bitset_iter_next(&iter, &position));
    }
    gtk_bitset_unref(selected);
    return count;
}

/* Selects exactly the `count` `positions` of `selection` (a GtkSelectionModel).
 * The mask spans the model's rows only: a bitset of every possible position
 * is 65,536 blocks made and freed at each call (10 ms a restored window). */
static inline void cgtk_selection_set_positions(gpointer selection, const guint *positions, guint count) {
    GtkBitset *selected = gtk_bitset_new_empty();
    for (guint i = 0; i < count; i++) gtk_bitset_add(selected, positions[i]);
    GtkBitset *all = gtk_bitset_new_range(0, g_list_model_get_n_items(G_LIST_MODEL(selection)));
    gtk_selection_model_set_selection(GTK_SELECTION_MODEL(selection), selected, all);
    gtk_bitset_unref(all);
    gtk_bitset_unref(selected);
}

/* The position meaning "nothing" (GTK_INVALID_LIST_POSITION). */
static inline guint cgtk_invalid_list_position(void) { return GTK_INVALID_LIST_POSITION; }

static inline gpointer cgtk_signal_list_item_factory_new(void) { return gtk_signal_list_item_factory_new(); }

/* A keyboard shortcut that works while the focus is in `widget` (or inside it):
 * `trigger` ("Delete", "<Alt>Delete") activates the action `action` ("app.x").
 * Returns FALSE if the trigger does not parse. */
static inline gboolean cgtk_widget_add_shortcut(gpointer widget, const char *trigger, const char *action) {
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
static inline gboolean cgtk_button_add_click_shortcut(gpointer widget, const char *trigger) {
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
static inline GtkWidget *cgtk_list_view_new(gpointer selection, gpointer factory) {
    return gtk_list_view_new(GTK_SELECTION_MODEL(g_object_ref(selection)),
                             GTK_LIST_ITEM_FACTORY(g_object_ref(factory)));
}

static inline void cgtk_list_item_set_child(gpointer item, gpointer child) {
    gtk_list_item_set_child(GTK_LIST_ITEM(item), child == NULL ? NULL : GTK_WIDGET(child));
}

static inline gpointer cgtk_list_item_get_child(gpointer item) { return gtk_list_item_get_child(GTK_LIST_ITEM(item)); }

/* Names the row a list item shows for screen readers: the row widget GTK wraps
 * around the item's child (which has the focus and the "list item" role). */
static inline void cgtk_list_item_set_accessible_label(gpointer item, const char *label) {
    GtkWidget *child = gtk_list_item_get_child(GTK_LIST_ITEM(item));
    GtkWidget *row = child != NULL ? gtk_widget_get_parent(child) : NULL;
    if (row != NULL) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}

/* The string of the GtkStringObject a list item shows, or NULL. Borrowed. */
static inline const char *cgtk_list_item_string(gpointer item) {
    gpointer object = gtk_list_item_get_item(GTK_LIST_ITEM(item));
    return object != NULL && GTK_IS_STRING_OBJECT(object) ? gtk_string_object_get_string(GTK_STRING_OBJECT(object)) : NULL;
}

/* GtkSearchEntry's placeholder is a property on GTK 4.8 (no setter until 4.10). */
static inline void cgtk_search_entry_set_placeholder(gpointer entry, const char *text) {
    g_object_set(G_OBJECT(GTK_SEARCH_ENTRY(entry)), "placeholder-text", text, NULL);
}

/* Typing in `widget` goes into the search entry. */
static inline void cgtk_search_entry_take_typing(gpointer entry, gpointer widget) {
    gtk_search_entry_set_key_capture_widget(GTK_SEARCH_ENTRY(entry), GTK_WIDGET(widget));
}

/* Text with markup characters escaped, for a label's markup; free with g_free. */
static inline gchar *cgtk_markup_escape(const char *text) { return g_markup_escape_text(text, -1); }

#endif
