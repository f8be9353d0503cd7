import CGtk
import Foundation
@testable import GtkKit
import Testing
import TestSupport

/// A font button on a font whose family is not installed shows the family
/// Pango draws it with, never GTK's "None"; an installed one is shown as named.
@MainActor
@Suite("Font button", .serialized)
struct FontButtonTests {
    init() throws { try TestToolkit.start() }

    /// The family fontconfig draws `family` with, as `fc-match` says.
    private static func matched(_ family: String) throws -> String {
        let folder = try TemporaryDirectory(prefix: "quire-fc-match")
        defer { folder.remove() }
        return try ChildProcess.run("fc-match", ["-f", "%{family[0]}", family], environment: ["PATH": "/usr/bin:/bin"],
                                    outputDirectory: folder.path).output
    }

    /// The text of every label inside `widget`.
    private static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var texts: [String] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "label", let text = gtk_label_get_text(cgtk_as_label(current)) {
                texts.append(String(cString: text))
            }
            texts += labels(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    @Test("an alias and a missing family show the installed family that draws them, at the size asked; an installed family stays")
    func familyAsDrawn() throws {
        let installed = try Self.matched("Sans")
        #expect(!installed.isEmpty && installed != "Sans", "fontconfig names the family behind Sans")
        for (asked, family) in [("Sans 11", installed), ("No Such Family Here 13", try Self.matched("No Such Family Here")),
                                ("\(installed) 9", installed)] {
            let button = FontButton(font: asked, title: "Notes Font")
            let shown = FontDescription(button.font)
            #expect(shown.family == family, "\(asked): \(button.font)")
            #expect(shown.points == FontDescription(asked).points, "\(asked): the size kept")
            let texts = Self.labels(in: button.widgetPointer)
            #expect(texts.contains { $0.hasPrefix(family) } && !texts.contains { $0.hasPrefix("None") }, "\(asked): the button reads \(texts)")
        }
    }
}
