import CGtk

/// GLib's string lists (`char **`, ending with NULL) as Swift arrays, and back.
package enum CStringList {
    /// The strings of a NULL-terminated list, read through `element(index)`
    /// (the list itself stays the caller's to free).
    package static func strings(_ element: (Int) -> UnsafePointer<CChar>?) -> [String] {
        var strings: [String] = []
        var index = 0
        while let string = element(index) {
            strings.append(String(cString: string))
            index += 1
        }
        return strings
    }

    /// Calls `body` with `strings` as a NULL-terminated list of C strings,
    /// valid only while `body` runs.
    package static func withList<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        // Never empty (it ends with nil), so it has a base address.
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
