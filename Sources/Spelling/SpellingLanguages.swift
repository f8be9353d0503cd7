import CEnchant
import CICU
public import FoundationEssentials

/// The languages spelling can be checked in (those with a dictionary
/// installed), and which of them the system's language means.
public enum SpellingLanguages {
    /// The tags of every installed dictionary ("en_US", "fr_FR"), sorted, once each.
    public static func installed() -> [String] {
        guard let broker = enchant_broker_init() else { return [] }
        defer { enchant_broker_free(broker) }
        let found = TagList()
        withExtendedLifetime(found) {
            enchant_broker_list_dicts(broker, { tag, _, _, _, data in
                guard let tag, let data else { return }
                Unmanaged<TagList>.fromOpaque(data).takeUnretainedValue().tags.insert(String(cString: tag))
            }, Unmanaged.passUnretained(found).toOpaque())
        }
        return found.tags.sorted()
    }

    /// The installed dictionary that best fits the system's language (from
    /// `LC_ALL`, `LC_MESSAGES` or `LANG` in `environment`): the same language
    /// and country, else the language alone, else the language in another
    /// country. nil if none fits; English (United States) for the C locale.
    public static func systemLanguage(
        environment: [String: String] = ProcessInfo.processInfo.environment, installed: [String] = installed()
    ) -> String? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        var tag = String(locale.prefix { $0 != "." && $0 != "@" })
        if tag == "C" || tag == "POSIX" { tag = "en_US" }
        let language = String(tag.prefix { $0 != "_" })
        return installed.first { $0 == tag } ?? installed.first { $0 == language } ?? installed.first { $0.hasPrefix(language + "_") }
    }

    /// The language's name as people read it in the person's language
    /// ("English (United States)"), or in `displayLanguage`'s ("fr"); the tag if it has none.
    public static func name(of tag: String, in displayLanguage: String? = nil) -> String {
        guard !tag.isEmpty else { return tag }
        var capacity = 64
        while true {
            var name = [UInt16](repeating: 0, count: capacity)
            let length = Int(cicu_language_name(tag, displayLanguage, &name, Int32(capacity)))
            guard length > 0 else { return tag }
            guard length > capacity else { return String(decoding: name[..<length], as: UTF16.self) }
            capacity = length
        }
    }

    /// Tags gathered from Enchant's listing.
    private final class TagList {
        var tags = Set<String>()
    }
}
