/* Windows built from UI files, and the About window. Part of shim.h: include that, not this. */
#ifndef CGTK_DIALOGS_H
#define CGTK_DIALOGS_H

/* ---- Dialogs built from a UI file, and the About dialog ------------------ */

/* The window called `name` in the GtkBuilder file at `path`, with a new
   reference for the caller, or NULL (and `error` set) if it cannot be built. */
static inline gpointer cgtk_builder_window(const char *path, const char *name, GError **error) {
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
static inline GtkWidget *cgtk_about_window_new(const char *title, const char *name, const char *version,
                                                const char *comments, const char *website, const char *icon_name,
                                                const char *developer, const char *issue_url) {
    GtkWidget *window = adw_about_window_new();
    AdwAboutWindow *about = ADW_ABOUT_WINDOW(window);
    gtk_window_set_title(GTK_WINDOW(window), title);
    adw_about_window_set_application_name(about, name);
    adw_about_window_set_version(about, version);
    adw_about_window_set_comments(about, comments);
    adw_about_window_set_website(about, website);
    adw_about_window_set_application_icon(about, icon_name);
    adw_about_window_set_developer_name(about, developer);
    adw_about_window_set_issue_url(about, issue_url);
    const char *developers[] = {developer, NULL};
    adw_about_window_set_developers(about, developers);
    adw_about_window_set_license_type(about, GTK_LICENSE_GPL_3_0);
    return window;
}

/* ---- File choosers -------------------------------------------------------- */

/* A file chooser over `parent` (may be NULL), modal: the desktop's portal
   picker where there is one, GTK's own dialog otherwise. `kind`: 0 open
   files, 1 save a file, 2 choose folders. */
static inline gpointer cgtk_file_chooser_new(gpointer parent, const char *title, int kind, const char *accept_label) {
    GtkFileChooserAction action = kind == 1   ? GTK_FILE_CHOOSER_ACTION_SAVE
                                  : kind == 2 ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
                                              : GTK_FILE_CHOOSER_ACTION_OPEN;
    GtkFileChooserNative *chooser =
        gtk_file_chooser_native_new(title, parent != NULL ? GTK_WINDOW(parent) : NULL, action, accept_label, NULL);
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(chooser), TRUE);
    return chooser;
}

static inline void cgtk_file_chooser_set_multiple(gpointer chooser, gboolean multiple) {
    gtk_file_chooser_set_select_multiple(GTK_FILE_CHOOSER(chooser), multiple);
}

/* Adds a filter called `name` showing the files whose names end in one of
   `suffixes` (NULL-terminated, without the dot). */
static inline void cgtk_file_chooser_add_filter(gpointer chooser, const char *name, const char *const *suffixes) {
    GtkFileFilter *filter = gtk_file_filter_new();
    gtk_file_filter_set_name(filter, name);
    for (const char *const *suffix = suffixes; *suffix != NULL; suffix++) gtk_file_filter_add_suffix(filter, *suffix);
    gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), filter);
    g_object_unref(filter);
}

/* The folder a chooser opens in. */
static inline void cgtk_file_chooser_set_folder(gpointer chooser, const char *path) {
    GFile *folder = g_file_new_for_path(path);
    gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(chooser), folder, NULL);
    g_object_unref(folder);
}

/* The name a save chooser suggests. */
static inline void cgtk_file_chooser_set_name(gpointer chooser, const char *name) {
    gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(chooser), name);
}

/* The chosen files' local paths, NULL-terminated; free with g_strfreev. */
static inline gchar **cgtk_file_chooser_paths(gpointer chooser) {
    GListModel *files = gtk_file_chooser_get_files(GTK_FILE_CHOOSER(chooser));
    guint count = g_list_model_get_n_items(files);
    gchar **paths = g_new0(gchar *, count + 1);
    guint found = 0;
    for (guint i = 0; i < count; i++) {
        GFile *file = g_list_model_get_item(files, i);
        gchar *path = g_file_get_path(file);
        if (path != NULL) paths[found++] = path;
        g_object_unref(file);
    }
    g_object_unref(files);
    return paths;
}

static inline void cgtk_file_chooser_show(gpointer chooser) { gtk_native_dialog_show(GTK_NATIVE_DIALOG(chooser)); }

/* Whether a native dialog's response is the accept button's. */
static inline gboolean cgtk_file_chooser_accepted(int response) { return response == GTK_RESPONSE_ACCEPT; }

/* ---- Opening addresses with the desktop's handler --------------------------- */

static inline void cgtk_open_uri_finished(GObject *source, GAsyncResult *result, gpointer uri) {
    (void)source;
    GError *error = NULL;
    if (!g_app_info_launch_default_for_uri_finish(result, &error)) {
        g_message("could not open %s: %s", (const char *)uri, error->message);
        g_error_free(error);
    }
    g_free(uri);
}

/* Opens `uri` with the desktop's handler for its scheme (the browser, the mail
 * app), without waiting; a failure is logged. */
static inline void cgtk_open_uri(const char *uri) {
    g_app_info_launch_default_for_uri_async(uri, NULL, NULL, cgtk_open_uri_finished, g_strdup(uri));
}

/* void handler(const char *failure, gpointer data): called once, with NULL if
 * the address was handed to its handler, or with why not. */
typedef void (*CGtkOpenedHandler)(const char *failure, gpointer data);

typedef struct {
    char *uri;
    CGtkOpenedHandler handler;
    gpointer data;
} CGtkOpening;

static inline void cgtk_open_uri_reported(GObject *source, GAsyncResult *result, gpointer pointer) {
    (void)source;
    CGtkOpening *opening = pointer;
    GError *error = NULL;
    gboolean opened = g_app_info_launch_default_for_uri_finish(result, &error);
    if (!opened) g_message("could not open %s: %s", opening->uri, error->message);
    opening->handler(opened ? NULL : error->message, opening->data);
    if (error != NULL) g_error_free(error);
    g_free(opening->uri);
    g_free(opening);
}

/* Opens `uri` as cgtk_open_uri does, then tells `handler` whether it could. */
static inline void cgtk_open_uri_then(const char *uri, CGtkOpenedHandler handler, gpointer data) {
    CGtkOpening *opening = g_new0(CGtkOpening, 1);
    opening->uri = g_strdup(uri);
    opening->handler = handler;
    opening->data = data;
    g_app_info_launch_default_for_uri_async(uri, NULL, NULL, cgtk_open_uri_reported, opening);
}

#endif
