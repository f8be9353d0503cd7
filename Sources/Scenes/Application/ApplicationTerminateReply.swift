/// The delegate's answer to a request to quit (AppKit's
/// `NSApplication.TerminateReply`): quit now, do not quit, or answer later
/// with `Application.reply(toApplicationShouldTerminate:)` (after asking the person).
public enum ApplicationTerminateReply: Sendable {
    case terminateNow
    case terminateCancel
    case terminateLater
}
