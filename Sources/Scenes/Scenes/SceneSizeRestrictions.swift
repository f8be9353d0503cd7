/// Size limits of a window scene, in pixels (UIKit's `UISceneSizeRestrictions`).
public struct SceneSizeRestrictions: Hashable, Sendable {
    /// The smallest width the window may take; -1 lets its content decide.
    public var minimumWidth: Int32 = -1
    /// The smallest height the window may take; -1 lets its content decide.
    public var minimumHeight: Int32 = -1

    /// No restrictions.
    public init() {}
}
