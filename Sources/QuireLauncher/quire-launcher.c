/* The installed `quire` command: a small front for the app, which Meson installs
 * as <prefix>/libexec/quire.
 *
 * `quire --new-window` with Quire already running asks the running instance for
 * a window directly, by activating its `new-window` action over D-Bus (as the
 * desktop's New Window does), instead of starting the whole app (about seventy
 * libraries of the GTK stack and the Swift runtime) only to hand the request
 * over. Every other command line, and `--new-window` when nothing answers,
 * becomes the app itself (exec, same process, same arguments).
 *
 * GIO is opened with dlopen on the `--new-window` path only, so a plain launch
 * pays for one exec of a program that needs nothing but the C library. */
#define _POSIX_C_SOURCE 200809L /* readlink, execv: POSIX, which strict C11 leaves out */
#include <dlfcn.h>
#include <errno.h>
#include <gio/gio.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define APP_ID "io.github.quire.Quire"
#define APP_OBJECT_PATH "/io/github/quire/Quire"

/* The GIO functions the hand-over needs, looked up at run time (no GLib macro
 * that calls into GLib is used, as GLib is not linked). */
struct gio {
    __typeof__(g_bus_get_sync) *bus_get_sync;
    __typeof__(g_dbus_connection_call_sync) *connection_call_sync;
    __typeof__(g_variant_builder_new) *builder_new;
    __typeof__(g_variant_builder_add) *builder_add;
    __typeof__(g_variant_new) *variant_new;
    __typeof__(g_variant_new_string) *variant_new_string;
    __typeof__(g_variant_unref) *variant_unref;
    __typeof__(g_object_unref) *object_unref;
    __typeof__(g_error_free) *error_free;
};

static int open_gio(struct gio *gio) {
    void *library = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    void **slots[] = {
        (void **)&gio->bus_get_sync, (void **)&gio->connection_call_sync, (void **)&gio->builder_new,
        (void **)&gio->builder_add, (void **)&gio->variant_new, (void **)&gio->variant_new_string,
        (void **)&gio->variant_unref, (void **)&gio->object_unref, (void **)&gio->error_free,
    };
    const char *names[] = {
        "g_bus_get_sync", "g_dbus_connection_call_sync", "g_variant_builder_new",
        "g_variant_builder_add", "g_variant_new", "g_variant_new_string",
        "g_variant_unref", "g_object_unref", "g_error_free",
    };
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        *slots[index] = dlsym(library, names[index]);
        if (*slots[index] == NULL) return 0;
    }
    return 1;
}

/* Asks a running Quire for a new window. Returns 1 when it took the request,
 * 0 when there is no session bus or no running Quire on it (the bus is told
 * not to start one: starting is the app's own job, below). The desktop's
 * startup token goes along, so the new window may take the focus. */
static int hand_new_window_over(void) {
    struct gio gio;
    if (!open_gio(&gio)) return 0;
    GDBusConnection *bus = gio.bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return 0;
    GVariantBuilder *parameters = gio.builder_new((const GVariantType *)"av");
    GVariantBuilder *platform = gio.builder_new((const GVariantType *)"a{sv}");
    const char *startup = getenv("DESKTOP_STARTUP_ID");
    if (startup != NULL) gio.builder_add(platform, "{sv}", "desktop-startup-id", gio.variant_new_string(startup));
    const char *token = getenv("XDG_ACTIVATION_TOKEN");
    if (token != NULL) gio.builder_add(platform, "{sv}", "activation-token", gio.variant_new_string(token));
    GError *error = NULL;
    GVariant *reply = gio.connection_call_sync(
        bus, APP_ID, APP_OBJECT_PATH, "org.freedesktop.Application", "ActivateAction",
        gio.variant_new("(sava{sv})", "new-window", parameters, platform), NULL,
        G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, &error);
    gio.object_unref(bus);
    if (reply == NULL) {
        gio.error_free(error);
        return 0;
    }
    gio.variant_unref(reply);
    return 1;
}

/* <prefix>/bin/quire → <prefix>/libexec/quire. */
static int app_path(char *path, size_t size) {
    char self[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return 0;
    self[length] = '\0';
    char *slash = strrchr(self, '/');
    if (slash == NULL) return 0;
    *slash = '\0';
    slash = strrchr(self, '/');
    if (slash == NULL) return 0;
    *slash = '\0';
    return snprintf(path, size, "%s/libexec/quire", self) < (int)size;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--new-window") == 0 && hand_new_window_over()) return 0;
    char app[PATH_MAX];
    if (!app_path(app, sizeof app)) {
        fprintf(stderr, "quire: cannot tell where it is installed (/proc/self/exe)\n");
        return 127;
    }
    execv(app, argv);
    fprintf(stderr, "quire: cannot start %s: %s\n", app, strerror(errno));
    return 127;
}
