/* The application on the session bus: forwarded command lines, exported objects. Part of shim.h: include that, not this. */
#ifndef CGTK_APPLICATION_H
#define CGTK_APPLICATION_H

/* ---- Command lines forwarded to the primary instance -------------------- */

/* Declares a boolean --long-name option that GApplication parses and forwards. */
static inline void cgtk_application_add_flag(gpointer application, const char *long_name,
                                              const char *description) {
    g_application_add_main_option(G_APPLICATION(application), long_name, 0, G_OPTION_FLAG_NONE,
                                  G_OPTION_ARG_NONE, description, NULL);
}

/* Declares that the arguments left after the options are URIs ("[URI…]" in --help). */
static inline void cgtk_application_add_remaining_uris(gpointer application, const char *description) {
    g_application_add_main_option(G_APPLICATION(application), G_OPTION_REMAINING, 0, G_OPTION_FLAG_NONE,
                                  G_OPTION_ARG_STRING_ARRAY, description, "[URI…]");
}

/* Declares a --long-name=VALUE option whose value is a file name (kept in the file system's encoding). */
static inline void cgtk_application_add_filename_option(gpointer application, const char *long_name,
                                                         const char *description, const char *value_name) {
    g_application_add_main_option(G_APPLICATION(application), long_name, 0, G_OPTION_FLAG_NONE,
                                  G_OPTION_ARG_FILENAME, description, value_name);
}

/* The value of a --long-name=VALUE file name option, or NULL if not given; free with g_free. */
static inline gchar *cgtk_command_line_filename_option(gpointer command_line, const char *long_name) {
    GVariantDict *options = g_application_command_line_get_options_dict(G_APPLICATION_COMMAND_LINE(command_line));
    gchar *value = NULL;
    if (!g_variant_dict_lookup(options, long_name, "^ay", &value)) return NULL;
    return value;
}

/* The working folder of the process that ran the command, or NULL if unknown (not to be freed). */
static inline const gchar *cgtk_command_line_cwd(gpointer command_line) {
    return g_application_command_line_get_cwd(G_APPLICATION_COMMAND_LINE(command_line));
}

/* Writes a line to the standard output of the process that ran the command. */
static inline void cgtk_command_line_print(gpointer command_line, const char *message) {
    g_application_command_line_print(G_APPLICATION_COMMAND_LINE(command_line), "%s\n", message);
}

static inline void cgtk_command_line_set_exit_status(gpointer command_line, int status) {
    g_application_command_line_set_exit_status(G_APPLICATION_COMMAND_LINE(command_line), status);
}

static inline gboolean cgtk_command_line_has_flag(gpointer command_line, const char *long_name) {
    GVariantDict *options = g_application_command_line_get_options_dict(G_APPLICATION_COMMAND_LINE(command_line));
    return g_variant_dict_contains(options, long_name);
}

/* The arguments left after the options, NULL-terminated; free with g_strfreev. */
static inline gchar **cgtk_command_line_remaining(gpointer command_line) {
    GVariantDict *options = g_application_command_line_get_options_dict(G_APPLICATION_COMMAND_LINE(command_line));
    gchar **remaining = NULL;
    if (!g_variant_dict_lookup(options, G_OPTION_REMAINING, "^as", &remaining)) {
        return NULL;
    }
    return remaining;
}

static inline gboolean cgtk_command_line_is_remote(gpointer command_line) {
    return g_application_command_line_get_is_remote(G_APPLICATION_COMMAND_LINE(command_line));
}

/* What --help says above the options (`summary`) and below them (`description`). */
static inline void cgtk_application_describe_options(gpointer application, const char *summary,
                                                      const char *description) {
    g_application_set_option_context_summary(G_APPLICATION(application), summary);
    g_application_set_option_context_description(G_APPLICATION(application), description);
}

/* Writes a line to the standard error of the process that ran the command (local or remote). */
static inline void cgtk_command_line_print_error(gpointer command_line, const char *message) {
    g_application_command_line_printerr(G_APPLICATION_COMMAND_LINE(command_line), "%s\n", message);
}

/* ---- Objects the app exports on the session bus ------------------------- */

/* void handler(const char *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data) */
typedef void (*CGtkMethodHandler)(const char *method, GVariant *parameters, gpointer invocation, gpointer data);

typedef struct {
    CGtkMethodHandler handler;
    gpointer data;
    GDestroyNotify release;
} CGtkMethodTarget;

static void cgtk_method_call(GDBusConnection *connection, const gchar *sender, const gchar *path,
                              const gchar *interface, const gchar *method, GVariant *parameters,
                              GDBusMethodInvocation *invocation, gpointer target) {
    ((CGtkMethodTarget *)target)->handler(method, parameters, invocation, ((CGtkMethodTarget *)target)->data);
}

static void cgtk_method_target_free(gpointer target) {
    CGtkMethodTarget *method_target = target;
    if (method_target->release != NULL) method_target->release(method_target->data);
    g_free(method_target);
}

/* Whether `name` has an owner on the session bus: 1 if it has, 0 if not, -1 if
 * there is no session bus to ask (or it did not answer within a second). */
