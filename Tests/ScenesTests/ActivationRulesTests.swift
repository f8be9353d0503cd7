import Testing
@testable import Scenes

/// The transition table of contract section 3, and activation conditions.
@Suite("Activation rules")
struct ActivationRulesTests {
    static let legal: Set<[SceneActivationState]> = [
        [.foregroundInactive, .foregroundActive], [.foregroundActive, .foregroundInactive],
        [.foregroundInactive, .background], [.background, .foregroundInactive],
    ]

    @Test("every path between foreground and background states uses only legal transitions")
    func pathsAreLegal() {
        let states: [SceneActivationState] = [.foregroundActive, .foregroundInactive, .background]
        for from in states {
            for to in states {
                let path = [from] + ActivationPath.steps(from: from, to: to)
                #expect(path.last == to)
                for pair in zip(path, path.dropFirst()) {
                    #expect(Self.legal.contains([pair.0, pair.1]), "\(from) → \(to) steps \(pair.0) → \(pair.1)")
                }
            }
        }
    }

    @Test("active to background passes through inactive, and back")
    func throughInactive() {
        #expect(ActivationPath.steps(from: .foregroundActive, to: .background) == [.foregroundInactive, .background])
        #expect(ActivationPath.steps(from: .background, to: .foregroundActive) == [.foregroundInactive, .foregroundActive])
        #expect(ActivationPath.steps(from: .unattached, to: .foregroundActive).isEmpty, "connecting is not a step")
    }

    @Test("conditions match exact identifiers, prefixes and everything")
    func conditions() {
        var conditions = SceneActivationConditions()
        #expect(conditions.canActivate(for: "anything"))
        #expect(!conditions.prefers("quire://note/1"))
        conditions.prefersToActivateForTargetContentIdentifiers = ["quire://note/1", "quire://folder/*"]
        #expect(conditions.prefers("quire://note/1"))
        #expect(!conditions.prefers("quire://note/10"))
        #expect(conditions.prefers("quire://folder/work"))
        conditions.canActivateForTargetContentIdentifiers = ["quire://*"]
        #expect(conditions.canActivate(for: "quire://x"))
        #expect(!conditions.canActivate(for: "https://x"))
    }
}
