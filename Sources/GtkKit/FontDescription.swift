import CGtk

/// A font as the desktop's settings name one ("Cantarell 11", "Noto Serif 12"):
/// its family and size, as Pango reads the name.
public struct FontDescription: Equatable, Sendable {
    /// The family ("Noto Serif"), if the name gives one.
    public let family: String?
    /// The size in points, if the name gives one.
    public let points: Double?

    /// A font of `family` at `points`.
    public init(family: String?, points: Double?) {
        self.family = family
        self.points = points
    }

    /// Reads `name` as Pango does.
    public init(_ name: String) {
        let description = pango_font_description_from_string(name)
        defer { pango_font_description_free(description) }
        family = pango_font_description_get_family(description).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        let points = cgtk_font_description_points(description)
        self.points = points > 0 ? points : nil
    }
}
