import Testing
@testable import Scenes

/// A delegate class the manifests below name as "ScenesTests.ManifestTestDelegate".
@MainActor
final class ManifestTestDelegate: WindowSceneDelegate, InstantiableSceneDelegate {
    init() {}
}

/// The scene manifest: Apple's keys, and launch-stopping errors that name key and value.
@MainActor
@Suite("Scene manifest")
struct SceneManifestTests {
    static func manifest(
        multiple: Any = true, configurations: Any = [["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "ScenesTests.ManifestTestDelegate"]]
    ) -> [String: Any] {
        ["UIApplicationSceneManifest": [
            "UIApplicationSupportsMultipleScenes": multiple,
            "UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": configurations],
        ]]
    }

    @Test("configurations are found by name, the first is the role's default, classes resolve")
    func valid() throws {
        let manifest = try SceneManifest(propertyList: Self.manifest(configurations: [
            ["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "ScenesTests.ManifestTestDelegate"],
            ["UISceneConfigurationName": "Editor", "UISceneDelegateClassName": "ScenesTests.ManifestTestDelegate",
             "UISceneClassName": "Scenes.WindowScene"],
        ]))
        #expect(manifest.supportsMultipleScenes)
        #expect(manifest.configuration(named: nil, role: .windowApplication)?.name == "Main")
        #expect(manifest.configuration(named: "Editor", role: .windowApplication)?.name == "Editor")
        #expect(manifest.configuration(named: "Missing", role: .windowApplication) == nil)
        #expect(manifest.configuration(named: "Main", role: .windowApplication)?.delegateClass == ManifestTestDelegate.self)
        #expect(manifest.activityTypes == nil)
    }

    @Test("an app's required configurations: all present passes, a missing one is named")
    func requiredConfigurations() throws {
        let manifest = try SceneManifest(propertyList: Self.manifest())
        try manifest.requireConfigurations(named: ["Main"], role: .windowApplication)
        #expect(throws: ManifestError.missingConfiguration(name: "Editor", role: "UIWindowSceneSessionRoleApplication")) {
            try manifest.requireConfigurations(named: ["Main", "Editor"], role: .windowApplication)
        }
        #expect("\(ManifestError.missingConfiguration(name: "Editor", role: "R"))".contains(#"no configuration "Editor" for R"#))
    }

    static let errorCases: [([String: Any], String)] = [
        ([String: Any](), "has no UIApplicationSceneManifest"),
        (manifest(multiple: "yes"), "UIApplicationSupportsMultipleScenes must be a Boolean"),
        (manifest(configurations: [["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "Nowhere.Delegate"]]),
         #"UISceneDelegateClassName is "Nowhere.Delegate""#),
        (manifest(configurations: [["UISceneConfigurationName": "Main"]]), "UISceneDelegateClassName"),
        (manifest(configurations: [["UISceneConfigurationName": "Main", "UISceneDelegateClassName": "ScenesTests.ManifestTestDelegate",
                                    "UISceneClassName": "ScenesTests.ManifestTestDelegate"]]),
         #"UISceneClassName is "ScenesTests.ManifestTestDelegate""#),
        (manifest(configurations: []), "no configuration for UIWindowSceneSessionRoleApplication"),
        (manifest(configurations: [
            ["UISceneConfigurationName": "Twice", "UISceneDelegateClassName": "ScenesTests.ManifestTestDelegate"],
            ["UISceneConfigurationName": "Twice", "UISceneDelegateClassName": "ScenesTests.ManifestTestDelegate"],
        ]), #"configuration "Twice" twice"#),
    ]

    @Test("errors name the key and the value")
    func errors() {
        for (plist, message) in Self.errorCases {
            do {
                _ = try SceneManifest(propertyList: plist)
                Issue.record("accepted a manifest that should fail with \(message)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
