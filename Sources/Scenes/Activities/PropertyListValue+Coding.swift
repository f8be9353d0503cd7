import FoundationEssentials

/// The stored form: each value is an object with one key naming its type
/// (`{"string": "…"}`, `{"integer": 3}`, `{"date": 1700000000.5}`, …), so a
/// stored value decodes to exactly the type it was saved as.
extension PropertyListValue: Codable {
    private enum Key: String, CodingKey {
        case string, integer, double, bool, date, data, uuid, url, array, dictionary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath, debugDescription: "a value has exactly one type key"))
        }
        switch key {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .integer: self = .integer(try container.decode(Int64.self, forKey: key))
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .date: self = .date(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key)))
        case .data:
            let text = try container.decode(String.self, forKey: key)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not base64")
            }
            self = .data(data)
        case .uuid:
            let text = try container.decode(String.self, forKey: key)
            guard let uuid = UUID(uuidString: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a UUID")
            }
            self = .uuid(uuid)
        case .url:
            let text = try container.decode(String.self, forKey: key)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a URL")
            }
            self = .url(url)
        case .array: self = .array(try container.decode([PropertyListValue].self, forKey: key))
        case .dictionary: self = .dictionary(try container.decode([String: PropertyListValue].self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case let .string(value): try container.encode(value, forKey: .string)
        case let .integer(value): try container.encode(value, forKey: .integer)
        case let .double(value): try container.encode(value, forKey: .double)
        case let .bool(value): try container.encode(value, forKey: .bool)
        case let .date(value): try container.encode(value.timeIntervalSince1970, forKey: .date)
        case let .data(value): try container.encode(value.base64EncodedString(), forKey: .data)
        case let .uuid(value): try container.encode(value.uuidString, forKey: .uuid)
        case let .url(value): try container.encode(value.absoluteString, forKey: .url)
        case let .array(value): try container.encode(value, forKey: .array)
        case let .dictionary(value): try container.encode(value, forKey: .dictionary)
        }
    }
}
