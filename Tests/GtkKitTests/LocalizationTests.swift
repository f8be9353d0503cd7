import Testing
@testable import GtkKit

/// Messages with no translation come back as written, with their `%s`
/// filled in turn, whatever the text around them.
@Suite("Localized messages")
struct LocalizationTests {
    @Test("each %s takes the next argument; one left over when the arguments run out stays as written; other % signs stay")
    func substitution() {
        #expect(localized("“%s” moved to the trash", "Groceries") == "“Groceries” moved to the trash")
        #expect(localized("%s of %s", "2", "5") == "2 of 5")
        #expect(localized("Sync with %s failed: %s", "日本語のノート 🎉") == "Sync with 日本語のノート 🎉 failed: %s")
        #expect(localized("100% done, %d left, ends with %") == "100% done, %d left, ends with %")
        #expect(localized("%s%s", "é", "e\u{301}") == "ée\u{301}")
        #expect(localized("no placeholder", "unused") == "no placeholder")
        #expect(localized("%s", "%s", "x") == "%s", "an argument's own %s is not filled in")
    }

    @Test("a plural message takes the count in place of every %d, singular for one and plural otherwise")
    func plural() {
        #expect(localizedPlural("%d minute ago", "%d minutes ago", count: 1) == "1 minute ago")
        #expect(localizedPlural("%d minute ago", "%d minutes ago", count: 5) == "5 minutes ago")
        #expect(localizedPlural("%d of %d", "%d of %d", count: 3) == "3 of 3")
        #expect(localizedPlural("100%% of %d, %s", "100%% of %d, %s", count: 7) == "100%% of 7, %s")
    }

    @Test("a plural message fills in its %s after its count, so a name holding %d or %s stays as written")
    func pluralArguments() {
        #expect(localizedPlural("%s, %d note", "%s, %d notes", count: 2, "Ideas") == "Ideas, 2 notes")
        #expect(localizedPlural("%s, %d note", "%s, %d notes", count: 1, "50%d %s") == "50%d %s, 1 note")
        #expect(localizedPlural("%d to %s", "%d to %s", count: 3, "a", "unused") == "3 to a")
        #expect(filledIn("Exported to %s", "~/Notes %s") == "Exported to ~/Notes %s")
    }
}
