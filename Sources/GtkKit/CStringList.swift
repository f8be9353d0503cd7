/// GLib's string lists (`char **`, ending with NULL) as Swift arrays.
enum CStringList {
    /// The strings of a NULL-terminated list, read through `element(index)`
    /// (the list itself stays the caller's to free).
    static func strings(_ element: (Int) -> UnsafePointer<CChar>?) -> [String] {
        var strings: [String] = []
        var index = 0
        while let string = element(index) {
            strings.append(String(cString: string))
            index += 1
        }
        return strings
    }
}
