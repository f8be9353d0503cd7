/// A Markdown heading's opening marks: one to six `#`, then a blank or the
/// line's end (`#tag` is not a heading). What a title drops and what the
/// editor leaves alone.
public enum MarkdownHeading {
    /// How many `#` open the heading `text` starts with (from its first
    /// character, after any indent or quote marks), or nil if it is not one.
    public static func level<Text: StringProtocol>(of text: Text) -> Int? {
        let hashes = text.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), text.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true else { return nil }
        return hashes
    }
}
