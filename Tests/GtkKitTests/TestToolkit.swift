import GtkKit
import Testing

/// GTK started for a suite of these tests, as Quire starts it: a GTK
/// critical in the tests' own process stops it (under the suite's
/// `G_DEBUG=fatal-criticals`), where GLib's trap would be returned from and
/// the test would pass.
@MainActor
enum TestToolkit {
    static func start(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test", sourceLocation: sourceLocation)
        FatalLogMessages.handle()
    }
}
