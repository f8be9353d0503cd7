/*
 * A library loaded the first time one of its functions is called, not at
 * launch: the C shims of libraries a person may never need (libsoup and
 * libsecret, for sync) find each function through `on_demand_symbol`, and
 * the app is not linked with them. Included by those shims; no module of
 * its own.
 */
#ifndef ON_DEMAND_H
#define ON_DEMAND_H

#include <gmodule.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The folder GLib's module loader was loaded from, as the process's map of
 * its files names it (NULL if it names none); free it with g_free. */
static inline char *on_demand_loader_folder(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return NULL;
    char line[4096];
    char *folder = NULL;
    while (folder == NULL && fgets(line, sizeof line, maps) != NULL) {
        char *path = strchr(line, '/');
        if (path == NULL || strstr(path, "/libgmodule-2.0.so") == NULL) continue;
        path[strcspn(path, "\n")] = '\0';
        folder = g_path_get_dirname(path);
    }
    fclose(maps);
    return folder;
}

/* Opens `soname` through GModule, from the folder GLib's module loader itself
 * was loaded from (a bare name would let GModule try names relative to the
 * current folder first, a libtool archive among them); a library elsewhere is
 * left to the loader's search.
 *
 * Through GModule, not dlopen: GModule takes its own lock, then the loader's,
 * the order every other thread opening a module takes them in (Enchant's
 * providers, GIO's modules). libsoup's constructor opens a GModule itself, so
 * a plain dlopen held the loader's lock and waited for GModule's, while a
 * thread in g_module_symbol held GModule's and waited for the loader's: the
 * app hung for good. */
static inline GModule *on_demand_open(const char *soname) {
    char *folder = on_demand_loader_folder();
    char *path = folder != NULL ? g_build_filename(folder, soname, NULL) : NULL;
    g_free(folder);
    GModule *module = g_module_open(path != NULL && g_file_test(path, G_FILE_TEST_IS_REGULAR) ? path : soname, 0);
    g_free(path);
    if (module != NULL) g_module_make_resident(module);
    return module;
}

/* The function `name` of the library `soname`, loaded into `*library` at the
 * first call (from any thread). A missing library or function is a broken
 * installation: the process ends saying so, and what the library is `for`. */
static inline void *on_demand_symbol(void **library, const char *soname, const char *purpose, const char *name) {
    GModule *loaded = __atomic_load_n((GModule **)library, __ATOMIC_ACQUIRE);
    if (loaded == NULL) {
        loaded = on_demand_open(soname);
        if (loaded == NULL) {
            fprintf(stderr, "cannot load %s for %s: %s\n", soname, purpose, g_module_error());
            abort();
        }
        __atomic_store_n((GModule **)library, loaded, __ATOMIC_RELEASE);
    }
    void *symbol = NULL;
    if (!g_module_symbol(loaded, name, &symbol) || symbol == NULL) {
        fprintf(stderr, "%s has no %s: %s\n", soname, name, g_module_error());
        abort();
    }
    return symbol;
}

#endif
