/// A file name on a server as Swift keeps it, byte for byte. A server may hold
/// names that are not UTF-8 (written by an older system, in Latin-1, say);
/// decoding them with U+FFFD for each odd byte would ask the server for
/// another file. Each byte that is not part of valid UTF-8 is kept instead as
/// one code point of the last private-use plane (U+10FF80 to U+10FFFF,
/// which no file name uses), so that encoding the name for a request gives
/// back the server's bytes exactly.
public enum RemoteName {
    /// The first of the code points that stand for single bytes (byte 0x80 is U+10FF80).
    private static let byteBase: UInt32 = 0x10_FF00

    /// `bytes` as a name: UTF-8 where they are valid, each other byte kept as its stand-in.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(byteBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The name's bytes on the server.
    public static func bytes(of name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            if let byte = keptByte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// The name percent-encoded as one segment of a URL's path (RFC 3986's
    /// unreserved characters kept, every other byte as %XX).
    public static func encodedSegment(_ name: String) -> String {
        percentEncoded(bytes(of: name), keeping: unreserved)
    }

    /// `bytes` percent-encoded: those `kept` says as they are, every other as %XX.
    public static func percentEncoded(_ bytes: some Sequence<UInt8>, keeping kept: (UInt8) -> Bool) -> String {
        var encoded = ""
        for byte in bytes {
            if kept(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// The name for a person to read: each byte that is not UTF-8 as %XX
    /// ("caf%E9.md"), control characters as \u{…}.
    public static func readable(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            if let byte = keptByte(scalar) {
                text += "%" + String(byte, radix: 16, uppercase: true)
            } else if isControl(scalar) {
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Whether the name holds a control character (NUL, a line break, …):
    /// such names are refused, never stored cut short or shown garbled.
    public static func hasControlCharacters(_ name: String) -> Bool {
        name.unicodeScalars.contains(where: isControl)
    }

    /// Whether the name's bytes are all UTF-8.
    public static func isUTF8(_ name: String) -> Bool {
        !name.unicodeScalars.contains { keptByte($0) != nil }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// The byte `scalar` stands for, if it stands for one.
    private static func keptByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= byteBase + 0x80 && scalar.value <= byteBase + 0xFF ? UInt8(scalar.value - byteBase) : nil
    }

    private static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The well-formed UTF-8 sequence at `index` (no overlong forms, no
    /// surrogates, nothing past U+10FFFF) and its length, or nil.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let (length, initial, lowest): (Int, UInt32, UInt32) = switch lead {
        case 0x00...0x7F: (1, UInt32(lead), 0)
        case 0xC2...0xDF: (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (4, UInt32(lead & 0x07), 0x1_0000)
        default: (0, 0, 0)
        }
        guard length > 0, index + length <= bytes.count else { return nil }
        var value = initial
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= lowest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
