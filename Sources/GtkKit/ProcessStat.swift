import FoundationEssentials

/// This process's line in `/proc/self/stat`, read afresh at each call.
enum ProcessStat {
    /// Field `number` of the line, counted from 1 as proc(5) does; nil if it
    /// cannot be read.
    static func field(_ number: Int) -> Substring? {
        guard number > 2, let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        return number - 3 < fields.count ? fields[number - 3] : nil
    }

    /// Whether the calling thread is the process's only one (field 20); true
    /// if that cannot be read. `setenv` beside another thread, which may read
    /// the environment meanwhile, is a data race: the calls that set GTK's
    /// environment at startup check this in debug builds.
    static var isSingleThreaded: Bool {
        field(20).map { $0 == "1" } ?? true
    }
}
