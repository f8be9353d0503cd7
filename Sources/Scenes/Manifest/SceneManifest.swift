import FoundationEssentials
import Glibc
import Storage

/// The app's scene manifest, read from `Info.plist` with Apple's keys:
/// `UIApplicationSceneManifest` → `UIApplicationSupportsMultipleScenes` and
/// `UISceneConfigurations` → role → [`UISceneConfigurationName`,
/// `UISceneDelegateClassName`, `UISceneClassName`?]; and `NSUserActivityTypes`.
@MainActor
public struct SceneManifest {
    /// Whether the app may show more than one window.
    public let supportsMultipleScenes: Bool
    /// The configurations of each role, in manifest order (the first is the role's default).
    public let configurations: [SceneSessionRole: [SceneConfiguration]]
    /// The activity types the app declares, if it declares any.
    public let activityTypes: Set<String>?

    /// Reads and checks the manifest at `path`; every class it names must exist.
    public init(contentsOf path: String) throws {
        let data: Data
        switch FileBytes.readFile(path) {
        case let .success(read): data = read
        case let .failure(error): throw ManifestError.unreadable(path: path, reason: String(cString: strerror(error.code.rawValue)))
        }
        let plist: AnyPropertyList
        do {
            plist = try PropertyListDecoder().decode(AnyPropertyList.self, from: data)
        } catch {
            throw ManifestError.unreadable(path: path, reason: "not a property list")
        }
        try self.init(propertyList: plist.value)
    }

    /// Checks an already-parsed property list.
    public init(propertyList: Any) throws {
        guard let root = propertyList as? [String: Any] else {
            throw ManifestError.wrongType(key: "the top level", expected: "a dictionary")
        }
        let manifestKey = "UIApplicationSceneManifest"
        guard let manifest = root[manifestKey] else { throw ManifestError.missingKey(manifestKey) }
        guard let scenes = manifest as? [String: Any] else {
            throw ManifestError.wrongType(key: manifestKey, expected: "a dictionary")
        }
        let multipleKey = "\(manifestKey).UIApplicationSupportsMultipleScenes"
        switch scenes["UIApplicationSupportsMultipleScenes"] {
        case nil: supportsMultipleScenes = false
        case let value as Bool: supportsMultipleScenes = value
        default: throw ManifestError.wrongType(key: multipleKey, expected: "a Boolean")
        }
        let configurationsKey = "\(manifestKey).UISceneConfigurations"
        guard let byRole = scenes["UISceneConfigurations"] else { throw ManifestError.missingKey(configurationsKey) }
        guard let byRole = byRole as? [String: Any] else {
            throw ManifestError.wrongType(key: configurationsKey, expected: "a dictionary")
        }
        var configurations: [SceneSessionRole: [SceneConfiguration]] = [:]
        for (roleName, entries) in byRole {
            let roleKey = "\(configurationsKey).\(roleName)"
            guard let entries = entries as? [Any] else { throw ManifestError.wrongType(key: roleKey, expected: "an array") }
            let role = SceneSessionRole(rawValue: roleName)
            var parsed: [SceneConfiguration] = []
            for (index, entry) in entries.enumerated() {
                let configuration = try SceneManifest.configuration(entry, role: role, key: "\(roleKey)[\(index)]")
                if parsed.contains(where: { $0.name == configuration.name }) {
                    throw ManifestError.duplicateConfiguration(name: configuration.name)
                }
                parsed.append(configuration)
            }
            configurations[role] = parsed
        }
        guard configurations[.windowApplication]?.isEmpty == false else {
            throw ManifestError.noConfigurations(role: SceneSessionRole.windowApplication.rawValue)
        }
        self.configurations = configurations
        switch root["NSUserActivityTypes"] {
        case nil: activityTypes = nil
        case let types as [String]: activityTypes = Set(types)
        default: throw ManifestError.wrongType(key: "NSUserActivityTypes", expected: "an array of strings")
        }
    }

    /// Throws `ManifestError.missingConfiguration` unless the manifest declares
    /// every configuration in `names` for `role`: an app checks the ones it asks
    /// for at launch, so an edited or damaged manifest stops it with a message
    /// rather than at the first window that needs the missing one.
    public func requireConfigurations(named names: [String], role: SceneSessionRole) throws {
        for name in names where configuration(named: name, role: role) == nil {
            throw ManifestError.missingConfiguration(name: name, role: role.rawValue)
        }
    }

    /// The configuration called `name` for `role`, or the role's first if `name` is nil.
    public func configuration(named name: String?, role: SceneSessionRole) -> SceneConfiguration? {
        guard let candidates = configurations[role] else { return nil }
        guard let name else { return candidates.first }
        return candidates.first { $0.name == name }
    }

    private static func configuration(_ entry: Any, role: SceneSessionRole, key: String) throws -> SceneConfiguration {
        guard let entry = entry as? [String: Any] else { throw ManifestError.wrongType(key: key, expected: "a dictionary") }
        func optionalString(_ name: String) throws -> String? {
            switch entry[name] {
            case nil: return nil
            case let value as String where !value.isEmpty: return value
            default: throw ManifestError.wrongType(key: "\(key).\(name)", expected: "a non-empty string")
            }
        }
        func string(_ name: String) throws -> String {
            guard let value = try optionalString(name) else { throw ManifestError.missingKey("\(key).\(name)") }
            return value
        }
        let name = try string("UISceneConfigurationName")
        let delegateName = try string("UISceneDelegateClassName")
        guard let delegateClass = _typeByName(delegateName) as? any SceneDelegate.Type else {
            throw ManifestError.unknownClass(key: "\(key).UISceneDelegateClassName", value: delegateName)
        }
        var sceneClass: WindowScene.Type = WindowScene.self
        if let sceneName = try optionalString("UISceneClassName") {
            guard let named = _typeByName(sceneName) as? WindowScene.Type else {
                throw ManifestError.unknownClass(key: "\(key).UISceneClassName", value: sceneName)
            }
            sceneClass = named
        }
        return SceneConfiguration(name: name, role: role, delegateClass: delegateClass, sceneClass: sceneClass)
    }
}
