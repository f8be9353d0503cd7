import GtkKit

/// Whether the windows follow the desktop's light or dark style, or are always one of them.
enum StylePreference: String, Codable, CaseIterable {
    case followSystem, light, dark

    /// The style the windows take for it.
    var desktopChoice: DesktopStyle.Choice {
        switch self {
        case .followSystem: .followDesktop
        case .light: .light
        case .dark: .dark
        }
    }

    /// Gives the windows the style chosen in `preferences`, now (before any
    /// window shows) and whenever it changes.
    @MainActor
    static func apply(from preferences: Preferences) {
        DesktopStyle.choice = preferences.values.style.desktopChoice
        preferences.follow(by: preferences) { [unowned preferences] in
            DesktopStyle.choice = preferences.values.style.desktopChoice
        }
    }
}
