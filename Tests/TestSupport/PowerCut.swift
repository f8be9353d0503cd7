import Foundation

/// A power cut, simulated for the files under one folder. A program started
/// with `environment` records every change it makes to them, in order
/// (`Tests/PowerCut/powercut.c`, loaded with `LD_PRELOAD`); once it is
/// killed, `cut` rewrites each file as the disk would hold it after losing
/// power at that moment: as it was at its last sync (`fsync`, `fdatasync`),
/// plus a random prefix of the writes that followed. Renames and removals
/// count as done when made (the file system's own journal keeps names in
/// order; what a power cut loses is data not synced). Shared-memory files
/// (`-shm`) are removed: they never survive a restart in a meaningful state,
/// and SQLite rebuilds them.
public final class PowerCut {
    /// The folder whose files lose power.
    public let root: String
    private let work: TemporaryDirectory
    private let library: String
    private var logPath: String { work.file("changes.log") }
    /// Every file under the folder when the record began, as on disk then.
    private var base: [String: [UInt8]] = [:]

    /// A power cut for the files under `root` (an absolute path); builds the
    /// recording library with the C compiler.
    public init(root: String) throws {
        self.root = root
        work = try TemporaryDirectory(prefix: "quire-power-cut")
        library = work.file("powercut.so")
        let source = (BuiltProducts.sourceRoot as NSString).appendingPathComponent("Tests/PowerCut/powercut.c")
        let build = try ChildProcess.run(
            "cc", ["-shared", "-fPIC", "-O2", "-o", library, source, "-ldl", "-lpthread"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], outputDirectory: work.path)
        guard build.status == 0 else { throw DesktopError.commandFailed("cc powercut.c", build.error) }
    }

    /// What a program must be started with for its changes to be recorded.
    public var environment: [String: String] {
        ["LD_PRELOAD": library, "QUIRE_POWERCUT_ROOT": root, "QUIRE_POWERCUT_LOG": logPath]
    }

    /// Takes the folder's files as they are now, as all on disk, and starts a
    /// new record: call before starting the program.
    public func arm() throws {
        base = [:]
        for path in PowerCut.files(under: root) where !path.hasSuffix("-shm") {
            base[path] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        }
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    }

    /// Rewrites the folder's files as a power cut now would leave them (the
    /// program must be dead); returns, for messages, each file changed since
    /// its last sync with how many of those changes it kept.
    public func cut<Generator: RandomNumberGenerator>(using generator: inout Generator) throws -> [String] {
        let log = try [UInt8](Data(contentsOf: URL(fileURLWithPath: logPath)))
        let files = PowerCutFiles(base: base)
        files.replay(log)
        var kept: [String] = []
        // The names are the disk's: a rename or removal the program made as it
        // was killed, before it could record it, is done (a file is not made again
        // under the name it had).
        for (path, file) in files.byPath where FileManager.default.fileExists(atPath: path) {
            let count = Int.random(in: 0...file.pending.count, using: &generator)
            if !file.pending.isEmpty {
                kept.append("\((path as NSString).lastPathComponent): \(count) of \(file.pending.count) changes since its last sync")
            }
            try Data(file.contents(keepingPending: count)).write(to: URL(fileURLWithPath: path))
        }
        for path in PowerCut.files(under: root) where path.hasSuffix("-shm") {
            try FileManager.default.removeItem(atPath: path)
        }
        return kept.sorted()
    }

    /// Every regular file under `folder`, as absolute paths.
    private static func files(under folder: String) -> [String] {
        guard let names = FileManager.default.subpaths(atPath: folder) else { return [] }
        return names.map { (folder as NSString).appendingPathComponent($0) }.filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
