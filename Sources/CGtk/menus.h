/* Menus, actions and context menus. Part of shim.h: include that, not this. */
#ifndef CGTK_MENUS_H
#define CGTK_MENUS_H

/* ---- Context menus: a secondary click on a widget opens a popover menu ---- */

/* void handler(GtkGestureClick *gesture, int presses, double x, double y, gpointer data): "pressed" */
typedef void (*CGtkPressedHandler)(gpointer gesture, int presses, double x, double y, gpointer data);

/* Watches `widget` for mouse button `button` (1 primary, 3 secondary) being
 * "pressed" or "released" (`signal`), before the widgets around it see it; with
 * `first`, in the capture phase, also before the widget's own gestures (a text
 * view's, which claim every click) can take it. The widget owns the gesture. */
static inline gulong cgtk_widget_on_click(gpointer widget, guint button, const char *signal, gboolean first,
                                          CGtkPressedHandler handler, gpointer data, GClosureNotify release) {
    GtkGesture *gesture = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(gesture), button);
    if (first) gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(gesture), GTK_PHASE_CAPTURE);
    gtk_widget_add_controller(GTK_WIDGET(widget), GTK_EVENT_CONTROLLER(gesture));
    return g_signal_connect_data(gesture, signal, G_CALLBACK(handler), data, release, 0);
}

/* Lets `view`'s input method take the key event `controller` is handling now (a
 * Return that commits a composition); TRUE if it did, and nothing more should be
 * done with the key. */
static inline gboolean cgtk_text_view_input_method_takes(gpointer view, gpointer controller) {
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    return event != NULL && gtk_text_view_im_context_filter_keypress(GTK_TEXT_VIEW(view), event);
}

/* Whether Ctrl is held in the event a gesture (or other controller) is handling now. */
static inline gboolean cgtk_controller_control_held(gpointer controller) {
    return (gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(controller)) & GDK_CONTROL_MASK) != 0;
}

/* The time the windowing system stamped the event `controller` is handling
 * with, in milliseconds (0 if none). */
static inline guint32 cgtk_controller_event_time(gpointer controller) {
    return gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(controller));
}

/* gboolean handler(GtkEventControllerKey *, guint keyval, guint keycode, GdkModifierType state, gpointer data):
 * "key-pressed"; TRUE stops the key there. */
typedef gboolean (*CGtkKeyHandler)(gpointer controller, guint keyval, guint keycode, GdkModifierType state, gpointer data);

/* Calls `handler` for each key pressed while `widget` has the focus: before the
 * widget itself handles it (capture phase), or, `after_children`, only keys no
 * widget inside it took (bubble phase). The widget owns the controller. */
static inline gulong cgtk_widget_on_key_pressed(gpointer widget, gboolean after_children, CGtkKeyHandler handler,
                                                gpointer data, GClosureNotify release) {
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, after_children ? GTK_PHASE_BUBBLE : GTK_PHASE_CAPTURE);
    gtk_widget_add_controller(GTK_WIDGET(widget), keys);
    return g_signal_connect_data(keys, "key-pressed", G_CALLBACK(handler), data, release, 0);
}

/* Hands the key that `controller`'s "key-pressed" handler is hearing to `widget`,
 * as if `widget` had the focus (its input method too); whether it took it. */
static inline gboolean cgtk_key_forward(gpointer controller, gpointer widget) {
    return gtk_event_controller_key_forward(GTK_EVENT_CONTROLLER_KEY(controller), GTK_WIDGET(widget));
}

/* gboolean handler(GtkEventControllerScroll *, double dx, double dy, gpointer data): "scroll"; TRUE stops it there. */
typedef gboolean (*CGtkScrollHandler)(gpointer controller, double dx, double dy, gpointer data);

/* Calls `handler` for each scroll (a wheel's step, a touchpad's motion) over
 * `widget` or a widget inside it, before any of them scrolls (capture phase).
 * The widget owns the controller. */
static inline gulong cgtk_widget_on_scroll(gpointer widget, CGtkScrollHandler handler, gpointer data,
                                           GClosureNotify release) {
    GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE);
    gtk_widget_add_controller(GTK_WIDGET(widget), scroll);
    return g_signal_connect_data(scroll, "scroll", G_CALLBACK(handler), data, release, 0);
}

/* The modifier keys that make a shortcut (Ctrl, Shift, Alt; Super, Meta, Hyper), without lock keys. */
static inline gboolean cgtk_modifiers_control(GdkModifierType state) { return (state & GDK_CONTROL_MASK) != 0; }
static inline gboolean cgtk_modifiers_shift(GdkModifierType state) { return (state & GDK_SHIFT_MASK) != 0; }
static inline gboolean cgtk_modifiers_alt(GdkModifierType state) { return (state & GDK_ALT_MASK) != 0; }
static inline gboolean cgtk_modifiers_other(GdkModifierType state) {
    return (state & (GDK_SUPER_MASK | GDK_META_MASK | GDK_HYPER_MASK)) != 0;
}

