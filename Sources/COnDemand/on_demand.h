/*
 * A library loaded the first time one of its functions is called, not at
 * launch: the C shims of libraries a person may never need (libsoup and
 * libsecret, for sync) find each function through `on_demand_symbol`, and
 * the app is not linked with them. Included by those shims; no module of
 * its own.
 */
#ifndef ON_DEMAND_H
#define ON_DEMAND_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* The function `name` of the library `soname`, loaded into `*library` at the
 * first call (from any thread). A missing library or function is a broken
 * installation: the process ends saying so, and what the library is `for`. */
static inline void *on_demand_symbol(void **library, const char *soname, const char *purpose, const char *name) {
    void *loaded = __atomic_load_n(library, __ATOMIC_ACQUIRE);
    if (loaded == NULL) {
        loaded = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
        if (loaded == NULL) {
            fprintf(stderr, "cannot load %s for %s: %s\n", soname, purpose, dlerror());
            abort();
        }
        __atomic_store_n(library, loaded, __ATOMIC_RELEASE);
    }
    void *symbol = dlsym(loaded, name);
    if (symbol == NULL) {
        fprintf(stderr, "%s has no %s: %s\n", soname, name, dlerror());
        abort();
    }
    return symbol;
}

#endif
