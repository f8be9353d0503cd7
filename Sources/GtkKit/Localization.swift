import CGtk
import Glibc

/// Gettext translations of the text a person reads.
///
/// `setUp` runs once, first thing in `main`: it takes the locale from the
/// environment (so `LANGUAGE=fr` picks French) and points the message domain
/// at its compiled catalogues. Text is then marked where it is written, with
/// `localized("…")` and `localizedPlural("…", "…", count:)`, which is also how
/// `po/update-translations.sh` finds it.
public enum Localization {
    /// Uses the environment's locale and reads `domain`'s catalogues from
    /// `directory` (`<directory>/<language>/LC_MESSAGES/<domain>.mo`).
    public static func setUp(domain: String, directory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Reads `domain`'s catalogues from `directory`, for `localized(_:domain:arguments:)`,
    /// leaving the app's domain the default: a library's own translations.
    public static func bind(domain: String, directory: String) {
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The language messages are shown in, such as "fr" or "zh_CN", for
    /// formatting dates to match: the first of `LANGUAGE` (which gettext
    /// follows unless the locale is "C"), else the messages locale.
    public static var language: String {
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        let preferred = EnvironmentVariable.value("LANGUAGE")?
            .split(separator: ":").first.map(String.init)
        let chosen = (messages == "C" || messages == "POSIX") ? messages : (preferred ?? messages)
        return String(chosen.prefix { $0 != "." && $0 != "@" })
    }
}

/// `message` in the person's language, with each `%s` replaced in turn by one
/// of `arguments` (translations may move the `%s`, not reorder them).
public func localized(_ message: String, _ arguments: String...) -> String {
    let translated = message.withCString { String(cString: gettext($0)) }
    return substitute(arguments, into: translated)
}

/// `message` in the person's language from the translations of `domain` (a
/// library's, bound with `Localization.bind`), with each `%s` replaced in turn
/// by one of `arguments`.
public func localized(_ message: String, domain: String, arguments: [String]) -> String {
    let translated = domain.withCString { domain in message.withCString { String(cString: dgettext(domain, $0)) } }
    return substitute(arguments, into: translated)
}

/// `singular` or `plural` in the person's language, chosen by the language's
/// plural rule for `count`, with `%d` replaced by `count` and then each `%s`
/// in turn by one of `arguments`.
public func localizedPlural(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
    let translated = singular.withCString { one in
        plural.withCString { many in String(cString: ngettext(one, many, UInt(max(count, 0)))) }
    }
    let number = String(count)
    return substitute(arguments, into: fillIn("d", in: translated) { number })
}

/// `format`, text already in the person's language, with each `%s` replaced
/// in turn by one of `arguments`: for a message shown twice, once whole and
/// once with its `%s` set apart.
public func filledIn(_ format: String, _ arguments: String...) -> String {
    substitute(arguments, into: format)
}

/// `text` with each `%s` replaced in turn by one of `arguments`, while they last.
private func substitute(_ arguments: [String], into text: String) -> String {
    guard !arguments.isEmpty else { return text }
    var remaining = arguments[...]
    return fillIn("s", in: text) { remaining.popFirst() }
}

/// `text` with each `%` and `letter` replaced by what `next` gives, until
/// it gives nil. It looks at the bytes: a launch builds a few hundred
/// strings (a list row's age among them), and the standard library's
/// general search took 50 µs of each window.
private func fillIn(_ letter: Unicode.Scalar, in text: String, with next: () -> String?) -> String {
    var result = ""
    let bytes = text.utf8
    var pieceStart = bytes.startIndex
    var index = pieceStart
    while index != bytes.endIndex {
        let following = bytes.index(after: index)
        guard bytes[index] == UInt8(ascii: "%"), following != bytes.endIndex, bytes[following] == UInt8(ascii: letter) else {
            index = following
            continue
        }
        guard let value = next() else { break }
        result += text[pieceStart..<index]
        result += value
        index = bytes.index(after: following)
        pieceStart = index
    }
    return result + text[pieceStart...]
}
