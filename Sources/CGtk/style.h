/* Style sheets, the desktop's settings (GSettings) and font descriptions. Part of shim.h: include that, not this. */
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

#endif
