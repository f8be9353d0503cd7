/*
 * What the benchmark's C programs (baseline.c, replica.c) share: they report
 * each window's first frame as Quire's lifecycle trace does, and choose their
 * renderer as Quire does (keeping GTK from starting OpenGL where there is no
 * graphics device).
 *
 * After each window's first frame:
 *   first-frame <milliseconds since the process started (mapwatch's start, if it started it)>
 * and after the first window's, the renderer GTK picked:
 *   renderer <GskRenderer type>, OpenGL: <the OpenGL implementation>
 */
#ifndef BENCHMARK_FIRST_FRAME_H
#define BENCHMARK_FIRST_FRAME_H

#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* When the process started, in seconds on the boot-time clock: as its
 * starter saw it (PROCESS_START_BOOTTIME_NS, from mapwatch), if that agrees
 * with the kernel's start time, which counts in 10 ms ticks. */
static double process_start_seconds(void) {
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
    double tick = 1.0 / (double)sysconf(_SC_CLK_TCK);
    double start = (double)start_ticks * tick;
    const char *given = getenv("PROCESS_START_BOOTTIME_NS");
    double told = given != NULL ? strtod(given, NULL) / 1e9 : 0;
    /* The kernel's tick is the start rounded down; the starter read its clock just before. */
    return told >= start - 0.005 && told < start + tick ? told : start;
}

static double milliseconds_since_process_start(void) {
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    return ((double)now.tv_sec + (double)now.tv_nsec / 1e9 - process_start_seconds()) * 1000.0;
}

static void after_first_paint(GdkFrameClock *clock, gpointer window) {
    static gboolean told_renderer = FALSE;
    printf("first-frame %.1f\n", milliseconds_since_process_start());
    if (!told_renderer) {
        told_renderer = TRUE;
        GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
        /* Which OpenGL implementation draws, for a GL renderer (llvmpipe draws on the CPU). */
        const char *gl = "";
        GdkGLContext *context = gdk_surface_create_gl_context(gtk_native_get_surface(GTK_NATIVE(window)), NULL);
        if (context != NULL && gdk_gl_context_realize(context, NULL)) {
            gdk_gl_context_make_current(context);
            gl = (const char *)glGetString(GL_RENDERER);
        }
        printf("renderer %s, OpenGL: %s\n", renderer != NULL ? G_OBJECT_TYPE_NAME(renderer) : "none",
               gl != NULL && *gl != '\0' ? gl : "none");
        g_clear_object(&context);
    }
    fflush(stdout);
    g_signal_handlers_disconnect_by_func(clock, after_first_paint, window);
}

static void report_first_frame_when_realized(GtkWidget *window, gpointer unused) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_first_paint), window);
}

/* Reports `window`'s first frame (call before it is presented). */
static void report_first_frame(GtkWidget *window) {
    g_signal_connect(window, "realize", G_CALLBACK(report_first_frame_when_realized), NULL);
}

/* Whether OpenGL could draw on something other than the processor: a DRM
 * device, or NVIDIA's own driver (GtkKit's WindowRenderer asks the same). */
static gboolean machine_has_graphics_device(void) {
    if (access("/dev/nvidiactl", F_OK) == 0) return TRUE;
    if (access("/dev/dri", F_OK) != 0) return FALSE;
    GDir *devices = g_dir_open("/dev/dri", 0, NULL);
    if (devices == NULL) return TRUE; /* there, but not to be listed */
    gboolean found = FALSE;
    const char *name;
    while (!found && (name = g_dir_read_name(devices)) != NULL)
        found = g_str_has_prefix(name, "card") || g_str_has_prefix(name, "renderD");
    g_dir_close(devices);
    return found;
}

static gboolean chooses_as_quire_does(const char *variable) {
    const char *cairo = getenv(variable);
    return cairo != NULL && strcmp(cairo, "1") == 0 && getenv("GSK_RENDERER") == NULL;
}

static gboolean kept_opengl_from_starting = FALSE;

/* As Quire's `main` does first: on a machine with no graphics device, GTK is
 * kept from starting OpenGL (call before g_application_run). */
static void keep_opengl_from_starting_as_quire_does(const char *variable) {
    if (!chooses_as_quire_does(variable) || getenv("GDK_DEBUG") != NULL || machine_has_graphics_device()) return;
    setenv("GDK_DEBUG", "gl-disable", 1);
    kept_opengl_from_starting = TRUE;
}

/* GTK has started (the application's startup): the environment as it was. */
static void opengl_started_as_quire_does(void) {
    if (kept_opengl_from_starting) unsetenv("GDK_DEBUG");
    kept_opengl_from_starting = FALSE;
}

/* Quire's choice of renderer (GtkKit's WindowRenderer), the same way: where
 * GTK's OpenGL would run on the processor (Mesa's llvmpipe, softpipe), or
 * could only, with no graphics device, GTK draws with Cairo. */
static void draw_with_cairo_on_software_gl(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (!machine_has_graphics_device()) {
        g_object_set_data_full(G_OBJECT(display), "gsk-renderer", g_strdup("cairo"), g_free);
        return;
    }
    GdkGLContext *context = gdk_display_create_gl_context(display, NULL);
    const char *name = NULL;
    if (context != NULL && gdk_gl_context_realize(context, NULL)) {
        gdk_gl_context_make_current(context);
        name = (const char *)glGetString(GL_RENDERER);
    }
    gboolean software = name != NULL && (strstr(name, "llvmpipe") != NULL || strstr(name, "softpipe") != NULL ||
                                         strstr(name, "Software Rasterizer") != NULL);
    gdk_gl_context_clear_current();
    g_clear_object(&context);
    if (software) g_object_set_data_full(G_OBJECT(display), "gsk-renderer", g_strdup("cairo"), g_free);
}

/* Chooses as Quire does when `variable` is "1" in the environment and GSK_RENDERER is not set. */
static void choose_renderer_as_quire_does(const char *variable) {
    if (chooses_as_quire_does(variable)) draw_with_cairo_on_software_gl();
}

#endif
