import CGtk
import CRowText

/// A list row's text as one widget: a title, and at the end of its line,
/// dimmed, an optional symbolic icon, an optional badge in tabular figures
/// and a trailing text; under them a detail line, dimmed. The title and the
/// detail are cut with "…" where the row ends; the rest keeps its width.
///
/// Built of boxes, inscriptions and a label, such a row was six widgets, each
/// styled, measured and allocated, and a list view keeps up to about 200 rows:
/// this is one, sized from its font's metrics, its text shaped only at the
/// width it is drawn at. For screen readers it is a label named by the title
/// and described by the detail. A popover attached to it (a context menu) is
/// placed as it is.
@MainActor
public final class RowText: Widget {
    /// What the second line shows.
    public enum Detail: Equatable, Sendable {
        /// Plain text.
        case text(String)
        /// Pango markup; escape any user text with `Label.escape`.
        case markup(String)
    }

    /// An empty row text.
    public init() {
        super.init(retaining: cgtk_row_text_new())
    }

    /// Shows `titleMarkup` (Pango markup; escape any user text with
    /// `Label.escape`), then at the line's end `iconName` (a symbolic icon),
    /// `badge` and `trailing` where they are given, and `detail` under them.
    /// Only what changed is laid out again.
    public func show(titleMarkup: String, iconName: String? = nil, badge: String? = nil, trailing: String? = nil, detail: Detail) {
        let (detailText, isMarkup) = switch detail {
        case let .text(text): (text, false)
        case let .markup(markup): (markup, true)
        }
        cgtk_row_text_set(objectPointer, titleMarkup, iconName, badge, trailing, detailText, isMarkup ? 1 : 0)
    }
}
