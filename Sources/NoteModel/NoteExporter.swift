import FoundationEssentials
import Storage
import Glibc

/// Writes notes as Markdown files, the text unchanged and the file's
/// modification time the note's. Every file is written under a temporary
/// name first and renamed into place, so a failure leaves no file half-written.
/// Runs on any thread.
public enum NoteExporter {
    /// Writes each note as `<title>.md` in `folder` (a note in a category in
    /// that category's folder, "Recipes/Cakes/sponge.md", as Nextcloud's Notes
    /// apps keep them) and returns the paths written, in the notes' order. No
    /// file already there is overwritten, except one that holds exactly the
    /// note's text (exporting again to the same folder rewrites nothing). If
    /// one file cannot be written, none is: the folder is left as it was
    /// (a category's folder made for the export is removed again). `untitled`
    /// names a note with no title; `progress` hears how many notes are written
    /// (of how many) after each one, on the exporting thread.
    public static func export(
        _ notes: [Note], to folder: String, untitled: String, progress: (@Sendable (_ written: Int, _ total: Int) -> Void)? = nil
    ) throws(NoteExportError) -> [String] {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { throw .folderMissing(folder) }
        guard isFolder else { throw .notAFolder(folder) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        removeLeftovers(among: names, in: folder)
        var taken: Set<String> = []
        var existing: [String: Set<String>] = [:]  // each category folder's names, read once
        var planned: [(note: Note, name: String, temporary: String)] = []
        var madeFolders: [String] = []
        var placed = false
        defer {
            for file in planned { unlink(file.temporary) }  // whatever was not renamed
            if !placed { for made in madeFolders.reversed() { rmdir(made) } }  // only if still empty
        }
        for (index, note) in notes.enumerated() {
            let category = NoteCategory.normalized(note.category)
            if !category.isEmpty { madeFolders += try makeFolders(category, in: folder) }
            if existing[category] == nil {
                let prefix = category.isEmpty ? "" : category + "/"
                existing[category] = Set(((try? FileManager.default.contentsOfDirectory(
                    atPath: FilePaths.join(folder, category))) ?? []).map { (prefix + $0).lowercased() })
            }
            let name = fileName(
                for: note, in: folder, category: category, existing: existing[category] ?? [], taken: &taken, untitled: untitled)
            let temporary = FilePaths.join(folder, ".\(index).quire-export-\(getpid()).tmp")
            planned.append((note, name, temporary))
            try writeFile(note.body, to: temporary, reportedAs: FilePaths.join(folder, name))
            progress?(index + 1, notes.count)
        }
        for file in planned {
            let path = FilePaths.join(folder, file.name)
            try place(file.temporary, at: path, modifiedAt: file.note.modifiedAt)
        }
        placed = true
        return planned.map(\.name)
    }

    /// Makes the folders of `category` inside `folder` that are missing; returns those it made, outermost first.
    private static func makeFolders(_ category: String, in folder: String) throws(NoteExportError) -> [String] {
        var made: [String] = []
        var path = folder
        for part in category.split(separator: "/") {
            path = FilePaths.join(path, String(part))
            var isFolder = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                guard isFolder else { throw .cannotWrite(path: path, reason: String(cString: strerror(ENOTDIR))) }
                continue
            }
            guard mkdir(path, 0o755) == 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            made.append(path)
        }
        return made
    }

    /// Writes one note's text to `path` (replacing a file there: the person chose it).
    public static func exportNote(_ note: Note, to path: String) throws(NoteExportError) {
        let folder = FilePaths.parent(of: path)
        let temporary = FilePaths.join(folder, ".quire-export-\(getpid()).tmp")
        defer { unlink(temporary) }
        try writeFile(note.body, to: temporary, reportedAs: path)
        try place(temporary, at: path, modifiedAt: note.modifiedAt)
    }

    /// The note's file path: its title's, in its category's folder, numbered
    /// past the names this export took and those of other files there
    /// (`existing`; a file holding exactly the note's text may be replaced, as
    /// it changes nothing).
    private static func fileName(
        for note: Note, in folder: String, category: String, existing: Set<String>, taken: inout Set<String>, untitled: String
    ) -> String {
        let base = NoteFileName.base(for: note.title, fallback: untitled)
        let prefix = category.isEmpty ? "" : category + "/"
        var skipping = taken
        while true {
            let name = NoteFileName.unique(prefix + base, extension: "md", taken: &skipping)
            let path = FilePaths.join(folder, name)
            if !existing.contains(name.lowercased())
                || FileManager.default.contents(atPath: path) == Data(note.body.utf8) {
                taken.insert(name.lowercased())
                return name
            }
        }
    }

    /// Removes the temporary files an export that was killed left behind
    /// (`.<n>.quire-export-<pid>.tmp` of a process that is gone).
    private static func removeLeftovers(among names: [String], in folder: String) {
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let marker = name.firstRange(of: ".quire-export-"),
                  let pid = Int32(name[marker.upperBound...].dropLast(4)), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(FilePaths.join(folder, name))
        }
    }

    /// Writes `text` to a new file at `path`, to the disk; `reportedAs` is the
    /// path an error names (the file the person will look for).
    private static func writeFile(_ text: String, to path: String, reportedAs shownPath: String) throws(NoteExportError) {
        if let code = SyncedFile.write(Data(text.utf8), to: path, permissions: 0o644) {
            throw .cannotWrite(path: shownPath, reason: String(cString: strerror(code)))
        }
    }

    /// Renames the written file into place and gives it the note's date.
    private static func place(_ temporary: String, at path: String, modifiedAt: Date) throws(NoteExportError) {
        guard rename(temporary, path) == 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        let seconds = modifiedAt.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((modifiedAt.timeIntervalSince1970 - seconds) * 1e9))
        let times = [time, time]
        _ = utimensat(AT_FDCWD, path, times, 0)
    }
}
