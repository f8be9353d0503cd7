/* Windows built from UI files, and the About window. Part of shim.h: include that, not this. */
#ifndef QUIRE_CGTK_DIALOGS_H
#define QUIRE_CGTK_DIALOGS_H

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

#endif
