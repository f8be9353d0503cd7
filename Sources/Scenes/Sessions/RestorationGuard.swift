/// The crash-loop guard's reckoning: which saved sessions to blame for the
/// launches that died while restoring them.
///
/// A launch marks each session it restores `settling`, and the one it is
/// connecting at the moment `connecting`; a session's mark is cleared once its
/// window has drawn and settled, and every mark at a clean exit. So a launch
/// that died left its marks: if it died connecting a session, that session
/// alone is to blame; if it died after connecting them all, each session still
/// settling is. A session blamed by `limit` launches in a row is set aside
/// instead of reopened; the others are reopened as usual.
enum RestorationGuard {
    /// How many launches in a row must die restoring a session before it is set aside.
    static let limit: Int64 = 2

    /// Each record's count of failed restorations in a row, after the launches
    /// that left `records` behind.
    static func failures(after records: [SessionRecord]) -> [String: Int64] {
        let unfinished = records.filter { !$0.endedCleanly && $0.restorePhase != nil }
        var blamed: Set<String> = []
        for (_, launch) in Dictionary(grouping: unfinished, by: { $0.restoreLaunch ?? "" }) {
            let connecting = launch.filter { $0.restorePhase == "connecting" }
            blamed.formUnion((connecting.isEmpty ? launch : connecting).map(\.identifier))
        }
        var result: [String: Int64] = [:]
        for record in records {
            // A stored count is only trusted within the range the guard uses.
            let before = min(max(record.failedRestorations, 0), limit)
            result[record.identifier] = blamed.contains(record.identifier) ? before + 1 : (record.endedCleanly ? 0 : before)
        }
        return result
    }
}
