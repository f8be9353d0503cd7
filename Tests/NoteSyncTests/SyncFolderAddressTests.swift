import Foundation
import NoteSync
import Testing

/// The folders an address means, their names percent-encoded as Foundation
/// encoded them before the app left it (so a folder set up then is the same URL).
@Suite("A sync folder's address")
struct SyncFolderAddressTests {
    @Test("a folder's and a user's names are encoded as Foundation's urlPathAllowed, less the slash, encoded them",
          arguments: ["Notes", "Caf é & Co", "a;b", "50% off?", "x#y[z]", "日本語", "ü/ö"])
    func encodedAsBefore(name: String) throws {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        let expected = name.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: allowed)! }
            .joined(separator: "/")
        let found = SyncFolderAddress.candidates(for: "https://cloud.example.org", user: name, folder: name)
        #expect(found == ["https://cloud.example.org/\(expected)/", "https://cloud.example.org/remote.php/dav/files/\(expected)/\(expected)/"])
    }
}
