import Testing
@testable import GtkKit

/// Dates written by GLib in the locale's words (the C locale's here).
@Suite("Local date text")
struct LocalDateTextTests {
    /// 2024-03-05 at noon UTC: the same day in every time zone within eleven hours of it.
    static let fifthOfMarch2024: Int64 = 1_709_640_000

    @Test("a date is written by the pattern given, in each language's order, without padding the day")
    func patterns() {
        #expect(LocalDateText.write(Self.fifthOfMarch2024, format: "%b %-d, %Y") == "Mar 5, 2024")
        #expect(LocalDateText.write(Self.fifthOfMarch2024, format: "%-d %b %Y") == "5 Mar 2024")
        #expect(LocalDateText.write(Self.fifthOfMarch2024, format: "%Y年%-m月%-d日") == "2024年3月5日")
    }
}
