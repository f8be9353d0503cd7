/// The transitions of contract section 3, and how to get from one state to another.
enum ActivationPath {
    /// The states to pass through, in order, to go from `state` to `target`
    /// (excluding `state`). Active and background are never adjacent: the way
    /// between them passes through inactive. Connecting and disconnecting are
    /// handled by the caller, never here.
    static func steps(from state: SceneActivationState, to target: SceneActivationState) -> [SceneActivationState] {
        switch (state, target) {
        case (.foregroundActive, .background): [.foregroundInactive, .background]
        case (.background, .foregroundActive): [.foregroundInactive, .foregroundActive]
        case (_, .unattached), (.unattached, _): []
        case _ where state == target: []
        default: [target]
        }
    }
}
