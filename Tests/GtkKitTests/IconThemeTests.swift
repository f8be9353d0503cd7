import CGtk
import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// `Toolkit.readIconThemeInBackground`: the display's icon theme, thrown
/// away by an icon folder added once it was read, is read again on a worker
/// thread; an icon asked for meanwhile on the main thread waits for that
/// reading and is found, the added folder's icons with the theme's own.
@MainActor
@Suite("The icon theme read in the background", .serialized)
struct IconThemeTests {
    init() throws { try TestToolkit.start() }

    private static func hasIcon(_ name: String) -> Bool {
        gtk_icon_theme_has_icon(gtk_icon_theme_get_for_display(gdk_display_get_default()), name) != 0
    }

    @Test("icons of a folder added after the theme was read are found once it is read again in the background")
    func addedFolderIconsFound() throws {
        let folder = try TemporaryDirectory(prefix: "quire-icons")
        defer { folder.remove() }
        let name = "quire-test-\(UUID().uuidString.lowercased())"
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>"#
        // An hicolor tree, as an app's own icons are laid out.
        let apps = "\(folder.path)/hicolor/scalable/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try svg.write(toFile: "\(apps)/\(name).svg", atomically: true, encoding: .utf8)
        #expect(Self.hasIcon("image-missing"), "the theme is read before the folder is added")
        #expect(!Self.hasIcon(name))

        Toolkit.addIconSearchPath(folder.path)
        Toolkit.readIconThemeInBackground()
        #expect(Self.hasIcon(name), "the added folder's icon, asked for while the theme may still be read")
        #expect(Self.hasIcon("image-missing"), "the theme's own icons")
        Toolkit.readIconThemeInBackground()  // read already: nothing to do, nothing thrown away
        #expect(Self.hasIcon(name))
    }
}
