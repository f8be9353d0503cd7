public import GtkKit

/// A scene shown in one top-level window (UIKit's `UIWindowScene`).
@MainActor
open class WindowScene: Scene {
    /// The window this scene owns, made with the scene or built ahead by its
    /// delegate (`WindowSceneDelegate.windowBuiltAhead(for:)`); destroyed
    /// when the scene disconnects.
    public let window: Window
    /// The smallest and largest size the window may take.
    public var sizeRestrictions = SceneSizeRestrictions() {
        didSet { window.setSizeRequest(width: sizeRestrictions.minimumWidth, height: sizeRestrictions.minimumHeight) }
    }

    public required init(session: SceneSession, delegate: any SceneDelegate) {
        guard let application = Application.shared else {
            preconditionFailure("a WindowScene is created by the scene framework, after Application starts")
        }
        window = (delegate as? any WindowSceneDelegate)?.windowBuiltAhead(for: session) ?? application.makeWindow()
        super.init(session: session, delegate: delegate)
    }

    override open func titleDidChange() { window.title = title }
}
