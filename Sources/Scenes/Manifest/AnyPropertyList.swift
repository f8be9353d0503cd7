import FoundationEssentials

/// Any property list, decoded as the untyped values (`[String: Any]`,
/// `[Any]`, `Bool`, `Int`, `Double`, `String`, `Date`, `Data`) that
/// `SceneManifest` checks key by key, with an error that names the key.
struct AnyPropertyList: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        if let dictionary = try? decoder.container(keyedBy: Key.self) {
            var values: [String: Any] = [:]
            for key in dictionary.allKeys { values[key.stringValue] = try dictionary.decode(AnyPropertyList.self, forKey: key).value }
            value = values
        } else if var array = try? decoder.unkeyedContainer() {
            var values: [Any] = []
            while !array.isAtEnd { values.append(try array.decode(AnyPropertyList.self).value) }
            value = values
        } else {
            let single = try decoder.singleValueContainer()
            if let bool = try? single.decode(Bool.self) {
                value = bool
            } else if let integer = try? single.decode(Int.self) {
                value = integer
            } else if let real = try? single.decode(Double.self) {
                value = real
            } else if let string = try? single.decode(String.self) {
                value = string
            } else if let date = try? single.decode(Date.self) {
                value = date
            } else {
                value = try single.decode(Data.self)
            }
        }
    }

    /// A dictionary's key, whatever it is.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
