/*
 * libsoup 3 for Swift: HTTP for sync, with TLS through glib-networking. The
 * only place that knows libsoup's and GLib's C macros for the WebDAV module.
 */
#ifndef CSOUP_SHIM_H
#define CSOUP_SHIM_H

#include "../COnDemand/on_demand.h"
#include <libsoup/soup.h>

/* libsoup is loaded the first time sync uses it, not at every launch: with
 * what it brings (Kerberos, nghttp2, libpsl, …) it is a dozen libraries a
 * person without sync never needs. Every call into it goes through
 * `CSOUP_CALL`, which finds the function in the loaded library; nothing is
 * linked with libsoup (Package.swift). A missing library is a broken
 * installation: the process ends saying so. */
static inline void *csoup_symbol(const char *name) {
    static void *library;
    return on_demand_symbol(&library, "libsoup-3.0.so.0", "sync", name);
}

#define CSOUP_CALL(function) ((__typeof__(&function))csoup_symbol(#function))

static inline SoupMessage *csoup_message_new(const char *method, const char *uri) {
    return CSOUP_CALL(soup_message_new)(method, uri);
}

static inline SoupMessageHeaders *csoup_message_request_headers(SoupMessage *message) {
    return CSOUP_CALL(soup_message_get_request_headers)(message);
}

static inline SoupMessageHeaders *csoup_message_response_headers(SoupMessage *message) {
    return CSOUP_CALL(soup_message_get_response_headers)(message);
}

static inline void csoup_headers_replace(SoupMessageHeaders *headers, const char *name, const char *value) {
    CSOUP_CALL(soup_message_headers_replace)(headers, name, value);
}

static inline const char *csoup_headers_get_one(SoupMessageHeaders *headers, const char *name) {
    return CSOUP_CALL(soup_message_headers_get_one)(headers, name);
}

static inline goffset csoup_headers_content_length(SoupMessageHeaders *headers) {
    return CSOUP_CALL(soup_message_headers_get_content_length)(headers);
}

static inline void csoup_message_set_body(SoupMessage *message, const char *content_type, GBytes *bytes) {
    CSOUP_CALL(soup_message_set_request_body_from_bytes)(message, content_type, bytes);
}

static inline const char *csoup_message_reason(SoupMessage *message) {
    return CSOUP_CALL(soup_message_get_reason_phrase)(message);
}

static inline guint csoup_message_status(SoupMessage *message) {
    return (guint)CSOUP_CALL(soup_message_get_status)(message);
}

static inline void csoup_send_async(SoupSession *session, SoupMessage *message, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer data) {
    CSOUP_CALL(soup_session_send_async)(session, message, G_PRIORITY_DEFAULT, cancellable, callback, data);
}

/* A session that gives up on a server silent for `timeout` seconds, names
 * itself with `user_agent`, and opens up to 4 connections to one server (a
 * sync reads files a few at a time; libsoup's default is 2). */
static inline SoupSession *csoup_session_new(const char *user_agent, guint timeout) {
    return CSOUP_CALL(soup_session_new_with_options)("user-agent", user_agent, "timeout", timeout, "idle-timeout", 60,
                                         "max-conns-per-host", 4, NULL);
}

/* Trusts the certificates in the PEM file at `path` (instead of the system's).
 * Returns FALSE, with `error` set, if the file cannot be read. */
static inline gboolean csoup_session_trust_file(SoupSession *session, const char *path, GError **error) {
    GTlsDatabase *database = g_tls_file_database_new(path, error);
    if (database == NULL) return FALSE;
    CSOUP_CALL(soup_session_set_tls_database)(session, database);
    g_object_unref(database);
    return TRUE;
}

/* Keeps the certificate the server offers on `message`, then refuses it (a
 * person is to check it before it is trusted). */
static gboolean csoup_keep_offered_certificate(SoupMessage *message, GTlsCertificate *certificate,
                                               GTlsCertificateFlags errors, gpointer data) {
    (void)data;
    g_object_set_data_full(G_OBJECT(message), "csoup-offered-certificate", g_object_ref(certificate), g_object_unref);
    g_object_set_data(G_OBJECT(message), "csoup-offered-errors", GUINT_TO_POINTER(errors));
    return FALSE;
}

