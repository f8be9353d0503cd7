import CGtk
import GtkKit

/// A dialog a test opened, found among GTK's toplevel windows.
@MainActor
enum ShownDialog {
    /// The first mapped toplevel window that is a `type` (a GType: the file
    /// chooser's or the font chooser's interface), if any.
    static func of(type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        let toplevels = gtk_window_list_toplevels()
        defer { g_list_free(toplevels) }
        var item = toplevels
        while let current = item {
            if let widget = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
               g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), type) != 0,
               gtk_widget_get_mapped(widget) != 0 {
                return widget
            }
            item = current.pointee.next
        }
        return nil
    }
}
