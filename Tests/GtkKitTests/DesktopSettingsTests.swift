import Foundation
import Testing
@testable import GtkKit

/// The desktop's settings as GSettings has them here (Debian's schemas, the
/// default values), and font names as the settings give them.
@MainActor
@Suite("Desktop settings and font names")
struct DesktopSettingsTests {
    @Test("a font name gives its family and size in points; a name without a size gives none")
    func fontNames() {
        #expect(FontDescription("DejaVu Serif Bold 12.5") == FontDescription(family: "DejaVu Serif", points: 12.5))
        #expect(FontDescription("Cantarell 11").family == "Cantarell")
        #expect(FontDescription("Monospace").points == nil)
        #expect(FontDescription("").family == nil)
    }

    @Test("a schema that is not installed gives no settings, not an abort; a key the schema lacks gives nil")
    func missingSchemaAndKey() throws {
        #expect(DesktopSettings(schema: "org.example.no-such-schema") == nil)
        let interface = try #require(DesktopSettings(schema: "org.gnome.desktop.interface"))
        #expect(interface.string("no-such-key") == nil)
        let font = try #require(interface.string("document-font-name"))
        #expect(FontDescription(font).points != nil, "the default document font \(font) has a size")
    }
}