/* Calls `handler` when the keyboard focus enters `widget` (or a widget inside it). */
static inline gulong cgtk_widget_on_focus_enter(gpointer widget, CGtkVoidHandler handler, gpointer data,
                                                 GClosureNotify release) {
    GtkEventController *focus = gtk_event_controller_focus_new();
    gtk_widget_add_controller(GTK_WIDGET(widget), focus);
    return g_signal_connect_data(focus, "enter", G_CALLBACK(handler), data, release, 0);
}

/* A new controller, owned by `widget`, whose "contains-pointer" property says
 * whether the pointer is over the widget (or a widget inside it). */
static inline gpointer cgtk_widget_add_pointer_watch(gpointer widget) {
    GtkEventController *motion = gtk_event_controller_motion_new();
    gtk_widget_add_controller(GTK_WIDGET(widget), motion);
    return motion;
}

static inline gboolean cgtk_pointer_watch_contains_pointer(gpointer controller) {
    return gtk_event_controller_motion_contains_pointer(GTK_EVENT_CONTROLLER_MOTION(controller));
}

/* A new controller, owned by `widget`, whose "contains-focus" property says
 * whether the keyboard focus is in the widget (or a widget inside it). */
static inline gpointer cgtk_widget_add_focus_watch(gpointer widget) {
    GtkEventController *focus = gtk_event_controller_focus_new();
    gtk_widget_add_controller(GTK_WIDGET(widget), focus);
    return focus;
}

static inline gboolean cgtk_focus_watch_contains_focus(gpointer controller) {
    return gtk_event_controller_focus_contains_focus(GTK_EVENT_CONTROLLER_FOCUS(controller));
}

/* A popover menu of `menu`, attached to `parent` (which unparents it when disposed). */
static inline GtkWidget *cgtk_popover_menu_new(gpointer menu, gpointer parent) {
    GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(menu));
    gtk_widget_set_parent(popover, GTK_WIDGET(parent));
    gtk_popover_set_has_arrow(GTK_POPOVER(popover), FALSE);
    return popover;
}

static inline void cgtk_popover_menu_set_menu(gpointer popover, gpointer menu) {
    gtk_popover_menu_set_menu_model(GTK_POPOVER_MENU(popover), G_MENU_MODEL(menu));
}

static inline void cgtk_popover_popup_at(gpointer popover, double x, double y) {
    GdkRectangle point = { (int)x, (int)y, 1, 1 };
    gtk_popover_set_pointing_to(GTK_POPOVER(popover), &point);
    gtk_popover_popup(GTK_POPOVER(popover));
}

/* ---- Actions (GSimpleAction is opaque to Swift) -------------------------- */

/* A new, empty action group, with a full reference for the caller. */
static inline gpointer cgtk_simple_action_group_new(void) {
    return g_simple_action_group_new();
}

/* Adds `action` to the group or application `map` (which takes its own reference). */
static inline void cgtk_action_map_add(gpointer map, gpointer action) {
    g_action_map_add_action(G_ACTION_MAP(map), G_ACTION(action));
}

/* Removes the action `name` from `map`, if it has one. */
static inline void cgtk_action_map_remove(gpointer map, const char *name) {
    g_action_map_remove_action(G_ACTION_MAP(map), name);
}

/* Enables or disables the action `name` of `map` (menus grey a disabled one out). */
static inline void cgtk_action_map_set_enabled(gpointer map, const char *name, gboolean enabled) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    if (action != NULL && G_IS_SIMPLE_ACTION(action)) g_simple_action_set_enabled(G_SIMPLE_ACTION(action), enabled);
}

/* Makes the actions of `group` reachable from `widget` and what it holds as "<prefix>.<name>". */
static inline void cgtk_widget_insert_action_group(gpointer widget, const char *prefix, gpointer group) {
    gtk_widget_insert_action_group(GTK_WIDGET(widget), prefix, G_ACTION_GROUP(group));
}

/* Adds `menu` (a GMenuModel) to the end of the text view's right-click menu. */
static inline void cgtk_text_view_set_extra_menu(gpointer view, gpointer menu) {
    gtk_text_view_set_extra_menu(GTK_TEXT_VIEW(view), G_MENU_MODEL(menu));
}

/* A new parameterless action, with a full reference for the caller. */
static inline gpointer cgtk_simple_action_new(const char *name) {
    return g_simple_action_new(name, NULL);
}

/* A new action whose parameter is a string ("app.name::value" in menus); with a
 * non-NULL `state`, also a string state: menus mark the item whose value is the state. */
