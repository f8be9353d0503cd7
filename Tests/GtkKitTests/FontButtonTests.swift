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

    /// Every widget inside `widget`, depth first.
    private static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += [current] + descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The text of every label inside `widget`.
    private static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: widget).compactMap { child in
            guard String(cString: gtk_widget_get_css_name(child)) == "label" else { return nil }
            return gtk_label_get_text(cgtk_as_label(child)).map { String(cString: $0) }
        }
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

    /// The font chooser dialog open, if any.
    private static func openChooser() -> UnsafeMutablePointer<GtkWidget>? { ShownDialog.of(type: gtk_font_chooser_get_type()) }

    @Test("the chooser opens on the button's font, and Select with only the size changed keeps its family")
    func chooserKeepsTheFamily() throws {
        let installed = try Self.matched("Sans")
        let window = Window()
        defer { window.destroy() }
        let button = FontButton(font: "\(installed) 11", title: "Notes Font")
        window.setChild(button)
        var drew = false
        window.onFirstFrame { drew = true }
        window.present()
        #expect(MainLoop.iterate(forAtMost: 10) { drew }, "the window drew")
        gtk_widget_activate(button.widgetPointer)
        var chooser: UnsafeMutablePointer<GtkWidget>?
        #expect(MainLoop.iterate(forAtMost: 10) { chooser = Self.openChooser(); return chooser != nil }, "the chooser opened")
        let dialog = try #require(chooser)
        Self.waitUntilEveryFaceListed(dialog)
        #expect(Self.selectedFamily(dialog) == installed, "the chooser shows the button's family")
        // The person changes the size alone, and picks.
        let size = try #require(Self.descendants(of: dialog).first { String(cString: gtk_widget_get_css_name($0)) == "spinbutton" },
                                "the chooser has a size field")
        gtk_spin_button_set_value(OpaquePointer(size), 14)
        gtk_dialog_response(UnsafeMutablePointer(OpaquePointer(dialog)), GTK_RESPONSE_OK.rawValue)
        #expect(MainLoop.iterate(forAtMost: 10) { Self.openChooser() == nil }, "the chooser closed")
        #expect(FontDescription(button.font).family == installed, "the family kept: \(button.font)")
        #expect(FontDescription(button.font).points == 14, "the size picked: \(button.font)")
    }

    /// The family of the face the chooser `dialog` has selected, if any.
    private static func selectedFamily(_ dialog: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_font_chooser_get_font_family(cgtk_as_font_chooser(dialog)).flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
    }

    /// Runs the main loop until `dialog` has drawn enough frames for GTK to list every face (ten a frame).
    private static func waitUntilEveryFaceListed(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        for _ in 0..<(FontChooser.facesInstalled() / 10 + 3) {
            var painted = false
            #expect(Widget(retaining: dialog).onNextFrame(requestingOne: true) { painted = true })
            #expect(MainLoop.iterate(forAtMost: 10) { painted })
        }
    }

    /// Runs the main loop until the closed chooser `dialog` is let go of (its
    /// last reference dropped, once its response handler has gone).
    private static func waitUntilLetGo(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        var finalized = false
        Widget(retaining: dialog).whenFinalized { finalized = true }
        #expect(MainLoop.iterate(forAtMost: 10) { finalized }, "the chooser is let go of")
    }

    @Test("a search the person types in the chooser is theirs: the face it selects is the one picked, not the button's")
    func personsSearchWins() throws {
        let installed = try Self.matched("Sans")
        try OwnDisplay.run { desktop in
            let window = Window()
            defer { window.destroy() }
            let button = FontButton(font: "\(installed) 11", title: "Font for a search")
            window.setChild(button)
            OwnDisplay.show(window, titled: "Font button \(UUID().uuidString)")
            var picked = 0
            button.onFontPicked { picked += 1 }
            gtk_widget_activate(button.widgetPointer)
            var chooser: UnsafeMutablePointer<GtkWidget>?
            #expect(MainLoop.iterate(forAtMost: 10) { chooser = Self.openChooser(); return chooser != nil }, "the chooser opened")
            let dialog = try #require(chooser)
            let id = try #require(desktop.xdotool("search", "--sync", "--name", "Font for a search").split(separator: "\n").first.map(String.init))
            try desktop.xdotool("windowfocus", "--sync", id)
            try desktop.xdotool("type", "mono")
            #expect(MainLoop.iterate(forAtMost: 10) { Self.selectedFamily(dialog)?.lowercased().contains("mono") == true },
                    "the search selected a face of a Mono family: \(Self.selectedFamily(dialog) ?? "none")")
            Self.waitUntilEveryFaceListed(dialog)
            let selected = try #require(Self.selectedFamily(dialog))
            gtk_dialog_response(UnsafeMutablePointer(OpaquePointer(dialog)), GTK_RESPONSE_OK.rawValue)
            Self.waitUntilLetGo(dialog)
            #expect(MainLoop.iterate(forAtMost: 10) { picked == 1 }, "the pick was told once")
            #expect(FontDescription(button.font).family == selected, "the face the search selected: \(button.font)")

            // Opened again and cancelled, the chooser changes nothing.
            gtk_widget_activate(button.widgetPointer)
            #expect(MainLoop.iterate(forAtMost: 10) { chooser = Self.openChooser(); return chooser != nil }, "the chooser opened again")
            let again = try #require(chooser)
            gtk_dialog_response(UnsafeMutablePointer(OpaquePointer(again)), GTK_RESPONSE_CANCEL.rawValue)
            // Nothing of a chooser may outlive the test's display: GDK would find its X server gone and exit.
            Self.waitUntilLetGo(again)
            #expect(picked == 1 && FontDescription(button.font).family == selected, "nothing picked: \(button.font)")
        }
    }
}
