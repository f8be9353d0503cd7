/*
 * libsoup 3 for Swift: HTTP for sync, with TLS through glib-networking. The
 * only place that knows libsoup's and GLib's C macros for the WebDAV module.
 */
#ifndef CSOUP_SHIM_H
#define CSOUP_SHIM_H

#include <libsoup/soup.h>

/* A session that gives up on a server silent for `timeout` seconds, and
 * names itself with `user_agent`. */
static inline SoupSession *csoup_session_new(const char *user_agent, guint timeout) {
    return soup_session_new_with_options("user-agent", user_agent, "timeout", timeout, "idle-timeout", 60, NULL);
}

/* Trusts the certificates in the PEM file at `path` (instead of the system's).
 * Returns FALSE, with `error` set, if the file cannot be read. */
static inline gboolean csoup_session_trust_file(SoupSession *session, const char *path, GError **error) {
    GTlsDatabase *database = g_tls_file_database_new(path, error);
    if (database == NULL) return FALSE;
    soup_session_set_tls_database(session, database);
    g_object_unref(database);
    return TRUE;
}

static inline GBytes *csoup_bytes_new(const void *data, gsize size) { return g_bytes_new(data, size); }

static inline const void *csoup_bytes_data(GBytes *bytes, gsize *size) { return g_bytes_get_data(bytes, size); }

static inline void csoup_unref(gpointer object) { g_object_unref(object); }

/* Whether `error` is GIO's "operation was cancelled". */
static inline gboolean csoup_error_is_cancelled(const GError *error) {
    return g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Whether `error` is a TLS failure (a certificate not trusted, a handshake that failed). */
static inline gboolean csoup_error_is_tls(const GError *error) {
    return error->domain == G_TLS_ERROR;
}

/* Whether `error` is a name that does not resolve. */
static inline gboolean csoup_error_is_unresolved(const GError *error) {
    return error->domain == G_RESOLVER_ERROR;
}

/* Whether `error` is a timeout. */
static inline gboolean csoup_error_is_timeout(const GError *error) {
    return g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

#endif
