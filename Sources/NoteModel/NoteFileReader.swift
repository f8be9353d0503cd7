import FoundationEssentials
import Storage
import Glibc

/// Reads Markdown and plain-text files, or folders of them, to import as
/// notes: one note per file, its text as it is. What is not UTF-8 text (or
/// UTF-16 marked as such) is refused by name, never guessed at. Runs on any thread.
public enum NoteFileReader {
    /// The file name extensions taken (compared without regard to case).
    public static let extensions: Set<String> = ["md", "markdown", "txt"]

    /// The largest file taken, in bytes.
    public static let maximumFileSize = 64 << 20

    /// The files that `paths` name, in order: each file as given, and the `.md`
    /// and `.txt` files inside each folder, its subfolders included, sorted by
    /// path (hidden files and folders passed over). A path given twice counts once.
    public static func files(in paths: [String]) -> (files: [String], skipped: [SkippedImportFile]) {
        let (found, skipped) = filesWithCategories(in: paths)
        return (found.map(\.path), skipped)
    }

    /// `files(in:)`, each file with the category its folder stands for: the
    /// folders between the folder given and it, as Nextcloud's Notes apps
    /// keep categories ("" for a file given itself).
    static func filesWithCategories(in paths: [String]) -> (files: [(path: String, category: String)], skipped: [SkippedImportFile]) {
        var files: [(path: String, category: String)] = [], skipped: [SkippedImportFile] = [], seen: Set<String> = []
        func add(_ path: String, in folder: String? = nil) {
            guard seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted else { return }
            let category = folder.map { folder in
                let inside = String(URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
                    .dropFirst(URL(fileURLWithPath: folder).standardizedFileURL.path.count))
                return NoteCategory.normalized(inside)
            } ?? ""
            files.append((path, category))
        }
        for path in paths {
            var isFolder = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                skipped.append(SkippedImportFile(path: path, reason: .notFound))
                continue
            }
            guard isFolder else {
                if isTaken(path) { add(path) } else { skipped.append(SkippedImportFile(path: path, reason: .notMarkdownOrText)) }
                continue
            }
            for file in filesInside(folder: path) { add(file, in: path) }
        }
        return (files, skipped)
    }

    /// Reads every file `paths` name (see `files(in:)`), calling `progress`
    /// with how many of how many are read after each one; reading stops, with
    /// what was read so far, when `progress` returns false.
    public static func readFiles(
        _ paths: [String], progress: (_ done: Int, _ total: Int) -> Bool = { _, _ in true }
    ) -> (files: [ImportableNoteFile], skipped: [SkippedImportFile]) {
        let (found, skippedPaths) = filesWithCategories(in: paths)
        var files: [ImportableNoteFile] = [], skipped = skippedPaths
        for (index, (path, category)) in found.enumerated() {
            switch readFile(path) {
            case var .success(file):
                file.category = category
                files.append(file)
            case let .failure(reason): skipped.append(SkippedImportFile(path: path, reason: reason))
            }
            guard progress(index + 1, found.count) else { break }
        }
        return (files, skipped)
    }

    /// The text of the file at `path`, or why it cannot be a note.
    public static func readFile(_ path: String) -> Result<ImportableNoteFile, ImportSkipReason> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard status.st_size <= maximumFileSize else { return .failure(.tooLarge) }
        // A byte more than its size: a file that grew while read is seen to.
        guard let bytes = FileBytes.readUpTo(Int(status.st_size) + 1, from: descriptor) else {
            return .failure(.unreadable(String(cString: strerror(errno))))
        }
        guard bytes.count <= maximumFileSize else { return .failure(.tooLarge) }
        let modifiedAt = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
        return text(of: bytes[...]).map { ImportableNoteFile(path: path, body: $0, modifiedAt: modifiedAt) }
    }

    /// `bytes` as a note's text, or why they are not one: UTF-8 (its byte
    /// order mark dropped), or UTF-16 that says so with its byte order mark
    /// (Windows' Notepad saves "Unicode" so).
    static func text(of bytes: ArraySlice<UInt8>) -> Result<String, ImportSkipReason> {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return .failure(.notUTF8) }  // UTF-32
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return utf16Text(of: bytes.dropFirst(2), bigEndian: bytes.first == 0xFE)
        }
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
        if content.contains(0) { return .failure(.binary) }
        guard let text = String(validating: content, as: UTF8.self) else { return .failure(.notUTF8) }
        return nonEmpty(text)
    }

    /// `bytes`, after a UTF-16 byte order mark, as text: refused if they are
    /// not whole, valid UTF-16 (never read with a character replaced).
    private static func utf16Text(of bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<String, ImportSkipReason> {
        guard bytes.count.isMultiple(of: 2) else { return .failure(.notUTF8) }
        let units = stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map { index in
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        if units.contains(0) { return .failure(.binary) }
        guard let text = String(validating: units, as: UTF16.self) else { return .failure(.notUTF8) }
        return nonEmpty(text)
    }

    /// `text`, unless it holds nothing but blanks.
    private static func nonEmpty(_ text: String) -> Result<String, ImportSkipReason> {
        text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) ? .success(text) : .failure(.empty)
    }

    /// Whether a file's name says it is Markdown or plain text.
    static func isTaken(_ path: String) -> Bool {
        extensions.contains(FilePaths.pathExtension(of: path).lowercased())
    }

    /// The Markdown and text files under `folder`, sorted, hidden ones (and
    /// what hidden folders hold) passed over, and links not followed.
    private static func filesInside(folder: String) -> [String] {
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return [] }
        return paths.filter { relative in
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }), isTaken(relative) else { return false }
            var status = stat()
            return lstat(FilePaths.join(folder, relative), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }.map { FilePaths.join(folder, $0) }.sorted()
    }
}
