import Foundation
import TestSupport

/// Hostile input for the fuzzing attack, from a seed: URIs, session rows
/// (every column, wrong types included), restoration activities and
/// manifests that are almost right, or not at all.
struct HostileInput {
    var generator: SeededGenerator

    private mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &generator)! }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }

    /// Random printable and unprintable text, up to `length` characters.
    mutating func text(upTo length: Int) -> String {
        let count = Int.random(in: 0...length, using: &generator)
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x2FF, 0x3040...0x30FF, 0x1F300...0x1F5FF, 0x01...0x1F]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            let pool = pick(pools)
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A URI given on the command line: links almost right, other schemes, junk.
    mutating func uri(notes: [UUID]) -> String {
        let id = notes.randomElement(using: &generator)?.uuidString ?? UUID().uuidString
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: return "quire://note/\(id.lowercased())"
        case 1: return "quire://note/\(text(upTo: 60).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x")"
        case 2: return "quire://note/\(UUID().uuidString)"
        case 3: return pick(["quire:", "quire://", "quire:///note/", "quire://note", "QUIRE://NOTE/\(id)", "quire://note/\(id)/extra", "quire://other/\(id)"])
        case 4: return pick(["file:///etc/passwd", "http://example.org/", "javascript:alert(1)", "data:text/plain,hi", "mailto:x@example.org"])
        case 5: return "quire://note/" + String(repeating: "a", count: Int.random(in: 1_000...60_000, using: &generator))
        case 6: return "%00%ff%fe" + text(upTo: 30)
        case 7: return "quire://note/\(id)?" + text(upTo: 200).addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!
        case 8: return text(upTo: 80).replacingOccurrences(of: "\u{0}", with: "")
        case 9: return "quire://note/\(id)#\(text(upTo: 20))"
        case 10: return "quire://\(text(upTo: 30).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")@note/\(id)"
        default: return "quire://note/" + id.replacingOccurrences(of: "-", with: "")
        }
    }

    /// A JSON value of a random type, sometimes deep, sometimes large.
    mutating func json(depth: Int = 0) -> String {
        switch Int.random(in: 0..<(depth > 3 ? 6 : 9), using: &generator) {
        case 0: return pick(["0", "-1", "9223372036854775807", "-9223372036854775808", "1e308", "-1e308", "3.5", "1e400", "NaN"])
        case 1: return "\"" + text(upTo: 40).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .unicodeScalars.filter { $0.value >= 0x20 }.map(String.init).joined() + "\""
        case 2: return pick(["true", "false", "null"])
        case 3: return "{\"string\":\"" + String(repeating: "x", count: Int.random(in: 0...200_000, using: &generator)) + "\"}"
        case 4: return String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        case 5: return "{\"integer\":" + pick(["9223372036854775807", "-9223372036854775808", "0", "2147483648", "-1"]) + "}"
        case 6: return "[" + (0..<Int.random(in: 0...4, using: &generator)).map { _ in json(depth: depth + 1) }.joined(separator: ",") + "]"
        case 7:
            let keys = ["string", "integer", "double", "bool", "date", "data", "uuid", "url", "array", "dictionary", "other"]
            return "{\"\(pick(keys))\":\(json(depth: depth + 1))}"
        default:
            return "{" + (0..<Int.random(in: 0...4, using: &generator)).map { _ in "\"\(pick(["a", "b", "noteID", "cursor"]))\":\(json(depth: depth + 1))" }.joined(separator: ",") + "}"
        }
    }

    /// A stored restoration activity: Quire's own shape with hostile values, or junk.
    mutating func activity(notes: [UUID]) -> Data {
        if chance(10) { return Data(text(upTo: 300).utf8) }
        let id = notes.randomElement(using: &generator)?.uuidString ?? UUID().uuidString
        var info: [String] = []
        let fields: [(String, [String])] = [
            ("noteID", ["{\"uuid\":\"\(id)\"}", "{\"uuid\":\"not-a-uuid\"}", "{\"string\":\"\(id)\"}", "{\"integer\":7}"]),
            ("cursor", ["{\"integer\":2147483648}", "{\"integer\":-5}", "{\"double\":1e300}", "{\"string\":\"x\"}", "{\"integer\":3}"]),
            ("selectionBound", ["{\"integer\":-9223372036854775808}", "{\"integer\":99999999}", "{\"bool\":true}"]),
            ("scroll", ["{\"double\":1e308}", "{\"double\":-1e308}", "{\"integer\":5}", "{\"double\":12.5}"]),
            ("windowWidth", ["{\"integer\":9223372036854775807}", "{\"integer\":-100}", "{\"integer\":800}", "{\"string\":\"wide\"}"]),
            ("windowHeight", ["{\"integer\":0}", "{\"integer\":600}", "{\"double\":1e10}"]),
            ("maximized", ["{\"bool\":true}", "{\"integer\":1}", "{\"bool\":false}"]),
            ("listWidth", ["{\"integer\":-1}", "{\"integer\":100000}", "{\"integer\":300}"]),
            ("searchText", ["{\"string\":\"\(String(repeating: "q", count: 100_000))\"}", "{\"string\":\"milk\"}", "{\"array\":[]}"]),
        ]
        for (key, values) in fields where chance(70) {
            info.append("\"\(key)\":" + (chance(80) ? pick(values) : json()))
        }
        if chance(20) { info.append("\"\(text(upTo: 10).unicodeScalars.filter { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }.map(String.init).joined())\":\(json())") }
        let type = chance(85) ? "io.github.quire.Quire.editing-note" : pick(["", "other", "io.github.quire.Quire.editing-note "])
        let format = chance(90) ? "1" : pick(["2", "0", "-1", "\"1\""])
        let title = chance(50) ? ",\"title\":\(json())" : ""
        return Data("{\"format\":\(format),\"activityType\":\"\(type)\",\"requiredUserInfoKeys\":\(chance(80) ? "[]" : "[\"missing\"]")\(title),\"userInfo\":{\(info.joined(separator: ","))}}".utf8)
    }

    /// One session row as SQL values: (id, role, configuration, user_info,
    /// activation_conditions, restoration_activity, stacking, ended_cleanly,
    /// restore_phase, restore_launch, failed_restorations), wrong types and all.
    mutating func sessionRow(notes: [UUID]) -> [String] {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\u{0}", with: "") + "'" }
        func blob(_ data: Data) -> String { "X'" + data.map { String(format: "%02X", $0) }.joined() + "'" }
        let id = chance(85) ? quoted(UUID().uuidString) : pick([quoted(""), quoted(text(upTo: 100)), "42", "X'00FF'"])
        let role = chance(90) ? quoted("UIWindowSceneSessionRoleApplication") : pick([quoted(""), quoted("Other"), "7"])
        let configuration = chance(85) ? quoted(pick(["Default Configuration", "Note Editor"])) : pick([quoted(text(upTo: 50)), "3.5", "X'00'"])
        let userInfo = chance(60) ? "NULL" : pick([blob(Data(json().utf8)), quoted(text(upTo: 100)), blob(Data(repeating: 0x7B, count: 100_000))])
        let conditions = chance(60) ? "NULL" : pick([blob(Data(json().utf8)), "1", blob(Data("{\"canActivateForTargetContentIdentifiers\":[\"*\"],\"prefersToActivateForTargetContentIdentifiers\":[\"quire://note/x\"]}".utf8))])
        let activity = chance(10) ? "NULL" : (chance(85) ? blob(activity(notes: notes)) : pick([quoted("text, not a blob"), "12", blob(Data(repeating: 0, count: 2_000_000))]))
        let stacking = pick(["9223372036854775807", "-9223372036854775808", "0", "\(Int64.random(in: Int64.min...Int64.max, using: &generator))", "'high'", "1.5"])
        let ended = pick(["0", "1", "5", "-1", "'yes'", "NULL"])
        let phase = pick(["NULL", "'connecting'", "'settling'", quoted(text(upTo: 10))])
        let launch = pick(["NULL", quoted(UUID().uuidString), "3"])
        let failures = pick(["0", "1", "2", "9223372036854775807", "-4", "'many'"])
        return [id, role, configuration, userInfo, conditions, activity, stacking, ended, phase, launch, failures]
    }

    /// A manifest like Quire's, broken in one or more ways (or fine).
    mutating func manifest(from good: String) -> String {
        var manifest = good
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: manifest = manifest.replacingOccurrences(of: "Quire.NoteSceneDelegate", with: pick(["", "Quire.", ".X", "NoModule", String(repeating: "Q", count: 10_000)]))
            case 1: manifest = manifest.replacingOccurrences(of: "<true/>", with: pick(["<false/>", "<string>yes</string>", "<integer>1</integer>", ""]))
            case 2: manifest = manifest.replacingOccurrences(of: "<array>", with: pick(["<dict>", "<string>", "<array><string>x</string>"]))
            case 3: manifest = String(manifest.prefix(Int.random(in: 0...manifest.count, using: &generator)))
            case 4: manifest = manifest.replacingOccurrences(of: "UISceneConfigurations", with: pick(["UISceneConfiguration", "", "UISceneConfigurations2"]))
            case 5: manifest = manifest.replacingOccurrences(of: "Default Configuration", with: pick(["", "Note Editor", text(upTo: 40)]))
            case 6:
                let insert = manifest.index(manifest.startIndex, offsetBy: Int.random(in: 0...manifest.count, using: &generator))
                manifest.insert(contentsOf: text(upTo: 20).replacingOccurrences(of: "\u{0}", with: ""), at: insert)
            case 7: manifest = manifest.replacingOccurrences(of: "UIWindowSceneSessionRoleApplication", with: pick(["UIWindowSceneSessionRoleExternalDisplay", "", "Role"]))
            case 8: manifest = String(decoding: (0..<Int.random(in: 0...2_000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self)
            default: break
            }
        }
        return manifest
    }
}
