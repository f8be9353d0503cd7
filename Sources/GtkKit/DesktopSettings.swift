import CGtk

/// One schema of the desktop's settings (GSettings), such as
/// `org.gnome.desktop.interface`, read and followed, never written.
@MainActor
public final class DesktopSettings {
    private let settings: Object

    /// The settings of `schema`, or nil when that schema is not installed.
    public init?(schema: String) {
        guard let pointer = cgtk_settings_new_if_installed(schema) else { return nil }
        settings = Object(adopting: pointer)
    }

    /// The text at `key`, or nil if the schema has no such key.
    public func string(_ key: String) -> String? {
        guard cgtk_settings_has_key(cgtk_as_settings(settings.objectPointer), key) != 0,
              let value = g_settings_get_string(cgtk_as_settings(settings.objectPointer), key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Calls `handler` whenever `key` changes, for as long as these settings exist.
    /// (GSettings reports a change only of a key read since: read it after this.)
    public func onChange(of key: String, _ handler: @escaping @MainActor () -> Void) {
        _ = settings.connectWithString("changed::\(key)") { _ in handler() }
    }
}
