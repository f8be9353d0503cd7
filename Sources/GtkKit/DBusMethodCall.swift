import CGtk

/// One call of a method of an object the app exports on the session bus
/// (`DesktopApplication.exportObject`): its name and arguments, and the one
/// reply it must get before the handler returns.
@MainActor
public struct DBusMethodCall {
    /// The method's name, such as "GetInitialResultSet".
    public let method: String
    private let parameters: OpaquePointer
    private let invocation: UnsafeMutableRawPointer

    init(method: String, parameters: OpaquePointer, invocation: UnsafeMutableRawPointer) {
        self.method = method
        self.parameters = parameters
        self.invocation = invocation
    }

    /// The argument at `index`, an array of strings ("as").
    public func strings(at index: Int) -> [String] {
        guard let array = cgtk_variant_strings_at(parameters, gsize(index)) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
        return CStringList.strings { array[$0] }
    }

    /// The argument at `index`, a string ("s").
    public func string(at index: Int) -> String {
        guard let copy = cgtk_variant_string_at(parameters, gsize(index)) else { return "" }
        defer { g_free(copy) }
        return String(cString: copy)
    }

    /// Replies with an array of strings ("(as)").
    public func reply(strings: [String]) {
        CStringList.withList(strings) { cgtk_invocation_return_strings(invocation, $0, gsize(strings.count)) }
    }

    /// Replies with an array of dictionaries of strings ("(aa{sv})"), each with the keys `keys`.
    public func reply(dictionaries: [[String: String]], keys: [String]) {
        let values = dictionaries.flatMap { entry in keys.map { entry[$0] ?? "" } }
        CStringList.withList(keys) { keyPointers in
            CStringList.withList(values) { valuePointers in
                cgtk_invocation_return_dictionaries(
                    invocation, keyPointers, gsize(keys.count), valuePointers, gsize(dictionaries.count))
            }
        }
    }

    /// Replies with nothing ("()").
    public func reply() { cgtk_invocation_return_nothing(invocation) }

    /// Replies with an error saying `message`.
    public func fail(_ message: String) { cgtk_invocation_return_failure(invocation, message) }
}
