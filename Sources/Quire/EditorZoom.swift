/// How large a window shows its note's text, in percent of the document font's
/// size. Zoom In and Zoom Out (Ctrl+plus, Ctrl+minus) step through `steps`;
/// Reset Zoom (Ctrl+0) goes back to `normal`. Each window keeps its own, in its
/// restoration activity.
enum EditorZoom {
    static let steps = [50, 67, 80, 90, 100, 110, 120, 133, 150, 170, 200, 240, 300]
    static let normal = 100

    /// The next step up from `percent` (the largest stays).
    static func larger(than percent: Int) -> Int { steps.first { $0 > percent } ?? steps[steps.count - 1] }

    /// The next step down from `percent` (the smallest stays).
    static func smaller(than percent: Int) -> Int { steps.last { $0 < percent } ?? steps[0] }

    /// The editor's CSS class for `percent` (the style sheet sizes its text).
    static func cssClass(for percent: Int) -> String { "zoom-\(percent)" }
}
