import CGtk

/// Follows the desktop's light or dark preference, read from the settings
/// portal (`org.freedesktop.appearance`, `color-scheme`): the dark style when
/// the person prefers dark, the light one otherwise, and again each time they
/// change it. Without a portal, or with no preference, GTK's light style stays.
@MainActor
public enum DesktopColorScheme {
    private static let portal = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"

    /// Applies the preference now and whenever the portal announces a change.
    /// Call once, after GTK is initialised (in "startup").
    public static func follow() {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return }
        // The connection stays for the life of the process, as does the subscription.
        apply(readPreference(on: bus))
        let box = ClosureBox<@MainActor (UInt32?) -> Void>({ apply($0) }, kind: .permanent)
        g_dbus_connection_signal_subscribe(
            bus, portal, interface, "SettingChanged", path, namespace, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, g_variant_n_children(parameters) == 3 else { return }
                let changedKey = g_variant_get_child_value(parameters, 1)
                defer { g_variant_unref(changedKey) }
                guard String(cString: g_variant_get_string(changedKey, nil)) == DesktopColorScheme.key else { return }
                let value = DesktopColorScheme.unsignedValue(in: g_variant_get_child_value(parameters, 2))
                MainActor.assumeIsolated {
                    ClosureBox<@MainActor (UInt32?) -> Void>.from(data!).closure(value)
                }
            },
            box.retainedPointer(), nil)
    }

    /// The portal's value: 0 no preference, 1 prefer dark, 2 prefer light; nil without a portal.
    private static func readPreference(on bus: OpaquePointer) -> UInt32? {
        let arguments = [g_variant_new_string(namespace), g_variant_new_string(key)]
        let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        // No auto-start: a desktop that has a portal runs it already, and
        // starting one must not hold up the first window.
        let reply = g_dbus_connection_call_sync(
            bus, portal, path, interface, "Read", parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 1_000, nil, &error)
        if let error { g_error_free(error) }
        guard let reply else { return nil }
        defer { g_variant_unref(reply) }
        return unsignedValue(in: g_variant_get_child_value(reply, 0))
    }

    /// The number inside `value`, however many variants wrap it (older portals
    /// wrap it twice); releases `value`.
    nonisolated private static func unsignedValue(in value: OpaquePointer?) -> UInt32? {
        guard var current = value else { return nil }
        while g_variant_classify(current) == G_VARIANT_CLASS_VARIANT {
            let inner = g_variant_get_variant(current)
            g_variant_unref(current)
            guard let inner else { return nil }
            current = inner
        }
        defer { g_variant_unref(current) }
        return g_variant_classify(current) == G_VARIANT_CLASS_UINT32 ? g_variant_get_uint32(current) : nil
    }

    private static func apply(_ preference: UInt32?) {
        quire_settings_set_prefer_dark(preference == 1 ? 1 : 0)
    }
}
