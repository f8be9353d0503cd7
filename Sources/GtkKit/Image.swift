import CGtk

/// A GtkImage showing an icon of the icon theme at the size of the text around
/// it: a mark beside a label, such as a pinned note's pin.
@MainActor
public final class Image: Widget {
    /// An image of the theme's icon `iconName` ("view-pin-symbolic").
    public init(iconName: String) {
        super.init(retaining: gtk_image_new_from_icon_name(iconName))
    }
}
