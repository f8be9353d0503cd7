/// A Markdown mark that the formatting keys put around text or take off it,
/// as the editor styles them.
public enum MarkdownMark: Sendable, CaseIterable {
    /// `**bold**` (Ctrl+B).
    case bold
    /// `_italic_` (Ctrl+I).
    case italic
    /// `~~struck~~` (Shift+Ctrl+X).
    case strikethrough
    /// `` `code` `` (Ctrl+E).
    case code
    /// `[text](address)` (Ctrl+K): only put on; the address is selected, to be typed over.
    case link

    /// What goes before the text.
    var opening: String {
        switch self {
        case .bold: "**"
        case .italic: "_"
        case .strikethrough: "~~"
        case .code: "`"
        case .link: "["
        }
    }

    /// What goes after it.
    var closing: String {
        switch self {
        case .bold: "**"
        case .italic: "_"
        case .strikethrough: "~~"
        case .code: "`"
        case .link: "](\(MarkdownMark.linkPlaceholder))"
        }
    }

    /// The address a new link starts with, selected for the person to type over.
    public static let linkPlaceholder = "https://"
}