/* Why the certificate `message` was offered was not trusted, as GTlsCertificateFlags (0 if it was, or none was offered). */
static inline guint csoup_message_certificate_errors(SoupMessage *message) {
    return GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(message), "csoup-offered-errors"));
}

/* The certificate faults `csoup_message_certificate_errors` gives, by name. */
enum {
    CSOUP_CERTIFICATE_UNKNOWN_AUTHORITY = G_TLS_CERTIFICATE_UNKNOWN_CA,
    CSOUP_CERTIFICATE_WRONG_NAME = G_TLS_CERTIFICATE_BAD_IDENTITY,
    CSOUP_CERTIFICATE_NOT_YET_VALID = G_TLS_CERTIFICATE_NOT_ACTIVATED,
    CSOUP_CERTIFICATE_EXPIRED = G_TLS_CERTIFICATE_EXPIRED,
    CSOUP_CERTIFICATE_REVOKED = G_TLS_CERTIFICATE_REVOKED,
    CSOUP_CERTIFICATE_INSECURE = G_TLS_CERTIFICATE_INSECURE,
};

/* Makes `message` keep the certificate it is offered, should it not be trusted. */
static inline void csoup_message_keep_offered_certificate(SoupMessage *message) {
    g_signal_connect(message, "accept-certificate", G_CALLBACK(csoup_keep_offered_certificate), NULL);
}

/* The certificate `message` was offered and did not trust, or NULL: its PEM
 * text and the SHA-256 of its DER bytes in hex (both freed with g_free), and
 * why it was not trusted. */
static inline gboolean csoup_message_offered_certificate(SoupMessage *message, gchar **pem, gchar **sha256,
                                                         gboolean *unknown_authority, gboolean *other_errors) {
    GTlsCertificate *certificate = g_object_get_data(G_OBJECT(message), "csoup-offered-certificate");
    if (certificate == NULL) return FALSE;
    GByteArray *der = NULL;
    g_object_get(certificate, "certificate-pem", pem, "certificate", &der, NULL);
    *sha256 = der ? g_compute_checksum_for_data(G_CHECKSUM_SHA256, der->data, der->len) : g_strdup("");
    if (der) g_byte_array_unref(der);
    guint errors = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(message), "csoup-offered-errors"));
    *unknown_authority = (errors & G_TLS_CERTIFICATE_UNKNOWN_CA) != 0;
    *other_errors = (errors & ~(guint)G_TLS_CERTIFICATE_UNKNOWN_CA) != 0;
    return TRUE;
}

/* Cancels `cancellable` after `milliseconds` on the thread-default main
 * context, unless the returned source is stopped first (`csoup_source_stop`,
 * which is also what lets it go once it fired). */
static gboolean csoup_cancel_now(gpointer cancellable) {
    g_cancellable_cancel(G_CANCELLABLE(cancellable));
    return G_SOURCE_REMOVE;
}

static inline GSource *csoup_cancel_after(GCancellable *cancellable, guint milliseconds) {
    GSource *source = g_timeout_source_new(milliseconds);
    g_source_set_callback(source, csoup_cancel_now, g_object_ref(cancellable), g_object_unref);
    g_source_attach(source, g_main_context_get_thread_default());
    return source;
}

static inline void csoup_source_stop(GSource *source) {
    g_source_destroy(source);
    g_source_unref(source);
}

static inline void csoup_cancel(GCancellable *cancellable) { g_cancellable_cancel(cancellable); }

static inline GCancellable *csoup_cancellable_new(void) { return g_cancellable_new(); }

/* Starts reading up to `count` more bytes of a response's body. */
static inline void csoup_read_async(GInputStream *stream, gsize count, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer data) {
    g_input_stream_read_bytes_async(stream, count, G_PRIORITY_DEFAULT, cancellable, callback, data);
}

/* The bytes a read started by `csoup_read_async` gave (none at the body's end), or NULL with `error` set. */
static inline GBytes *csoup_read_finish(GInputStream *stream, GAsyncResult *result, GError **error) {
    return g_input_stream_read_bytes_finish(stream, result, error);
}

/* The response body's stream a `csoup_send_async` gave, or NULL with `error` set. */
static inline GInputStream *csoup_send_finish(SoupSession *session, GAsyncResult *result, GError **error) {
    return CSOUP_CALL(soup_session_send_finish)(session, result, error);
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
