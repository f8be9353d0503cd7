import Foundation
import Testing
import TestSupport

/// One attack's line in the stress table: trials run, passed and failed, and
/// what was lost (words typed and idle for over a second, windows open for
/// over a second). `finish()` writes it to the results (for
/// `meson-wrapper.sh` to print) and records every failure as a test issue.
struct StressRow: Codable {
    var attack: String
    var trials = 0
    var passed = 0
    var failed = 0
    var wordsLost = 0
    var windowsLost = 0
    var seed: UInt64
    var failures: [String] = []

    /// A row for `attack`, whose trials draw on `seed`.
    init(attack: String, seed: UInt64) {
        self.attack = attack
        self.seed = seed
    }

    /// Runs an attack of separate trials into one row and finishes it: each
    /// trial draws its random choices from the seeded generator and returns
    /// its failures (those starting "lost" count as lost words); one that
    /// throws fails with the error.
    static func run(
        _ attack: String, trials: Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ trial: (inout SeededGenerator) throws -> [String]
    ) {
        let seed = StressPlan.seed()
        var generator = SeededGenerator(seed: seed)
        var row = StressRow(attack: attack, seed: seed)
        for _ in 0..<trials {
            var failures: [String]
            do {
                failures = try trial(&generator)
            } catch {
                failures = ["\(error)"]
            }
            row.trial(failures: failures, wordsLost: failures.filter { $0.hasPrefix("lost") }.count)
        }
        row.finish(sourceLocation: sourceLocation)
    }

    /// Counts one trial: passed if nothing failed and nothing was lost.
    mutating func trial(failures: [String], wordsLost: Int = 0, windowsLost: Int = 0) {
        trials += 1
        self.wordsLost += wordsLost
        self.windowsLost += windowsLost
        if failures.isEmpty && wordsLost == 0 && windowsLost == 0 {
            passed += 1
        } else {
            failed += 1
            let lost = wordsLost + windowsLost > 0 ? ["lost \(wordsLost) words, \(windowsLost) windows"] : []
            self.failures.append("trial \(trials): " + (failures + lost).joined(separator: "; "))
        }
    }

    /// Writes the row to `$QUIRE_STRESS_RESULTS` (default `stress-results/` in the
    /// source tree) and fails the test for each failed trial.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        let folder = ProcessInfo.processInfo.environment["QUIRE_STRESS_RESULTS"]
            ?? (BuiltProducts.sourceRoot as NSString).appendingPathComponent("stress-results")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if var line = try? JSONEncoder().encode(self) {
            line.append(0x0A)
            let descriptor = open((folder as NSString).appendingPathComponent("rows.jsonl"), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
        }
        for failure in failures.prefix(20) {
            Issue.record("\(attack) (seed \(seed)): \(failure)", sourceLocation: sourceLocation)
        }
        #expect(trials > 0, "\(attack) ran no trial", sourceLocation: sourceLocation)
    }
}
