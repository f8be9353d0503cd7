/*
 * The benchmark's baseline: the least a GTK 4 app can do for what Quire does
 * at launch, in plain C. A unique GtkApplication (it registers on the session
 * bus, as Quire does; built with -DBASELINE_ADWAITA, libadwaita's, as Quire's
 * is) opens BASELINE_WINDOWS windows (default 1), each a
 * GtkHeaderBar over a GtkTextView in a GtkScrolledWindow at Quire's default
 * size, and opens one more whenever its "new-window" action is activated over
 * D-Bus (gapplication action io.github.quire.Baseline new-window). After each
 * window's first frame it prints
 *   first-frame <milliseconds since the process started>
 * measured as Quire's lifecycle trace measures it, and after the first
 * window's, the renderer GTK picked:
 *   renderer <GskRenderer type>
 * It runs until stopped.
 *
 * With BASELINE_CAIRO_ON_SOFTWARE_GL=1 it draws as Quire does: on a machine
 * with no graphics device it keeps GTK from starting OpenGL and draws with
 * Cairo; elsewhere, before its first window, it asks which OpenGL GTK would
 * use, and where that runs on the processor (Mesa's llvmpipe, softpipe) has
 * GTK draw with Cairo instead.
 *
 * For the typing figure, BASELINE_TEXT_FILE names a file whose text every
 * window shows, all through one shared buffer (the least "live sync" can
 * cost), and BASELINE_STALL_TRACE=<ms> reports main-loop stalls over that
 * many milliseconds exactly as Quire's GTKKIT_STALL_TRACE does:
 *   stall: <CLOCK_MONOTONIC ms> <stall ms>
 */
#include "first_frame.h"
#ifdef BASELINE_ADWAITA
#include <adwaita.h>
#endif

/* The text every window shows when BASELINE_TEXT_FILE is set (NULL otherwise). */
static GtkTextBuffer *shared_buffer = NULL;

static gint64 stall_threshold = 0, last_tick = 0;
enum { TICK_MICROSECONDS = 4000 };

/* A high-priority tick every 4 ms; one that comes late means the loop was held. */
static gboolean stall_tick(gpointer unused) {
    gint64 now = g_get_monotonic_time();
    gint64 stall = now - last_tick - TICK_MICROSECONDS;
    last_tick = now;
    if (stall > stall_threshold) fprintf(stderr, "stall: %.1f %.1f\n", now / 1000.0, stall / 1000.0);
    return G_SOURCE_CONTINUE;
}

static void open_window(GtkApplication *application) {
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 540);
    gtk_window_set_title(GTK_WINDOW(window), "Baseline");
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    GtkWidget *scroller = gtk_scrolled_window_new();
    GtkWidget *text = shared_buffer != NULL ? gtk_text_view_new_with_buffer(shared_buffer) : gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(text), GTK_WRAP_WORD_CHAR);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), text);
    gtk_window_set_child(GTK_WINDOW(window), scroller);
    report_first_frame(window);
    gtk_window_present(GTK_WINDOW(window));
}

static void new_window(GSimpleAction *action, GVariant *parameter, gpointer application) {
    open_window(GTK_APPLICATION(application));
}

static void startup(GApplication *application, gpointer unused) {
    opengl_started_as_quire_does();
    GSimpleAction *action = g_simple_action_new("new-window", NULL);
    g_signal_connect(action, "activate", G_CALLBACK(new_window), application);
    g_action_map_add_action(G_ACTION_MAP(application), G_ACTION(action));
    g_object_unref(action);
    g_application_hold(application);  /* runs until stopped, windows or not */
    const char *path = getenv("BASELINE_TEXT_FILE");
    char *contents = NULL;
    if (path != NULL && g_file_get_contents(path, &contents, NULL, NULL)) {
        shared_buffer = gtk_text_buffer_new(NULL);
        gtk_text_buffer_set_text(shared_buffer, contents, -1);
        g_free(contents);
    }
    const char *threshold = getenv("BASELINE_STALL_TRACE");
    if (threshold != NULL && atof(threshold) > 0) {
        stall_threshold = (gint64)(atof(threshold) * 1000.0);
        last_tick = g_get_monotonic_time();
        g_timeout_add_full(G_PRIORITY_HIGH, TICK_MICROSECONDS / 1000, stall_tick, NULL, NULL);
    }
}

static void activate(GtkApplication *application, gpointer unused) {
    static gboolean launched = FALSE;
    if (launched) return;
    launched = TRUE;
    choose_renderer_as_quire_does("BASELINE_CAIRO_ON_SOFTWARE_GL");
    const char *count = getenv("BASELINE_WINDOWS");
    int windows = count != NULL ? atoi(count) : 1;
    for (int index = 0; index < windows; index++) open_window(application);
}

int main(int argc, char **argv) {
    keep_opengl_from_starting_as_quire_does("BASELINE_CAIRO_ON_SOFTWARE_GL");
#ifdef BASELINE_ADWAITA
    /* Built on the libraries Quire links: libadwaita's application (its style and style manager). */
    GtkApplication *application = GTK_APPLICATION(adw_application_new("io.github.quire.Baseline", G_APPLICATION_DEFAULT_FLAGS));
#else
    GtkApplication *application = gtk_application_new("io.github.quire.Baseline", G_APPLICATION_DEFAULT_FLAGS);
#endif
    g_signal_connect(application, "startup", G_CALLBACK(startup), NULL);
    g_signal_connect(application, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
