import Testing
@testable import GtkKit

/// Scalars are counted and found in UTF-8 eight bytes at a time; every
/// answer is the one a scalar at a time gives, for texts mixing one- to
/// four-byte scalars, at every offset.
@Suite("UTF-8 scalars")
struct UTF8ScalarsTests {
    static let samples = [
        "", "a", "abcdefgh", "abcdefghi", "日本語のノート", "é e\u{301} 🎉 京都へ **bold**",
        String(repeating: "mixed 日本 🎉 é\n", count: 7), String(repeating: "x", count: 17),
    ]

    @Test("count, where the nth scalar starts and where the last n begin", arguments: samples)
    func agreesWithScalarAtATime(_ text: String) {
        let starts = text.unicodeScalars.indices.map { text.utf8.distance(from: text.startIndex, to: $0) }
        let byteCount = text.utf8.count
        text.utf8.withContiguousStorageIfAvailable { bytes in
            #expect(UTF8Scalars.count(in: bytes) == starts.count)
            for n in 0...starts.count {
                #expect(UTF8Scalars.byteOffset(ofScalar: n, in: bytes) == (n < starts.count ? starts[n] : byteCount))
                #expect(UTF8Scalars.byteOffset(ofLast: n, in: bytes) == (n == 0 ? byteCount : starts[starts.count - n]))
            }
        }
    }
}
