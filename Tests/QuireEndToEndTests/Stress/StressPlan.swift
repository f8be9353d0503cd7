import Foundation

/// How big a stress run is: the full run (`QUIRE_STRESS=full`, from
/// `meson-wrapper.sh stress`) or the short one the test command runs, with
/// the same code; and the seed every attack's randomness starts from
/// (`QUIRE_STRESS_SEED`, else a new one, printed with every failure).
enum StressPlan {
    private static let environment = ProcessInfo.processInfo.environment

    /// Whether this is the full run.
    static let isFull = environment["QUIRE_STRESS"] == "full"

    /// `full` trials in the full run, `short` in the test command's.
    static func trials(full: Int, short: Int) -> Int { isFull ? full : short }

    /// The seed for an attack: the one asked for, or a fresh one.
    static func seed() -> UInt64 {
        environment["QUIRE_STRESS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
    }
}
