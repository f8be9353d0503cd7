import Foundation
import Testing
import TestSupport
@testable import Scenes
import Storage

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

    @Test("each session comes with its activity's title, read without decoding it; an activity that is not JSON has none, and the rest still load")
    @MainActor
    func activityTitles() throws {
        let store = try SessionStore(path: folder.file("scenes.sqlite"))
        let titled = UserActivity(activityType: "note")
        titled.title = "Shopping list — “week 48”"
        titled.addUserInfoEntries(from: ["title": .string("not this one")])
        let untitled = UserActivity(activityType: "note")
        for (id, stacking, activity) in [("titled", 1, try UserActivityCodec.encode(titled)),
                                         ("untitled", 2, try UserActivityCodec.encode(untitled)),
                                         ("damaged", 3, Data("{\"title\": \"cut".utf8)), ("binary", 4, Data([0xff, 0x00, 0x7b]))] {
            try store.save(record(id, stacking: Int64(stacking)))
            try store.saveActivity(activity, forSession: id)
        }
        try store.save(record("none", stacking: 5))
        let sessions = try store.sessions()
        #expect(sessions.map(\.identifier) == ["titled", "untitled", "damaged", "binary", "none"])
        #expect(sessions.map(\.activityTitle) == ["Shopping list — “week 48”", nil, nil, nil, nil])
        let decoded = try UserActivityCodec.decode(try #require(sessions.first?.restorationActivity)).get()
        #expect(sessions.first?.activityTitle == decoded.title, "the same title decoding gives")
    }

    @Test("a first launch's store writes nothing until its file is made, then moves everything into it; another process's file made meanwhile keeps its sessions")
    func fileMadeLater() throws {
        let path = folder.file("state/app/scenes.sqlite")
        let store = try #require(SessionStore(beforeFileAt: path), "no file yet: kept in memory")
        try store.save(record("new", stacking: 1))
        try store.saveActivity(Data("typed".utf8), forSession: "new")
        try store.setLaunchValue("restoration_disabled", 1)
        #expect(store.isInMemory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("state/app")).isEmpty,
                "its folder is made, nothing in it")

        // Another instance (its own bus) made the file in the meantime.
        do { try SessionStore(path: path).save(record("other", stacking: 2)) }
        #expect(SessionStore(beforeFileAt: path) == nil, "a file is there: it is to be opened now")

        try store.createFile()
        #expect(!store.isInMemory)
        try store.save(record("new", stacking: 3))
        let reopened = try SessionStore(path: path)
        #expect(try reopened.sessions().map(\.identifier) == ["other", "new"])
        #expect(try reopened.sessions().last?.restorationActivity == Data("typed".utf8))
        #expect(try reopened.launchValue("restoration_disabled") == 1)
    }

    @Test("a store is opened at once where its file could not be made later: a file in the folder's place, a link to nothing, a log left behind")
    func fileNotMadeLater() throws {
        #expect(FileManager.default.createFile(atPath: folder.file("taken"), contents: Data()))
        #expect(SessionStore(beforeFileAt: folder.file("taken/scenes.sqlite")) == nil)
        #expect(symlink(folder.file("nowhere"), folder.file("linked.sqlite")) == 0)
        #expect(SessionStore(beforeFileAt: folder.file("linked.sqlite")) == nil, "a link to nothing is what the file would be made as")
        #expect(FileManager.default.createFile(atPath: folder.file("scenes.sqlite-wal"), contents: Data("log".utf8)))
        #expect(SessionStore(beforeFileAt: folder.file("scenes.sqlite")) == nil, "a log to replay is read now")
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

    @Test("setting a session aside keeps its activity, discards it, and forgets it once reopened")
    func setAside() throws {
        let path = folder.file("scenes.sqlite")
        let store = try SessionStore(path: path)
        try store.save(record("a", stacking: 1))
        try store.save(record("b", stacking: 2))
        try store.saveActivity(Data("crashy".utf8), forSession: "a")
        let saved = try #require(try store.sessions().first { $0.identifier == "a" })
        try store.setAside(saved, reason: "testing")
        #expect(try store.sessions().map(\.identifier) == ["b"], "only that one")
        #expect(try store.pendingDiscards().map(\.identifier) == ["a"])
        #expect(try store.setAsideSessions().map(\.activity) == [Data("crashy".utf8)])
        try store.removeSetAside("a")
        #expect(try store.setAsideActivityCount() == 0)
    }

    @Test("a session is running from creation, marked while restoring, and cleared when it settles or the app quits")
    func restorationMarks() throws {
        let store = try SessionStore(path: folder.file("scenes.sqlite"))
        try store.save(record("a", stacking: 1))
        try store.save(record("b", stacking: 2))
        #expect(try store.sessions().map(\.endedCleanly) == [false, false], "a new session is running")
        try store.endCleanly(["a", "b"])
        #expect(try store.sessions().map(\.endedCleanly) == [true, true])
        try store.beginRestoring(["a", "b"], launch: "L1", failures: ["a": 1])
        try store.setConnecting(true, session: "b")
        var sessions = try store.sessions()
        #expect(sessions.map(\.restorePhase) == ["settling", "connecting"])
        #expect(sessions.map(\.restoreLaunch) == ["L1", "L1"])
        #expect(sessions.map(\.failedRestorations) == [1, 0])
        #expect(sessions.map(\.endedCleanly) == [false, false])
        try store.setConnecting(false, session: "b")
        try store.settled("a")
        sessions = try store.sessions()
        #expect(sessions.map(\.restorePhase) == [nil, "settling"])
        #expect(sessions.map(\.failedRestorations) == [0, 0])
    }

    @Test("a store of the first schema keeps its sessions, taking the old clean-exit flag for each")
    func migrationFromFirstSchema() throws {
        let path = folder.file("v1.sqlite")
        let v1 = try Database(path: path, schema: DatabaseSchema(applicationID: 0, migrations: Array(SessionStore.schema.migrations.prefix(1))))
        try v1.execute("INSERT INTO sessions (id, role, configuration, stacking) VALUES ('s', 'r', 'c', 4)")
        try v1.execute("INSERT INTO launch_state (key, value) VALUES ('clean_exit', 0), ('unfinished_restorations', 1)")
        v1.close()
        let store = try SessionStore(path: path)
        let migrated = try #require(try store.sessions().first)
        #expect(migrated.identifier == "s")
        #expect(migrated.stacking == 4)
        #expect(!migrated.endedCleanly, "the last launch crashed")
        #expect(try store.launchValue("unfinished_restorations") == 0, "the store-wide counter is gone")
    }

    @Test("launch values persist")
    func launchValues() throws {
        let path = folder.file("scenes.sqlite")
        try SessionStore(path: path).setLaunchValue("clean_exit", 1)
        #expect(try SessionStore(path: path).launchValue("clean_exit") == 1)
        #expect(try SessionStore(path: path).launchValue("never_set") == 0)
    }

    @Test("a newer version's store, another program's file, and an unwritable one are left where they are")
    func troubleThatIsNotDamage() throws {
        let newer = folder.file("newer.sqlite")
        let future = try Database(path: newer, schema: DatabaseSchema(
            applicationID: SessionStore.applicationID,
            migrations: SessionStore.schema.migrations + [Migration(version: 99, sql: "CREATE TABLE later (x);")]))
        future.close()
        #expect(throws: StorageError.self) { try SessionStore.openMovingAsideUnreadable(path: newer) }
        #expect(FileManager.default.fileExists(atPath: newer))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains("unreadable") }, "\(names)")
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
