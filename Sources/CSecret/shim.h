/*
 * libsecret for Swift: passwords kept by the desktop's Secret Service (GNOME
 * Keyring, KWallet). The only place that knows libsecret's C macros and its
 * schema structure.
 */
#ifndef CSECRET_SHIM_H
#define CSECRET_SHIM_H

#include "../COnDemand/on_demand.h"
#include <libsecret/secret.h>

/* libsecret is loaded the first time a password is kept or looked up, not
 * at every launch (it brings libgcrypt): every call into it goes through
 * `CSECRET_CALL`, and the app is not linked with it. A
 * missing library is a broken installation: the process ends saying so. */
static inline void *csecret_symbol(const char *name) {
    static void *library;
    return on_demand_symbol(&library, "libsecret-1.so.0", "the sync password", name);
}

#define CSECRET_CALL(function) ((__typeof__(&function))csecret_symbol(#function))

static inline gboolean csecret_store_finish(GAsyncResult *result, GError **error) {
    return CSECRET_CALL(secret_password_store_finish)(result, error);
}

/* The password a lookup found (free it with `csecret_password_free`), or NULL. */
static inline gchar *csecret_lookup_finish(GAsyncResult *result, GError **error) {
    return CSECRET_CALL(secret_password_lookup_finish)(result, error);
}

static inline void csecret_password_free(gchar *password) { CSECRET_CALL(secret_password_free)(password); }

static inline gboolean csecret_clear_finish(GAsyncResult *result, GError **error) {
    return CSECRET_CALL(secret_password_clear_finish)(result, error);
}

/* Quire's passwords: one per server folder and user. */
static const SecretSchema csecret_quire_schema = {
    "io.github.quire.Quire.Sync", SECRET_SCHEMA_NONE,
    {
        { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { NULL, 0 },
    },
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

static inline GHashTable *csecret_attributes(const char *server, const char *user) {
    GHashTable *attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_hash_table_insert(attributes, g_strdup("server"), g_strdup(server));
    g_hash_table_insert(attributes, g_strdup("user"), g_strdup(user));
    return attributes;
}

/* Stores `password` for `server` and `user` in the default collection. */
static inline void csecret_store(const char *server, const char *user, const char *label, const char *password,
                                 GCancellable *cancellable, GAsyncReadyCallback callback, gpointer data) {
    GHashTable *attributes = csecret_attributes(server, user);
    CSECRET_CALL(secret_password_storev)(&csecret_quire_schema, attributes, SECRET_COLLECTION_DEFAULT, label, password, cancellable,
                           callback, data);
    g_hash_table_unref(attributes);
}

/* Looks up the password for `server` and `user`. */
static inline void csecret_lookup(const char *server, const char *user, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer data) {
    GHashTable *attributes = csecret_attributes(server, user);
    CSECRET_CALL(secret_password_lookupv)(&csecret_quire_schema, attributes, cancellable, callback, data);
    g_hash_table_unref(attributes);
}

/* Removes the password for `server` and `user`. */
static inline void csecret_clear(const char *server, const char *user, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer data) {
    GHashTable *attributes = csecret_attributes(server, user);
    CSECRET_CALL(secret_password_clearv)(&csecret_quire_schema, attributes, cancellable, callback, data);
    g_hash_table_unref(attributes);
}

/* Whether a Secret Service runs on the session bus, or can be started on it
 * (its name is owned, or activatable): asked of the bus itself, which answers
 * at once, where libsecret would wait for a service that never comes. FALSE
 * with `error` set if there is no session bus. */
static inline gboolean csecret_service_reachable(GError **error) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
    if (bus == NULL) return FALSE;
    gboolean reachable = FALSE;
    GVariant *owned = g_dbus_connection_call_sync(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
        g_variant_new("(s)", "org.freedesktop.secrets"), G_VARIANT_TYPE("(b)"), G_DBUS_CALL_FLAGS_NONE, 2000, NULL, error);
    if (owned != NULL) {
        g_variant_get(owned, "(b)", &reachable);
        g_variant_unref(owned);
    }
    if (!reachable && owned != NULL) {
        GVariant *names = g_dbus_connection_call_sync(
            bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListActivatableNames", NULL,
            G_VARIANT_TYPE("(as)"), G_DBUS_CALL_FLAGS_NONE, 2000, NULL, error);
        if (names != NULL) {
            GVariantIter *iterator = NULL;
            const gchar *name = NULL;
            g_variant_get(names, "(as)", &iterator);
            while (!reachable && g_variant_iter_next(iterator, "&s", &name)) {
                reachable = g_strcmp0(name, "org.freedesktop.secrets") == 0;
            }
            g_variant_iter_free(iterator);
            g_variant_unref(names);
        }
    }
    g_object_unref(bus);
    return reachable;
}

/* Whether `error` is GIO's "operation was cancelled" (the call ran out of time). */
static inline gboolean csecret_error_is_cancelled(const GError *error) {
    return g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

#endif
