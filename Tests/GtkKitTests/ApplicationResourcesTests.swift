import CGtk
@testable import GtkKit
import Testing

/// A `DesktopApplication` names no resource bundle, so GTK's startup loads
/// nothing from one. With a bundle path (GLib derives one from the id), GTK's
/// startup makes the display's icon theme to add the bundle's icons, which
/// starts reading the theme on a thread, and libadwaita's icons, added next,
/// wait on the main thread for that reading and then throw it away.
@MainActor
@Suite("The application's resources")
struct ApplicationResourcesTests {
    init() throws { try TestToolkit.start() }

    @Test("an application has no resource bundle path for GTK's startup to load icons, menus or help from")
    func noResourceBundle() {
        let application = DesktopApplication(id: "io.github.quire.ResourcesTest", isUnique: false)
        #expect(g_application_get_resource_base_path(application.applicationPointer) == nil)
        let plain = g_application_new("io.github.quire.ResourcesTestPlain", G_APPLICATION_NON_UNIQUE)
        defer { g_object_unref(plain) }
        #expect(
            g_application_get_resource_base_path(plain).map { String(cString: $0) } == "/io/github/quire/ResourcesTestPlain",
            "GLib's own default, which the application takes away")
    }
}
