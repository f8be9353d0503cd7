import Foundation

/// A session as the store keeps it.
struct SessionRecord: Equatable, Sendable {
    var identifier: String
    var role: String
    var configurationName: String
    var userInfo: Data?
    var activationConditions: Data?
    var restorationActivity: Data?
    var stacking: Int64
}
