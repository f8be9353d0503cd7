import CGtk

/// The light or dark style of the app's windows (libadwaita's style manager).
/// Use it once the application has started (in its startup, or later).
@MainActor
public enum DesktopStyle {
    /// Whether the windows follow the desktop's light or dark preference (the
    /// settings portal), live, or are always light, as plain GTK draws them.
    public static var followsDesktop: Bool {
        get { adw_style_manager_get_color_scheme(adw_style_manager_get_default()) != ADW_COLOR_SCHEME_FORCE_LIGHT }
        set {
            adw_style_manager_set_color_scheme(
                adw_style_manager_get_default(), newValue ? ADW_COLOR_SCHEME_DEFAULT : ADW_COLOR_SCHEME_FORCE_LIGHT)
        }
    }

    /// The windows' style as chosen: following the desktop, or always light or dark.
    public enum Choice: Sendable {
        /// Light or dark as the desktop prefers, live.
        case followDesktop
        /// Always light.
        case light
        /// Always dark.
        case dark
    }

    /// The style chosen for the windows; a change restyles every window at once.
    public static var choice: Choice {
        get {
            switch adw_style_manager_get_color_scheme(adw_style_manager_get_default()) {
            case ADW_COLOR_SCHEME_FORCE_LIGHT: .light
            case ADW_COLOR_SCHEME_FORCE_DARK: .dark
            default: .followDesktop
            }
        }
        set {
            let scheme = switch newValue {
            case .followDesktop: ADW_COLOR_SCHEME_DEFAULT
            case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
            case .dark: ADW_COLOR_SCHEME_FORCE_DARK
            }
            adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
        }
    }

    /// Whether the windows are drawn in the dark style now.
    public static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    /// Calls `handler` whenever the windows turn dark or light (`isDark` changes).
    @discardableResult
    public static func onChange(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Object(retaining: UnsafeMutableRawPointer(adw_style_manager_get_default())).observe(property: "dark", handler)
    }
}
