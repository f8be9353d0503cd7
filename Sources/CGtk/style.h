/* Style sheets, the display's settings, the icon theme, the desktop's settings (GSettings) and font descriptions. Part of shim.h: include that, not this. */
#ifndef CGTK_STYLE_H
#define CGTK_STYLE_H

/* ---- Style sheets for the whole display ---------------------------------- */

/* Adds `provider` to the default display, above the theme (application priority). */
static inline void cgtk_style_sheet_add_to_display(gpointer provider) {
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), cgtk_as_style_provider(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static inline void cgtk_style_sheet_remove_from_display(gpointer provider) {
    gtk_style_context_remove_provider_for_display(gdk_display_get_default(), cgtk_as_style_provider(provider));
}

/* ---- The display's settings ------------------------------------------------ */

/* Opens GTK, if it is not open yet, and makes the default display's settings,
 * which read the theme GTK_THEME names, else the desktop's. False if there is
 * no display to open. */
static inline gboolean cgtk_display_settings_make(void) {
    if (!gtk_init_check()) return FALSE;
    gtk_settings_get_for_display(gdk_display_get_default());
    return TRUE;
}

/* Stops the process as gtk_init() does when there is no display to open: GTK's
 * warning, "cannot open display: NAME", and exit status 1. For a process whose
 * gtk_init_check() failed: GTK counts itself open after any try, so the
 * gtk_init() of GtkApplication's startup would go on without a display. */
static inline void cgtk_stop_without_display(void) {
    const char *name = g_getenv("WAYLAND_DISPLAY");
    if (name == NULL || *name == '\0') name = g_getenv("DISPLAY");
    g_warning("cannot open display: %s", name ? name : "");
    exit(1);
}

/* Whether this process is the application's primary instance (registered,
 * and not handing its launch to another process). */
static inline gboolean cgtk_application_is_primary(gpointer application) {
    GApplication *app = G_APPLICATION(application);
    return g_application_get_is_registered(app) && !g_application_get_is_remote(app);
}

/* ---- A box drawn as libadwaita draws a toast ----------------------------- */

/* libadwaita's stylesheet styles toasts by their CSS node name, "toast", which
 * only a widget class can set. GtkKit draws its own toasts (libadwaita 1.2's
 * overlay frees a toast while its slide-in still runs), in a horizontal box of
 * this class. It is registered the first time it is asked for, by name, so any
 * copy of this function finds the one class. */
static inline void cgtk_toast_box_class_init(gpointer klass, gpointer data) {
    (void)data;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "toast");
}

static inline GtkWidget *cgtk_toast_box_new(void) {
    GType type = g_type_from_name("CGtkToastBox");
    if (type == 0)
        type = g_type_register_static_simple(GTK_TYPE_BOX, g_intern_static_string("CGtkToastBox"), sizeof(GtkBoxClass),
                                             cgtk_toast_box_class_init, sizeof(GtkBox), NULL, 0);
    return GTK_WIDGET(g_object_new(type, "orientation", GTK_ORIENTATION_HORIZONTAL, NULL));
}

/* ---- The display's icon theme --------------------------------------------- */

/* Lets the icon theme of the default display find icons in `path` too (an
 * hicolor tree: the app's own icon, not installed yet). */
static inline void cgtk_icon_theme_add_search_path(const char *path) {
    GdkDisplay *display = gdk_display_get_default();
    if (display != NULL) gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), path);
}

/* Reads the icon theme, if it needs reading, on a GIO worker thread: GTK's
 * icon theme lets other threads look icons up (the main thread, meanwhile,
 * waits for the reading only if it asks for an icon before it is done). */
static void cgtk_icon_theme_read(GTask *task, gpointer theme, gpointer data, GCancellable *cancellable) {
    (void)data;
    (void)cancellable;
    gtk_icon_theme_has_icon(GTK_ICON_THEME(theme), "image-missing");
    g_task_return_pointer(task, NULL, NULL);
}

static inline void cgtk_icon_theme_read_in_background(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) return;
    GTask *task = g_task_new(gtk_icon_theme_get_for_display(display), NULL, NULL, NULL);
    g_task_run_in_thread(task, cgtk_icon_theme_read);
    g_object_unref(task);
}

/* ---- The desktop's settings ---------------------------------------------- */

/* A new GSettings for the schema `schema_id`, or NULL when no such schema is
 * installed (g_settings_new would abort the program). */
static inline GSettings *cgtk_settings_new_if_installed(const char *schema_id) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL) return NULL;
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, schema_id, TRUE);
    if (schema == NULL) return NULL;
    g_settings_schema_unref(schema);
    return g_settings_new(schema_id);
}

/* Whether the schema of `settings` has `key` (reading a missing key aborts). */
static inline gboolean cgtk_settings_has_key(GSettings *settings, const char *key) {
    GSettingsSchema *schema = NULL;
    g_object_get(settings, "settings-schema", &schema, NULL);
    gboolean has = schema != NULL && g_settings_schema_has_key(schema, key);
    if (schema != NULL) g_settings_schema_unref(schema);
    return has;
}

/* ---- Font descriptions ("Cantarell 11") ---------------------------------- */

/* The size a font description names, in points; 0 when it names none (or in device units). */
static inline double cgtk_font_description_points(const PangoFontDescription *description) {
    if (pango_font_description_get_size_is_absolute(description)) return 0;
    return (double)pango_font_description_get_size(description) / PANGO_SCALE;
}

/* The tag `name` of `buffer`'s tag table, made with a `background` colour (any CSS
 * colour GDK parses) if it is not there yet (gtk_text_buffer_create_tag is variadic). */
static inline GtkTextTag *cgtk_text_buffer_background_tag(gpointer buffer, const char *name, const char *background) {
    GtkTextTagTable *table = gtk_text_buffer_get_tag_table(GTK_TEXT_BUFFER(buffer));
    GtkTextTag *tag = gtk_text_tag_table_lookup(table, name);
    if (tag != NULL) return tag;
    return gtk_text_buffer_create_tag(GTK_TEXT_BUFFER(buffer), name, "background", background, NULL);
}

/* The tag `name` of `buffer`'s tag table, made as a wavy underline (Pango's
 * error underline) in `color` (any CSS colour GDK parses) if it is not there yet. */
static inline GtkTextTag *cgtk_text_buffer_error_underline_tag(gpointer buffer, const char *name, const char *color) {
    GtkTextTagTable *table = gtk_text_buffer_get_tag_table(GTK_TEXT_BUFFER(buffer));
    GtkTextTag *tag = gtk_text_tag_table_lookup(table, name);
    if (tag != NULL) return tag;
    GdkRGBA rgba;
    if (!gdk_rgba_parse(&rgba, color)) gdk_rgba_parse(&rgba, "red");
    return gtk_text_buffer_create_tag(GTK_TEXT_BUFFER(buffer), name, "underline", PANGO_UNDERLINE_ERROR, "underline-rgba", &rgba, NULL);
}

#endif
