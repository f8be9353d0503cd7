/*
 * The benchmark's baseline: the least a GTK 4 note app can do at launch, in
 * plain C. A GtkApplication opens one window with a text view in a scrolled
 * window; after its first frame is painted it prints
 *   first-frame <milliseconds since the process started>
 * measured exactly as Quire's lifecycle trace measures it, and quits.
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double milliseconds_since_process_start(void) {
    FILE *stat = fopen("/proc/self/stat", "r");
    char buffer[1024] = {0};
    if (stat == NULL || fgets(buffer, sizeof buffer, stat) == NULL) return -1;
    fclose(stat);
    char *field = strrchr(buffer, ')');
    unsigned long long start_ticks = 0;
    /* After the command name come fields 3..; the start time is field 22. */
    for (int index = 3; field != NULL && index <= 22; index++) {
        field = strchr(field + 1, ' ');
        if (index == 22 && field != NULL) sscanf(field + 1, "%llu", &start_ticks);
    }
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    double start = (double)start_ticks / (double)sysconf(_SC_CLK_TCK);
    return ((double)now.tv_sec + (double)now.tv_nsec / 1e9 - start) * 1000.0;
}

static void after_paint(GdkFrameClock *clock, gpointer application) {
    printf("first-frame %.1f\n", milliseconds_since_process_start());
    fflush(stdout);
    g_signal_handlers_disconnect_by_func(clock, after_paint, application);
    g_application_quit(G_APPLICATION(application));
}

static void realized(GtkWidget *window, gpointer application) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), application);
}

static void activate(GtkApplication *application, gpointer unused) {
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 540);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), gtk_text_view_new());
    gtk_window_set_child(GTK_WINDOW(window), scroller);
    g_signal_connect(window, "realize", G_CALLBACK(realized), application);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *application = gtk_application_new("io.github.quire.Baseline", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