static inline gpointer cgtk_simple_action_new_with_string(const char *name, const char *state) {
    if (state == NULL) return g_simple_action_new(name, G_VARIANT_TYPE_STRING);
    return g_simple_action_new_stateful(name, G_VARIANT_TYPE_STRING, g_variant_new_string(state));
}

/* A new parameterless action with a boolean state: menus show it as a check box. */
static inline gpointer cgtk_simple_action_new_toggle(const char *name, gboolean state) {
    return g_simple_action_new_stateful(name, NULL, g_variant_new_boolean(state));
}

/* The boolean state of the action `name` in `map`; FALSE if it has none. */
static inline gboolean cgtk_action_map_boolean_state(gpointer map, const char *name) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    if (action == NULL) return FALSE;
    GVariant *state = g_action_get_state(action);
    if (state == NULL) return FALSE;
    gboolean value = g_variant_is_of_type(state, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(state);
    g_variant_unref(state);
    return value;
}

/* Sets the boolean state of the action `name` in `map`, if it is a boolean-state action. */
static inline void cgtk_action_map_set_boolean_state(gpointer map, const char *name, gboolean state) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    if (action == NULL || !G_IS_SIMPLE_ACTION(action)) return;
    const GVariantType *type = g_action_get_state_type(action);
    if (type == NULL || !g_variant_type_equal(type, G_VARIANT_TYPE_BOOLEAN)) return;
    g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_boolean(state));
}

/* Sets the string state of the action `name` in `map`, if it is a stateful string action. */
static inline void cgtk_action_map_set_string_state(gpointer map, const char *name, const char *state) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    if (action == NULL || !G_IS_SIMPLE_ACTION(action)) return;
    const GVariantType *type = g_action_get_state_type(action);
    if (type == NULL || !g_variant_type_equal(type, G_VARIANT_TYPE_STRING)) return;
    g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_string(state));
}

/* The string inside a string GVariant, or NULL if it is not one. Borrowed. */
static inline const char *cgtk_variant_string(GVariant *value) {
    if (value == NULL || !g_variant_is_of_type(value, G_VARIANT_TYPE_STRING)) {
        return NULL;
    }
    return g_variant_get_string(value, NULL);
}

/* ---- Menus (GMenu is opaque to Swift) ----------------------------------- */

static inline gpointer cgtk_menu_new(void) { return g_menu_new(); }

static inline void cgtk_menu_append(gpointer menu, const char *label, const char *detailed_action) {
    g_menu_append(G_MENU(menu), label, detailed_action);
}

static inline void cgtk_menu_append_section(gpointer menu, const char *label, gpointer section) {
    g_menu_append_section(G_MENU(menu), label, G_MENU_MODEL(section));
}

static inline void cgtk_menu_append_submenu(gpointer menu, const char *label, gpointer submenu) {
    g_menu_append_submenu(G_MENU(menu), label, G_MENU_MODEL(submenu));
}

static inline void cgtk_menu_remove_all(gpointer menu) { g_menu_remove_all(G_MENU(menu)); }

static inline void cgtk_menu_insert(gpointer menu, int position, const char *label, const char *detailed_action) {
    g_menu_insert(G_MENU(menu), position, label, detailed_action);
}

static inline void cgtk_menu_remove(gpointer menu, int position) { g_menu_remove(G_MENU(menu), position); }

/* Adds an item that a popover menu shows as the widget it is given for `custom_id`. */
static inline void cgtk_menu_append_custom(gpointer menu, const char *custom_id) {
    GMenuItem *item = g_menu_item_new(NULL, NULL);
    g_menu_item_set_attribute(item, "custom", "s", custom_id);
    g_menu_append_item(G_MENU(menu), item);
    g_object_unref(item);
}

/* Puts `child` in the menu button's popover menu where its model has the custom
 * item `custom_id`; FALSE if the button has no popover menu yet or no such item. */
static inline gboolean cgtk_menu_button_add_menu_child(gpointer button, gpointer child, const char *custom_id) {
    GtkPopover *popover = gtk_menu_button_get_popover(GTK_MENU_BUTTON(button));
    if (popover == NULL || !GTK_IS_POPOVER_MENU(popover)) return FALSE;
    return gtk_popover_menu_add_child(GTK_POPOVER_MENU(popover), GTK_WIDGET(child), custom_id);
}

/* A menu button that makes its popover only when first opened (each call of `create` sets the model). */
static inline void cgtk_menu_button_set_create_popup(gpointer button, GtkMenuButtonCreatePopupFunc create,
                                                      gpointer data, GDestroyNotify destroy) {
    gtk_menu_button_set_create_popup_func(GTK_MENU_BUTTON(button), create, data, destroy);
}

static inline void cgtk_menu_button_set_model(gpointer button, gpointer menu) {
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(button), G_MENU_MODEL(menu));
}

#endif
