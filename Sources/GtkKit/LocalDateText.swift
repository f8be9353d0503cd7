import CGtk

/// A moment written as the person's locale writes dates (its `LC_TIME`), by
/// GLib's `g_date_time_format`: the C library's month and day names, as
/// GNOME's own apps show them. Foundation's date formatting would load ICU's
/// locale data (about 5 MiB) into every launch whose list shows an older note.
public enum LocalDateText {
    /// `secondsSince1970` in local time, written by `format`, a
    /// `g_date_time_format` pattern ("%b %-d, %Y"); "" if GLib cannot.
    public static func write(_ secondsSince1970: Int64, format: String) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(secondsSince1970)) else { return "" }
        defer { g_date_time_unref(time) }
        guard let text = g_date_time_format(time, format) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