static inline int cgtk_session_bus_name_has_owner(const char *name) {
    GDBusConnection *connection = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (connection == NULL) return -1;
    GVariant *reply = g_dbus_connection_call_sync(
        connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
        g_variant_new("(s)", name), G_VARIANT_TYPE("(b)"), G_DBUS_CALL_FLAGS_NONE, 1000, NULL, NULL);
    g_object_unref(connection);
    if (reply == NULL) return -1;
    gboolean owned = FALSE;
    g_variant_get(reply, "(b)", &owned);
    g_variant_unref(reply);
    return owned ? 1 : 0;
}

/* Exports an object at `path` on the process's session bus connection (the
 * shared one GApplication registers its name on: exported before the name is
 * taken, no call can find the name without the object), with the one interface
 * the introspection `xml` describes; `handler` answers its method calls (it
 * must reply to each invocation), on the main loop. Returns the registration,
 * or 0 with a message in `*error_message` (free it with g_free); `release`
 * gets `data` back once the object is gone (or at once, on failure). */
static inline guint cgtk_session_bus_export_object(const char *path, const char *xml, CGtkMethodHandler handler,
                                                    gpointer data, GDestroyNotify release, char **error_message) {
    static const GDBusInterfaceVTable vtable = { cgtk_method_call, NULL, NULL, { 0 } };
    GError *error = NULL;
    GDBusConnection *connection = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    GDBusNodeInfo *node = connection == NULL ? NULL : g_dbus_node_info_new_for_xml(xml, &error);
    if (node == NULL || node->interfaces == NULL || node->interfaces[0] == NULL) {
        *error_message = g_strdup(error != NULL ? error->message : "the XML describes no interface");
        if (error != NULL) g_error_free(error);
        if (node != NULL) g_dbus_node_info_unref(node);
        if (connection != NULL) g_object_unref(connection);
        release(data);
        return 0;
    }
    CGtkMethodTarget *target = g_new0(CGtkMethodTarget, 1);
    target->handler = handler;
    target->data = data;
    target->release = release;
    guint id = g_dbus_connection_register_object(connection, path, node->interfaces[0], &vtable, target,
                                                 cgtk_method_target_free, &error);
    g_dbus_node_info_unref(node);
    /* The connection reference is kept for the life of the process: GIO holds its
     * shared connection only weakly, and the object lives as long as the connection. */
    if (id == 0) {
        *error_message = g_strdup(error->message);
        g_error_free(error);
    }
    return id;
}

/* The array of strings at `index` of the `parameters` tuple (NULL-terminated;
 * free the array, not the strings, with g_free). */
static inline const gchar **cgtk_variant_strings_at(GVariant *parameters, gsize index) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    const gchar **strings = g_variant_get_strv(child, NULL);
    g_variant_unref(child);
    return strings;
}

/* The string at `index` of the `parameters` tuple (a copy: free it with g_free). */
static inline gchar *cgtk_variant_string_at(GVariant *parameters, gsize index) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    gchar *string = g_variant_dup_string(child, NULL);
    g_variant_unref(child);
    return string;
}

/* Replies with one array of strings, "(as)". */
static inline void cgtk_invocation_return_strings(gpointer invocation, const char *const *strings, gsize count) {
    g_dbus_method_invocation_return_value(G_DBUS_METHOD_INVOCATION(invocation),
                                          g_variant_new("(@as)", g_variant_new_strv(strings, (gssize)count)));
}

/* Replies with an array of dictionaries of strings, "(aa{sv})": entry i holds
 * keys[k] -> values[i * key_count + k], each value a string. */
static inline void cgtk_invocation_return_dictionaries(gpointer invocation, const char *const *keys, gsize key_count,
                                                        const char *const *values, gsize count) {
    GVariantBuilder entries;
    g_variant_builder_init(&entries, G_VARIANT_TYPE("aa{sv}"));
    for (gsize i = 0; i < count; i++) {
        GVariantBuilder entry;
        g_variant_builder_init(&entry, G_VARIANT_TYPE("a{sv}"));
        for (gsize k = 0; k < key_count; k++) {
            g_variant_builder_add(&entry, "{sv}", keys[k], g_variant_new_string(values[i * key_count + k]));
        }
        g_variant_builder_add_value(&entries, g_variant_builder_end(&entry));
    }
    g_dbus_method_invocation_return_value(G_DBUS_METHOD_INVOCATION(invocation),
                                          g_variant_new("(@aa{sv})", g_variant_builder_end(&entries)));
}

/* Replies with nothing, "()". */
static inline void cgtk_invocation_return_nothing(gpointer invocation) {
    g_dbus_method_invocation_return_value(G_DBUS_METHOD_INVOCATION(invocation), NULL);
}

/* Replies with a D-Bus error (org.freedesktop.DBus.Error.Failed) saying `message`. */
static inline void cgtk_invocation_return_failure(gpointer invocation, const char *message) {
    g_dbus_method_invocation_return_dbus_error(G_DBUS_METHOD_INVOCATION(invocation),
                                               "org.freedesktop.DBus.Error.Failed", message);
}

#endif
