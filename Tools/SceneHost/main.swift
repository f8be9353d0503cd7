import Foundation
import GtkKit
import Scenes

// A minimal app on the scene framework, for its conformance tests: recording
// delegates, a manifest built in code, and one scripted scenario chosen by
// SCENE_HOST_SCENARIO (lifetime, reconnect, conditions, single-scene,
// restoration, throttle, quit-after-waiting, discarded-requests, built-ahead, wrong-role,
// style; SCENE_HOST_FOLLOW_STYLE=1 opts in to the desktop's dark style). Not a
// product; never installed.

MainLoop.bridgeDispatchMainQueue()
let environment = ProcessInfo.processInfo.environment
let manifest = try! SceneManifest(propertyList: [
    "UIApplicationSceneManifest": [
        "UIApplicationSupportsMultipleScenes": environment["SCENE_HOST_SCENARIO"] != "single-scene",
        "UISceneConfigurations": [
            "UIWindowSceneSessionRoleApplication": [
                ["UISceneConfigurationName": "Host", "UISceneDelegateClassName": "SceneHost.HostSceneDelegate"],
            ],
            "ExternalDisplayRole": [
                ["UISceneConfigurationName": "Display", "UISceneDelegateClassName": "SceneHost.HostSceneDelegate"],
            ],
        ],
    ],
])
let application = Application(
    applicationID: "io.github.quire.SceneHost", manifest: manifest, delegate: HostAppDelegate())
application.followsDesktopStyle = environment["SCENE_HOST_FOLLOW_STYLE"] == "1"
let scenario = Scenario(application: application)
Task { @MainActor in
    switch environment["SCENE_HOST_SCENARIO"] {
    case "lifetime": await scenario.lifetime()
    case "reconnect": await scenario.reconnect()
    case "conditions": await scenario.conditions()
    case "single-scene": await scenario.singleScene()
    case "built-ahead": await scenario.builtAhead()
    case "restoration": await scenario.restoration()
    case "throttle": await scenario.throttle()
    case "quit-after-waiting": await scenario.quitAfterWaiting()
    case "discarded-requests": await scenario.discardedRequests()
    case "style": await scenario.style()
    case "wrong-role": break  // configurationForConnecting stops the launch
    default: scenario.result("error", "unknown scenario")
    }
    print("calls \(Recorder.calls.joined(separator: ","))")
    application.terminate()
}
exit(application.run())
