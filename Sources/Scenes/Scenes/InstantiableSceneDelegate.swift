/// A scene delegate the framework can make by itself, with `init()`, as UIKit
/// makes the class its manifest names. A delegate that needs the app's
/// services is made by the app instead, in
/// `ApplicationDelegate.application(_:sceneDelegateFor:)`, and need not be one.
@MainActor
public protocol InstantiableSceneDelegate: SceneDelegate {
    init()
}
