import CICU

/// Text as searches and the title order compare it: without case and
/// without accents ("Éclair" is "eclair"), by the system's ICU.
public enum TextFolding {
    /// `text` folded; as it is if ICU cannot fold it.
    public static func folded(_ text: String) -> String {
        let units = Array(text.utf16)
        var capacity = units.count + 8
        while true {
            var result = [UInt16](repeating: 0, count: capacity)
            let length = cicu_fold(units, Int32(units.count), &result, Int32(capacity))
            guard length >= 0 else { return text }
            guard Int(length) > capacity else { return String(decoding: result[..<Int(length)], as: UTF16.self) }
            capacity = Int(length)
        }
    }
}
