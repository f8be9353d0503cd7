import CGtk

// A stand-in for the desktop's settings portal, for the dark-style tests:
// it owns org.freedesktop.portal.Desktop on the session bus and answers
// org.freedesktop.portal.Settings for one setting, org.freedesktop.appearance
// color-scheme, starting at the value given as the first argument (0 no
// preference, 1 dark, 2 light). SIGUSR1 flips dark and light and announces the
// change with SettingChanged, as the real portal does when a person switches.
// Not a product; never installed.

let interfaceXML = """
    <node>
      <interface name="org.freedesktop.portal.Settings">
        <method name="Read">
          <arg type="s" name="namespace" direction="in"/>
          <arg type="s" name="key" direction="in"/>
          <arg type="v" name="value" direction="out"/>
        </method>
        <method name="ReadOne">
          <arg type="s" name="namespace" direction="in"/>
          <arg type="s" name="key" direction="in"/>
          <arg type="v" name="value" direction="out"/>
        </method>
        <signal name="SettingChanged">
          <arg type="s" name="namespace"/>
          <arg type="s" name="key"/>
          <arg type="v" name="value"/>
        </signal>
        <property name="version" type="u" access="read"/>
      </interface>
    </node>
    """

nonisolated(unsafe) var colorScheme = UInt32(CommandLine.arguments.dropFirst().first.flatMap { UInt32($0) } ?? 0)
nonisolated(unsafe) var connection: OpaquePointer?

func tuple(_ values: [OpaquePointer?]) -> OpaquePointer? {
    values.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
}

var vtable = GDBusInterfaceVTable()
vtable.method_call = { _, _, _, _, method, parameters, invocation, _ in
    let namespace = String(cString: g_variant_get_string(g_variant_get_child_value(parameters, 0), nil))
    let key = String(cString: g_variant_get_string(g_variant_get_child_value(parameters, 1), nil))
    guard namespace == "org.freedesktop.appearance", key == "color-scheme" else {
        g_dbus_method_invocation_return_dbus_error(
            invocation, "org.freedesktop.portal.Error.NotFound", "Requested setting not found")
        return
    }
    // Read answers the old way, with the value wrapped twice; ReadOne once.
    let value = g_variant_new_uint32(colorScheme)
    let wrapped = String(cString: method!) == "Read" ? g_variant_new_variant(value) : value
    g_dbus_method_invocation_return_value(invocation, tuple([g_variant_new_variant(wrapped)]))
}
vtable.get_property = { _, _, _, _, _, _, _ in g_variant_new_uint32(2) }

let loop = g_main_loop_new(nil, 0)
var error: UnsafeMutablePointer<GError>?
guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error), let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
    print("SettingsPortalStub: \(error.map { String(cString: $0.pointee.message) } ?? "no session bus")")
    exit(1)
}
connection = bus
g_dbus_connection_register_object(
    bus, "/org/freedesktop/portal/desktop", node.pointee.interfaces[0], &vtable, nil, nil, &error)
g_bus_own_name_on_connection(bus, "org.freedesktop.portal.Desktop", G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)

g_unix_signal_add(SIGUSR1, { _ in
    colorScheme = colorScheme == 1 ? 2 : 1
    g_dbus_connection_emit_signal(
        connection, nil, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", "SettingChanged",
        tuple([g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme"),
               g_variant_new_variant(g_variant_new_uint32(colorScheme))]), nil)
    return 1
}, nil)
g_unix_signal_add(SIGTERM, { _ in g_main_loop_quit(loop); return 0 }, nil)
g_main_loop_run(loop)
