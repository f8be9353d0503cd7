import Foundation
import TestSupport

/// One line per public declaration, sorted: its kind, its qualified name, its
/// type, its accessors and attributes, and a type's conformances.
enum APIListing {
    static func make(module: String) throws -> String {
        let folder = try TemporaryDirectory(prefix: "api-dump")
        let dump = folder.file("\(module).json")
        let modules = (BuiltProducts.executable("Modules"))
        let cflags = try ChildProcess.run("pkg-config", ["--cflags-only-I", "gtk4", "libadwaita-1"], environment: ProcessInfo.processInfo.environment, outputDirectory: folder.path)
        let includes = cflags.output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }.flatMap { ["-Xcc", $0] }
        let result = try ChildProcess.run(
            digester(), ["-dump-sdk", "-module", module, "-I", modules, "-I", "\(BuiltProducts.sourceRoot)/Sources/CGtk",
                         "-I", "\(BuiltProducts.sourceRoot)/Sources/CSQLite",
                         "-I", "\(BuiltProducts.sourceRoot)/Sources/CRowText/include",
                         "-I", "\(BuiltProducts.sourceRoot)/Sources/CX11Input/include", "-avoid-location", "-avoid-tool-args", "-o", dump] + includes,
            environment: ProcessInfo.processInfo.environment, outputDirectory: folder.path, seconds: 120)
        guard result.status == 0, let data = FileManager.default.contents(atPath: dump),
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let root = json["ABIRoot"] as? [String: Any]
        else { throw APIListingError.noDump(result.error) }
        var lines: [String] = []
        for child in root["children"] as? [[String: Any]] ?? [] { collect(child, parent: "", into: &lines) }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    private static func collect(_ node: [String: Any], parent: String, into lines: inout [String]) {
        guard let kind = node["kind"] as? String, kind != "Import", let name = node["printedName"] as? String,
              let declKind = node["declKind"] as? String, !(node["isImplicit"] as? Bool ?? false)
        else { return }
        let children = node["children"] as? [[String: Any]] ?? []
        let qualified = parent.isEmpty ? name : "\(parent).\(name)"
        var line = "\(declKind) \(qualified)"
        // The declaration's type: its children of the Type… kinds that are types, not declarations.
        let typeKinds: Set = ["TypeNominal", "TypeFunc", "TypeNameAlias"]
        let types = children.filter { typeKinds.contains($0["kind"] as? String ?? "") }
            .compactMap { $0["printedName"] as? String }
        if !types.isEmpty { line += ": " + types.joined(separator: ", ") }
        let accessors = children.filter { $0["kind"] as? String == "Accessor" }.compactMap { $0["declKind"] as? String }
        if !accessors.isEmpty { line += " { \(accessors.joined(separator: " ")) }" }
        if let attributes = node["declAttributes"] as? [String], !attributes.isEmpty { line += " @" + attributes.joined(separator: " @") }
        if let conformances = node["conformances"] as? [[String: Any]] {
            let names = conformances.compactMap { $0["printedName"] as? String }.sorted()
            if !names.isEmpty { line += " : " + names.joined(separator: ", ") }
        }
        lines.append(line)
        for child in children where child["kind"] as? String != "Accessor" {
            collect(child, parent: kind == "TypeDecl" ? qualified : parent, into: &lines)
        }
    }

    /// The toolchain's digester: beside `swift` on the PATH, or in /opt/swift.
    private static func digester() -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") + ["/opt/swift/usr/bin"] {
            let candidate = "\(folder)/swift-api-digester"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "swift-api-digester"
    }
}
