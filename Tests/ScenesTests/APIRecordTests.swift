import Foundation
import Testing
import TestSupport

/// The public API of the framework's libraries is deliberate: a listing of it
/// is kept in `api/<Module>.txt`, made from the toolchain's
/// `swift-api-digester` dump, and this test fails when the API changes without
/// the listing being updated (`./meson-wrapper.sh api` rewrites them).
@Suite("Public API record")
struct APIRecordTests {
    @Test("the public API of Scenes and GtkKit matches its record", arguments: ["Scenes", "GtkKit"])
    func matchesRecord(module: String) throws {
        let listing = try APIListing.make(module: module)
        let recordPath = "\(BuiltProducts.sourceRoot)/api/\(module).txt"
        if ProcessInfo.processInfo.environment["QUIRE_UPDATE_API_RECORD"] == "1" {
            try listing.write(toFile: recordPath, atomically: true, encoding: .utf8)
        }
        let recorded = (try? String(contentsOfFile: recordPath, encoding: .utf8)) ?? ""
        let now = Set(listing.split(separator: "\n")), before = Set(recorded.split(separator: "\n"))
        let added = now.subtracting(before).sorted(), removed = before.subtracting(now).sorted()
        #expect(added.isEmpty && removed.isEmpty, """
            The public API of \(module) changed; if that is meant, run ./meson-wrapper.sh api and commit api/\(module).txt.
            added:
            \(added.joined(separator: "\n"))
            removed:
            \(removed.joined(separator: "\n"))
            """)
    }
}
