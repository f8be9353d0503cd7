/// The delegate's answer to a request to quit (AppKit's
/// `NSApplication.TerminateReply`): quit now, do not quit, or answer later
/// with `Application.reply(toApplicationShouldTerminate:)` (after asking the person).
public enum ApplicationTerminateReply: Sendable {
    /// Quit at once.
    case terminateNow
    /// Do not quit.
    case terminateCancel
    /// The app answers later, with `Application.reply(toApplicationShouldTerminate:)`.
    case terminateLater
}
