import CGtk
import Foundation
import Testing
import TestSupport

/// What a screen reader sees: the accessibility tree the apps on a private
/// desktop publish over AT-SPI, read with plain D-Bus calls.
final class AccessibilityTree {
    /// One accessible object: its name, its role ("push button", "menu item", …),
    /// and how deep it sits below its application.
    struct Element: CustomStringConvertible {
        let name: String
        let role: String
        let depth: Int
        /// Whether it is checked (a ticked check box, the marked item of a radio group).
        var isChecked = false
        /// Whether it is selected (a list's selected row).
        var isSelected = false
        /// Whether it holds what was refused (a field the app marked): AT-SPI's
        /// invalid-entry, or the plain invalid state GTK 4.8 gives it instead.
        var isInvalid = false
        /// What it says beyond its name (a button's tooltip), "" if nothing.
        var about = ""
        /// Where a text element, a button, a list item, a tab, a switch, a combo box or a search box is in its window, in pixels (nil for other elements).
        var frame: (x: Int32, y: Int32, width: Int32, height: Int32)?
        var description: String {
            "\(String(repeating: "  ", count: depth))\(role) \"\(name)\"\(isChecked ? " (checked)" : "")\(isInvalid ? " (invalid)" : "")"
        }
    }

    /// Why the tree could not be read: the D-Bus call that failed, and its error.
    enum ReadError: Error {
        case dbus(String, String)
    }

    private let connection: OpaquePointer

    /// Connects to `desktop`'s accessibility bus (the desktop must have one).
    init(desktop: PrivateDesktop) throws {
        let session = try AccessibilityTree.connect(to: desktop.busAddress)
        defer { g_object_unref(UnsafeMutableRawPointer(session)) }
        let reply = try AccessibilityTree.call(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")
        defer { g_variant_unref(reply) }
        connection = try AccessibilityTree.connect(to: AccessibilityTree.string(g_variant_get_child_value(reply, 0)))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

    /// Every element of every application registered on the bus, depth first.
    func elements() throws -> [Element] {
        var found: [Element] = []
        for (bus, path) in try children(of: "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root") {
            try walk(bus, path, depth: 0, into: &found)
        }
        return found
    }

    /// Where the list row whose name starts with `name` is in its window, once
    /// it shows (a row is named by its note's title, then the rest).
    func frame(ofRow name: String) throws -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let isRow: (Element) -> Bool = { $0.role == "list item" && $0.name.hasPrefix(name) && $0.frame != nil }
        return try #require(elements(once: isRow).first(where: isRow)?.frame, "no row \(name)")
    }

    /// The elements once one of them matches `wanted` (apps publish their tree,
    /// and open menus, a moment after they show), or as they are after `seconds`.
    func elements(once wanted: (Element) -> Bool, seconds: Double = 10) -> [Element] {
        var found: [Element] = []
        _ = eventually(within: seconds) {
            found = (try? elements()) ?? []
            return found.contains(where: wanted)
        }
        return found
    }

    private func walk(_ bus: String, _ path: String, depth: Int, into found: inout [Element]) throws {
        guard depth < 40 else { return }
        let role = try callString(bus, path, "org.a11y.atspi.Accessible", "GetRoleName")
        let states = try states(bus, path)
        found.append(Element(
            name: try property("Name", of: bus, path), role: role, depth: depth,
            isChecked: states & (1 << 4) != 0, isSelected: states & (1 << 23) != 0, isInvalid: states & (1 << 36 | 1 << 0) != 0,
            about: try property("Description", of: bus, path),
            frame: role.contains("text") || role.hasSuffix("button") || ["list item", "tab", "switch", "combo box", "search box"].contains(role)
                ? try frame(of: bus, path) : nil))
        for (childBus, childPath) in try children(of: bus, path) {
            try walk(childBus, childPath, depth: depth + 1, into: &found)
        }
    }

    /// The string property `property` ("Name", "Description") of AT-SPI's Accessible.
    private func property(_ property: String, of bus: String, _ path: String) throws -> String {
        let arguments = [g_variant_new_string("org.a11y.atspi.Accessible"), g_variant_new_string(property)]
        let reply = try AccessibilityTree.call(
            connection, bus, path, "org.freedesktop.DBus.Properties", "Get", arguments)
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(boxed) }
        return AccessibilityTree.string(g_variant_get_variant(boxed))
    }

    /// AT-SPI's GetState set, its two words as one: INVALID is bit 0, CHECKED
    /// bit 4, SELECTED bit 23, INVALID_ENTRY bit 36.
    private func states(_ bus: String, _ path: String) throws -> UInt64 {
        let reply = try AccessibilityTree.call(connection, bus, path, "org.a11y.atspi.Accessible", "GetState")
        defer { g_variant_unref(reply) }
        let words = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(words) }
        var states: UInt64 = 0
        for index in 0..<min(g_variant_n_children(words), 2) {
            let word = g_variant_get_child_value(words, index)
            defer { g_variant_unref(word) }
            states |= UInt64(g_variant_get_uint32(word)) << (32 * UInt64(index))
        }
        return states
    }

    /// Component.GetExtents relative to the window (coordinate type 1).
    private func frame(of bus: String, _ path: String) throws -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let reply = try AccessibilityTree.call(
            connection, bus, path, "org.a11y.atspi.Component", "GetExtents", [g_variant_new_uint32(1)])
        defer { g_variant_unref(reply) }
        let box = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(box) }
        let values = (0..<4).map { index in
            let value = g_variant_get_child_value(box, gsize(index))
            defer { g_variant_unref(value) }
            return g_variant_get_int32(value)
        }
        return (values[0], values[1], values[2], values[3])
    }

    private func children(of bus: String, _ path: String) throws -> [(String, String)] {
        let reply = try AccessibilityTree.call(connection, bus, path, "org.a11y.atspi.Accessible", "GetChildren")
        defer { g_variant_unref(reply) }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).map { index in
            let pair = g_variant_get_child_value(list, index)
            defer { g_variant_unref(pair) }
            return (AccessibilityTree.string(g_variant_get_child_value(pair, 0)),
                    AccessibilityTree.string(g_variant_get_child_value(pair, 1)))
        }
    }

    private func callString(_ bus: String, _ path: String, _ interface: String, _ method: String) throws -> String {
        let reply = try AccessibilityTree.call(connection, bus, path, interface, method)
        defer { g_variant_unref(reply) }
        return AccessibilityTree.string(g_variant_get_child_value(reply, 0))
    }

    /// The string in `value` (a string or object path), releasing `value`.
    private static func string(_ value: OpaquePointer?) -> String {
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    private static func connect(to address: String) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw ReadError.dbus("connect to \(address)", consume(error))
        }
        return connection
    }

    private static func call(
        _ connection: OpaquePointer, _ bus: String, _ path: String, _ interface: String,
        _ method: String, _ arguments: [OpaquePointer?] = []
    ) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let parameters = arguments.isEmpty ? nil : arguments.withUnsafeBufferPointer {
            g_variant_new_tuple($0.baseAddress, gsize($0.count))
        }
        guard let reply = g_dbus_connection_call_sync(
            connection, bus, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5_000, nil, &error)
        else { throw ReadError.dbus("\(interface).\(method) on \(bus) \(path)", consume(error)) }
        return reply
    }

    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}
