import Foundation

/// A session bus that starts nothing on demand (no service files): a
/// desktop where no Secret Service runs, or can be started, for the tests of
/// what Quire does without a keyring.
public final class BareBus: @unchecked Sendable {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let daemon: ChildProcess
    private let directory: TemporaryDirectory

    public init() throws {
        directory = try TemporaryDirectory(prefix: "quire-bare-bus")
        let configuration = directory.file("session.conf")
        try Data("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory.path)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.utf8).write(to: URL(fileURLWithPath: configuration))
        let daemon = try ChildProcess(
            "dbus-daemon", ["--config-file=\(configuration)", "--nofork", "--print-address=1"],
            environment: ["PATH": "/usr/bin:/bin"], outputDirectory: directory.path)
        var address = ""
        guard eventually(within: 10, {
            address = daemon.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            return !address.isEmpty
        }) else { throw DesktopError.didNotStart("dbus-daemon", daemon.standardError) }
        self.daemon = daemon
        self.address = address
    }

    deinit {
        daemon.send(SIGTERM)
        _ = daemon.waitForExit(seconds: 5)
        directory.remove()
    }
}
