import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// An editor styled as Quire styles notes, for the tests.
@MainActor
enum StyledEditor {
    /// Quire's resources: the language and the schemes.
    static let resources = BuiltProducts.sourceRoot + "/Resources"

    /// A new editor, shown in a window of its own.
    static func shown() throws -> (Window, TextView) {
        let styling = try #require(SourceStyling(
            languageID: "quire-markdown", languageDirectory: resources + "/language-specs",
            lightSchemeID: "quire-light", darkSchemeID: "quire-dark", schemeDirectory: resources + "/styles",
            monospaceClass: "quire-code", hiddenClass: "quire-hidden"))
        let view = styling.makeView()
        let window = Window()
        window.setDefaultSize(width: 500, height: 300)
        window.setChild(view)
        window.present()
        return (window, view)
    }
}
