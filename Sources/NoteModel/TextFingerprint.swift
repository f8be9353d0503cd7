/// A short fingerprint of a text (64-bit FNV-1a over its UTF-8, and its
/// length), to tell whether a file on the server holds the text last synced
/// without keeping that text: not for security, only against accidents.
public enum TextFingerprint {
    public static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            count += 1
        }
        return String(hash, radix: 16) + "-" + String(count)
    }
}
