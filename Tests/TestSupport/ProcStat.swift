import Foundation

/// One of /proc's `stat` lines (a process's or a thread's), read by the field
/// numbers proc(5) gives them. The name, field 2, is in parentheses and may
/// hold spaces and parentheses itself: the fields after it are counted from
/// its last closing parenthesis.
public struct ProcStat: Sendable {
    private let afterName: [Substring]

    /// The line in the file at `path` (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`); nil if it cannot be read.
    public init?(path: String) {
        guard let line = try? String(contentsOfFile: path, encoding: .utf8),
              let name = line.range(of: ")", options: .backwards)
        else { return nil }
        afterName = line[name.upperBound...].split(whereSeparator: \.isWhitespace)
    }

    /// Field `number` as proc(5) numbers it, from 3 (the state) on: 19 is
    /// the nice value, 22 the start time. Nil past the line's end.
    public func field(_ number: Int) -> Substring? {
        let index = number - 3
        return afterName.indices.contains(index) ? afterName[index] : nil
    }
}
