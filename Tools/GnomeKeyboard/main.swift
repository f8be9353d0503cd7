import CGtk

// A keyboard on GNOME's compositor (mutter), for the tests that run Quire on
// it: mutter has no protocol for a program to type, as wtype does on sway, but
// its remote desktop interface on the session bus takes keys. This opens a
// remote desktop session, taps Shift once so that the seat gets a keyboard
// (without one mutter gives no window the focus), and then owns
// io.github.quire.TestKeyboard on the bus, whose two methods type text and
// press a chord such as "ctrl+w", returning once mutter has taken every key
// (text in printable ASCII and line breaks: mutter types through its keymap).
// It ends at SIGTERM, or with a message when mutter closes its session.
// Not a product; never installed.

let interfaceXML = """
    <node>
      <interface name="io.github.quire.TestKeyboard">
        <method name="Type">
          <arg type="s" name="text" direction="in"/>
        </method>
        <method name="Press">
          <arg type="s" name="chord" direction="in"/>
        </method>
      </interface>
    </node>
    """

let mutter = "org.gnome.Mutter.RemoteDesktop"
nonisolated(unsafe) var bus: OpaquePointer?
nonisolated(unsafe) var session = ""

func fail(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> Never {
    print("GnomeKeyboard: \(what): \(error.map { String(cString: $0.pointee.message) } ?? "no reason given")")
    exit(1)
}

/// Sends one key, down or up, as its keysym; mutter picks the key and the
/// level (Shift for a capital) from its keymap.
func send(_ keysym: UInt32, down: Bool) throws(GnomeKeyboardError) {
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
        bus, mutter, session, "\(mutter).Session", "NotifyKeyboardKeysym",
        g_variant_new_tuple([g_variant_new_uint32(keysym), g_variant_new_boolean(down ? 1 : 0)], 2), nil,
        G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
    guard reply != nil else { throw GnomeKeyboardError(message: error.map { String(cString: $0.pointee.message) } ?? "no reply") }
    g_variant_unref(reply)
}

/// Presses the keys `keysyms` in order and lets go of them in reverse, a
/// key every 10 ms, as a person's fingers would.
func chord(_ keysyms: [UInt32]) throws(GnomeKeyboardError) {
    for keysym in keysyms {
        try send(keysym, down: true)
        g_usleep(10_000)
    }
    for keysym in keysyms.reversed() { try send(keysym, down: false) }
    g_usleep(10_000)
}

/// The keysyms of a chord such as "ctrl+shift+n" or "Return": modifiers
/// first, then the key, each by its GDK name; nil if a name is unknown.
func keysyms(of chord: String) -> [UInt32]? {
    let modifiers: [Substring: UInt32] = ["ctrl": 0xffe3, "shift": 0xffe1, "alt": 0xffe9, "super": 0xffeb]
    let names = chord.split(separator: "+")
    let keys = names.map { name in modifiers[name] ?? gdk_keyval_from_name(String(name)) }
    let unknown: UInt32 = 0xffffff  // GDK's VoidSymbol
    return keys.contains(unknown) || keys.isEmpty ? nil : keys
}

/// The keysym that types `character`: printable ASCII, and Return for a
/// line break; nil for anything else, which mutter's US keymap cannot type.
func keysym(typing character: Unicode.Scalar) -> UInt32? {
    if character == "\n" { return 0xff0d }
    return (0x20..<0x7f).contains(character.value) ? gdk_unicode_to_keyval(character.value) : nil
}

var vtable = GDBusInterfaceVTable()
vtable.method_call = { _, _, _, _, method, parameters, invocation, _ in
    let argument = String(cString: g_variant_get_string(g_variant_get_child_value(parameters, 0), nil))
    do throws(GnomeKeyboardError) {
        if String(cString: method!) == "Type" {
            var keys: [UInt32] = []
            for character in argument.unicodeScalars {
                guard let key = keysym(typing: character) else {
                    throw GnomeKeyboardError(message: "no key types \(character.escaped(asASCII: true))")
                }
                keys.append(key)
            }
            for key in keys { try chord([key]) }
        } else {
            guard let keys = keysyms(of: argument) else { throw GnomeKeyboardError(message: "no such key in \(argument)") }
            try chord(keys)
        }
        g_dbus_method_invocation_return_value(invocation, nil)
    } catch {
        g_dbus_method_invocation_return_dbus_error(invocation, "io.github.quire.TestKeyboard.Error.Failed", error.message)
    }
}

var error: UnsafeMutablePointer<GError>?
guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { fail("no session bus", error) }
bus = connection
guard let created = g_dbus_connection_call_sync(
    connection, mutter, "/org/gnome/Mutter/RemoteDesktop", mutter, "CreateSession", nil, nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, &error)
else { fail("mutter made no remote desktop session", error) }
session = String(cString: g_variant_get_string(g_variant_get_child_value(created, 0), nil))
g_dbus_connection_signal_subscribe(
    connection, mutter, "\(mutter).Session", "Closed", session, nil, G_DBUS_SIGNAL_FLAGS_NONE,
    { _, _, _, _, _, _, _ in
        print("GnomeKeyboard: mutter closed the remote desktop session")
        exit(1)
    }, nil, nil)
guard g_dbus_connection_call_sync(
    connection, mutter, session, "\(mutter).Session", "Start", nil, nil, G_DBUS_CALL_FLAGS_NONE, -1, nil, &error) != nil
else { fail("mutter did not start the remote desktop session", error) }
do throws(GnomeKeyboardError) { try chord([0xffe1]) } catch { fail("the first key: \(error.message)", nil) }

guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error) else { fail("the interface", error) }
g_dbus_connection_register_object(connection, "/io/github/quire/TestKeyboard", node.pointee.interfaces[0], &vtable, nil, nil, &error)
g_bus_own_name_on_connection(connection, "io.github.quire.TestKeyboard", G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
let loop = g_main_loop_new(nil, 0)
g_unix_signal_add(SIGTERM, { _ in g_main_loop_quit(loop); return 0 }, nil)
g_main_loop_run(loop)
