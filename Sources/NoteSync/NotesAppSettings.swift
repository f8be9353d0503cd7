import FoundationEssentials

/// What Nextcloud's Notes app keeps in its settings file: where the notes are
/// and the suffix of their files. Either is nil when missing or not a string.
struct NotesAppSettings: Decodable {
    let notesPath: String?
    let fileSuffix: String?

    private enum CodingKeys: String, CodingKey {
        case notesPath, fileSuffix
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notesPath = try? container.decode(String.self, forKey: .notesPath)
        fileSuffix = try? container.decode(String.self, forKey: .fileSuffix)
    }
}
