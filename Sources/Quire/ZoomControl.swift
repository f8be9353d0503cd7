import FoundationEssentials
import GtkKit

/// The primary menu's zoom row, as GNOME's own apps have it: Zoom Out, the
/// window's zoom in percent (a click resets it), Zoom In. Each window's menu
/// has its own, showing that window's zoom.
@MainActor
final class ZoomControl {
    /// The row, for the menu to show.
    let root = Box(vertical: false)
    private let level: Button

    /// A row showing `percent`.
    init(showing percent: Int) {
        level = Button(label: PercentText.of(percent), action: "app.zoom-reset", tooltip: localized("Reset Zoom"))
        let zoomOut = Button(iconName: "zoom-out-symbolic", action: "app.zoom-out", name: localized("Zoom Out"), tooltip: localized("Zoom Out"))
        let zoomIn = Button(iconName: "zoom-in-symbolic", action: "app.zoom-in", name: localized("Zoom In"), tooltip: localized("Zoom In"))
        for button in [zoomOut, zoomIn] {
            button.addCSSClass("flat")
            button.addCSSClass("circular")
        }
        level.addCSSClass("flat")
        level.setExpands(horizontally: true, vertically: false)
        root.append(zoomOut)
        root.append(level)
        root.append(zoomIn)
    }

    /// Shows `percent` as the window's zoom.
    func show(_ percent: Int) { level.label = PercentText.of(percent) }
}
