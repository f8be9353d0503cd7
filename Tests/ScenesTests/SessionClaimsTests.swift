import Foundation
import Testing
import TestSupport
@testable import Scenes

/// Sessions claimed by one process cannot be claimed by another, until it ends.
@Suite("Session claims")
struct SessionClaimsTests {
    @Test("a session another process holds cannot be claimed; once that process ends, it can")
    func heldElsewhere() throws {
        let folder = try TemporaryDirectory(prefix: "quire-claims")
        let store = folder.file("scenes.sqlite")
        let identifier = UUID().uuidString
        let offset = SessionClaims.offset(of: identifier)
        // Another process (Python's fcntl.lockf takes the same POSIX record lock).
        let holder = try ChildProcess(
            "python3", ["-c", """
                import fcntl, os, sys, time
                fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, int(sys.argv[2]))
                print("held", flush=True)
                time.sleep(60)
                """, store + ".claims", "\(offset)"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            outputDirectory: folder.path)
        #expect(eventually(within: 10) { holder.standardOutput.contains("held") }, "\(holder.standardError)")
        let claims = try #require(SessionClaims(storePath: store))
        #expect(!claims.claim(identifier), "held by the other process")
        #expect(claims.claim(UUID().uuidString), "another session is free")
        holder.send(SIGKILL)
        _ = holder.waitForExit(seconds: 10)
        #expect(claims.claim(identifier), "free once its holder died")
    }
}
