import Glibc
import Storage

/// Ways for tests to stop the process with SIGKILL at exact points of the
/// lifecycle, so they can prove what survives a crash there. Each is off
/// unless its environment variable is set; none changes anything else. Only
/// debug builds (what the tests run) have them: a release build ignores the
/// variables.
enum SceneDebugHooks {
    /// `SCENES_DEBUG_KILL_AFTER_DISCARD_RECORDED=1`: after a discard is recorded,
    /// before it is delivered (sequence H).
    static func discardRecorded() {
        #if DEBUG
        if ProcessEnvironment.value("SCENES_DEBUG_KILL_AFTER_DISCARD_RECORDED") == "1" { kill(getpid(), SIGKILL) }
        #endif
    }

    /// `SCENES_DEBUG_KILL_AFTER_DISCARD_DELIVERED=1`: right after a discard was
    /// delivered (it must not be delivered again).
    static func discardDelivered() {
        #if DEBUG
        if ProcessEnvironment.value("SCENES_DEBUG_KILL_AFTER_DISCARD_DELIVERED") == "1" { kill(getpid(), SIGKILL) }
        #endif
    }

    /// `SCENES_DEBUG_KILL_CONNECTING=<session id>`: while that session's scene
    /// connects (a crash in restoring one window, for the crash-loop guard).
    static func connecting(_ identifier: String) {
        #if DEBUG
        if ProcessEnvironment.value("SCENES_DEBUG_KILL_CONNECTING") == identifier { kill(getpid(), SIGKILL) }
        #endif
    }
}
