import Foundation
import Storage
import Testing

/// `FilePaths` against the NSString path methods it replaces in the app.
@Suite("Paths taken apart and put together")
struct FilePathsTests {
    private static let paths = [
        "/home/ada/.local/share/io.github.quire.Quire/notes.sqlite", "/home/ada/", "/", "", "notes.sqlite", "a/b", "a/b/",
        "/a//b", "//a", "/tmp/x.md", "/tmp/.hidden", "/tmp/archive.tar.gz", "/tmp/no extension. md", "/tmp/trailing.", "café/été.txt",
    ]

    @Test("join, parent, last component and extension give what NSString's path methods give", arguments: paths)
    func likeNSString(path: String) {
        let string = path as NSString
        #expect(FilePaths.parent(of: path) == string.deletingLastPathComponent)
        #expect(FilePaths.lastComponent(of: path) == string.lastPathComponent)
        #expect(FilePaths.pathExtension(of: path) == string.pathExtension)
        guard !path.hasSuffix("/"), !path.contains("//") else { return }
        for component in ["notes.sqlite", "help/C", "io.github.quire.Quire"] {
            #expect(FilePaths.join(path, component) == string.appendingPathComponent(component), "\(path) + \(component)")
        }
    }

    @Test("a join never doubles a slash nor leaves one at the end, where NSString's on Linux did")
    func joinTidies() {
        #expect(FilePaths.join("/home/ada/", "drafts") == "/home/ada/drafts")
        #expect(FilePaths.join("/", "drafts") == "/drafts")
        #expect(FilePaths.join("/a//b", "/c/") == "/a/b/c")
        #expect(FilePaths.join("/a", "") == "/a")
        #expect(FilePaths.join("", "x/") == "x")
    }

    @Test("a tilde is the home folder, alone or before a path; a tilde elsewhere stays")
    func tilde() {
        let home = FilePaths.homeDirectory()
        #expect(!home.isEmpty)
        #expect(FilePaths.expandingTilde("~") == home)
        #expect(FilePaths.expandingTilde("~/notes") == FilePaths.join(home, "notes"))
        #expect(FilePaths.expandingTilde("/tmp/~x") == "/tmp/~x")
        #expect(FilePaths.expandingTilde("~root/x") == ("~root/x" as NSString).expandingTildeInPath)
    }
}
