import Foundation
import Testing
import TestSupport
@testable import Scenes

/// The session store: sessions, pending discards, launch values, and unreadable files moved aside.
@Suite("Session store")
struct SessionStoreTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-sessions") }

    func record(_ id: String, stacking: Int64) -> SessionRecord {
        SessionRecord(identifier: id, role: "UIWindowSceneSessionRoleApplication", configurationName: "Main",
                      userInfo: Data("{}".utf8), activationConditions: nil, restorationActivity: nil, stacking: stacking)
    }

    @Test("sessions come back back-to-front with their activities; details update in place")
    func sessions() throws {
        let path = folder.file("scenes.sqlite")
        do {
            let store = try SessionStore(path: path)
            try store.save(record("front", stacking: 9))
            try store.save(record("back", stacking: 2))
            try store.saveActivity(Data("activity".utf8), forSession: "front")
            try store.save(record("back", stacking: 3))
        }
        let sessions = try SessionStore(path: path).sessions()
        #expect(sessions.map(\.identifier) == ["back", "front"])
        #expect(sessions.map(\.stacking) == [3, 9])
        #expect(sessions.last?.restorationActivity == Data("activity".utf8), "saving details keeps the activity")
    }

    @Test("a discard removes the session and stays pending until delivered")
    func discards() throws {
        let store = try SessionStore(path: folder.file("scenes.sqlite"))
        try store.save(record("closed", stacking: 1))
        try store.save(record("kept", stacking: 2))
        try store.recordDiscard(of: record("closed", stacking: 1))
        #expect(try store.sessions().map(\.identifier) == ["kept"])
        #expect(try store.pendingDiscards().map(\.identifier) == ["closed"])
        try store.discardDelivered("closed")
        #expect(try store.pendingDiscards().isEmpty)
    }

    @Test("setting sessions aside keeps their activities and discards them")
    func setAside() throws {
        let path = folder.file("scenes.sqlite")
        let store = try SessionStore(path: path)
        try store.save(record("a", stacking: 1))
        try store.saveActivity(Data("crashy".utf8), forSession: "a")
        let setAside = try store.setAsideAndDiscardAll()
        #expect(setAside.map(\.identifier) == ["a"])
        #expect(try store.sessions().isEmpty)
        #expect(try store.pendingDiscards().map(\.identifier) == ["a"])
    }

    @Test("launch values persist")
    func launchValues() throws {
        let path = folder.file("scenes.sqlite")
        try SessionStore(path: path).setLaunchValue("clean_exit", 1)
        #expect(try SessionStore(path: path).launchValue("clean_exit") == 1)
        #expect(try SessionStore(path: path).launchValue("never_set") == 0)
    }

    @Test("an unreadable store is moved aside, never deleted, and a fresh one opened")
    func unreadableMovedAside() throws {
        let path = folder.file("scenes.sqlite")
        let garbage = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let (store, movedAside) = try SessionStore.openMovingAsideUnreadable(path: path)
        let aside = try #require(movedAside)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == garbage)
        #expect(try store.sessions().isEmpty)
    }
}
