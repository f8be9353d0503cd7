import Foundation

/// The stand-in settings portal (`Tools/SettingsPortalStub`) on a test's
/// session bus, preferring dark, for the dark-style tests.
public enum SettingsPortalStandIn {
    /// Starts the stand-in preferring dark and waits (up to 10 s) until it
    /// answers a `ReadOne` of the colour scheme; throws `DesktopError.didNotStart`
    /// with what it printed if it does not. The caller stops it (SIGTERM); SIGUSR1
    /// switches it to light, as a person would.
    public static func startPreferringDark(environment: [String: String], directory: String) throws -> ChildProcess {
        let portal = try ChildProcess(
            BuiltProducts.executable("SettingsPortalStub"), ["1"], environment: environment, outputDirectory: directory)
        let serving = eventually(within: 10) {
            let reply = try? ChildProcess.run(
                "gdbus", ["call", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                          "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.ReadOne",
                          "org.freedesktop.appearance", "color-scheme"],
                environment: environment, outputDirectory: directory)
            return reply?.output.contains("uint32 1") == true
        }
        guard serving else {
            portal.send(SIGTERM)
            _ = portal.waitForExit(seconds: 5)
            throw DesktopError.didNotStart("the stand-in settings portal", portal.standardOutput + portal.standardError)
        }
        return portal
    }
}
