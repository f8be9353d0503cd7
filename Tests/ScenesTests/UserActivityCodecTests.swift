import Foundation
import Testing
@testable import Scenes

/// Restoration activities survive the round trip, and untrusted bytes never crash the decoder.
@MainActor
@Suite("User activity coding")
struct UserActivityCodecTests {
    static let everyType: [String: PropertyListValue] = [
        "string": .string("héllo ✍️"), "integer": .integer(-42), "double": .double(3.25), "bool": .bool(true),
        "date": .date(Date(timeIntervalSince1970: 1_700_000_000.5)), "data": .data(Data([0, 1, 254, 255])),
        "uuid": .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        "url": .url(URL(string: "quire://note/e621e1f8")!),
        "array": .array([.integer(1), .string("two"), .array([])]),
        "dictionary": .dictionary(["nested": .dictionary(["deep": .bool(false)])]),
    ]

    @Test("every property-list type round-trips, with title, target and required keys")
    func roundTrip() throws {
        let activity = UserActivity(activityType: "test.editing")
        activity.title = "Editing"
        activity.targetContentIdentifier = "quire://note/1"
        activity.setUserInfo(Self.everyType)
        activity.requiredUserInfoKeys = ["uuid", "string"]
        #expect(activity.needsSave)
        let data = try UserActivityCodec.encode(activity)
        #expect(!activity.needsSave, "encoding is saving")
        let decoded = try UserActivityCodec.decode(data, knownTypes: ["test.editing"]).get()
        #expect(decoded.activityType == "test.editing")
        #expect(decoded.title == "Editing")
        #expect(decoded.targetContentIdentifier == "quire://note/1")
        #expect(decoded.userInfo == Self.everyType)
        #expect(decoded.requiredUserInfoKeys == ["uuid", "string"])
        #expect(!decoded.needsSave)
    }

    @Test("updating with unchanged entries does not ask for a save")
    func updateOnlyWhenChanged() throws {
        let activity = UserActivity(activityType: "test.editing")
        activity.updateUserInfoEntries(["a": .integer(1)])
        #expect(activity.needsSave)
        _ = try UserActivityCodec.encode(activity)
        activity.updateUserInfoEntries(["a": .integer(1)])
        #expect(!activity.needsSave, "same value: nothing to save")
        activity.updateUserInfoEntries(["a": .integer(2)])
        #expect(activity.needsSave)
    }

    @Test("the delegate fills the activity in just before it is saved")
    func willSave() throws {
        final class Filler: UserActivityDelegate {
            func userActivityWillSave(_ userActivity: UserActivity) {
                userActivity.addUserInfoEntries(from: ["filled": .bool(true)])
            }
        }
        let filler = Filler()
        let activity = UserActivity(activityType: "test.editing")
        activity.delegate = filler
        let decoded = try UserActivityCodec.decode(try UserActivityCodec.encode(activity)).get()
        #expect(decoded.userInfo["filled"] == .bool(true))
    }

    @Test("rejections say why", arguments: [
        (#"{"format":1,"activityType":"other","requiredUserInfoKeys":[],"userInfo":{}}"#, "unknown type"),
        (#"{"format":2,"activityType":"test.editing","requiredUserInfoKeys":[],"userInfo":{}}"#, "format version 2"),
        (#"{"format":1,"activityType":"test.editing","requiredUserInfoKeys":["id"],"userInfo":{}}"#, "required keys id"),
        (#"{"format":1,"activityType":"test.editing","requiredUserInfoKeys":[],"userInfo":{"n":{"integer":"x"}}}"#, "malformed"),
        (#"{"format":1,"activityType":"test.editing","requiredUserInfoKeys":[],"userInfo":{"n":{"uuid":"nope"}}}"#, "malformed"),
        (#"{"format":1,"activityType":"test.editing","requiredUserInfoKeys":[],"userInfo":{"n":{"string":"a","integer":1}}}"#, "malformed"),
        (#"{"format":1,"activityType":"","requiredUserInfoKeys":[],"userInfo":{}}"#, "type is empty"),
        ("[1,2,3]", "malformed"),
        ("", "malformed"),
    ])
    func rejected(payload: String, reason: String) {
        let result = UserActivityCodec.decode(Data(payload.utf8), knownTypes: ["test.editing"])
        guard case let .failure(error) = result else {
            Issue.record("accepted \(payload)")
            return
        }
        #expect("\(error)".contains(reason), "\(error)")
    }

    @Test("10,000 random and mutated payloads decode or fail cleanly, never crash")
    func fuzz() throws {
        var generator = SeededGenerator(seed: 0x5EED_0C5A_2950)
        let activity = UserActivity(activityType: "test.editing")
        activity.setUserInfo(Self.everyType)
        activity.requiredUserInfoKeys = ["uuid"]
        let valid = Array(try UserActivityCodec.encode(activity))
        let alphabet = Array(#"{}[]":,0123456789.-eE truefalsnu\"#.utf8)
        var decoded = 0
        var rejected = 0
        for round in 0..<10_000 {
            var bytes: [UInt8]
            switch round % 4 {
            case 0:  // random bytes
                bytes = (0..<Int.random(in: 0...256, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1:  // random JSON-ish text
                bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            case 2:  // the valid payload with bytes flipped, inserted or removed
                bytes = valid
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: index)
                    default: bytes.remove(at: index)
                    }
                }
            default:  // the valid payload cut short, or deeply nested garbage
                bytes = round % 8 == 3
                    ? Array(valid.prefix(Int.random(in: 0..<valid.count, using: &generator)))
                    : Array(String(repeating: #"{"array":["#, count: Int.random(in: 1...300, using: &generator)).utf8)
            }
            switch UserActivityCodec.decode(Data(bytes), knownTypes: ["test.editing"]) {
            case .success: decoded += 1
            case .failure: rejected += 1
            }
        }
        #expect(decoded + rejected == 10_000)
        #expect(rejected > 9_000, "almost every damaged payload is rejected (decoded \(decoded))")
        #expect(try UserActivityCodec.decode(Data(valid), knownTypes: ["test.editing"]).get().userInfo == Self.everyType)
    }
}

/// A small deterministic generator (SplitMix64), so a failing fuzz run can be repeated.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
