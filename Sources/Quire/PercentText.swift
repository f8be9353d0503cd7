import GtkKit

/// A whole percentage as the person's language writes it ("120%", "120 %"
/// in French): a translated message, not Foundation's number formatting,
/// which would load ICU's locale data (megabytes, for the rest of the process).
enum PercentText {
    /// `percent` followed by the language's percent sign.
    static func of(_ percent: Int) -> String {
        // Translators: a percentage, %s the number: the zoom ("120%") and a sync's progress.
        // Write the space your language puts before the sign, if any (French: U+202F).
        localized("%s%", String(percent))
    }
}
