/// How much of a note's title and text a list row lays out.
///
/// A row shows one line of each, cut to "…" where the row ends; but Pango
/// lays out (shapes) the whole text however little of it shows. A note's
/// preview is up to 400 characters, and a 280-pixel list shows about 45 of
/// them: laying out all of every row's preview was a tenth of the time to
/// restore 100 windows. So a row lays out only what a row as wide as the
/// list could show, counting 3 pixels a character (narrower than any text
/// runs on average), in steps of 40 characters and never fewer than 120.
enum RowTextLength {
    /// What a row lays out before its list knows its width, and in a list narrower than 360 pixels.
    static let shortest = 120
    /// Widths are rounded up to this many characters, so that widening the list
    /// sets the rows' text again only once in a while.
    static let step = 40
    /// A character's narrowest average width, in pixels.
    static let narrowestCharacterWidth = 3.0

    /// The characters a row `width` pixels wide lays out.
    static func forWidth(_ width: Double) -> Int {
        let characters = Int((max(0, width) / narrowestCharacterWidth).rounded(.up))
        return max(shortest, (characters + step - 1) / step * step)
    }

    /// `text`'s first `length` characters, then "…" if there was more.
    static func cut(_ text: String, to length: Int) -> String {
        guard let end = text.index(text.startIndex, offsetBy: length, limitedBy: text.endIndex), end < text.endIndex else {
            return text
        }
        return text[..<end] + "…"
    }
}
