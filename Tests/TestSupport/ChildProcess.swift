public import Foundation

/// A program started by a test, its output captured in files (so a chatty
/// child never blocks on a full pipe), stopped by the test or by `deinit`.
///
/// Built on posix_spawn and waitid rather than Foundation's Process, whose
/// monitor did not reap children that a signal ended.
public final class ChildProcess: @unchecked Sendable {
    /// The process identifier.
    public let pid: pid_t
    /// The command line, for messages.
    public let commandLine: String
    private let outputPath: String
    private let errorPath: String
    private let inputPath: String?
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments`
    /// and exactly `environment`; `input`, if given, is its standard input
    /// (otherwise it reads nothing).
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String],
        outputDirectory: String, input: String? = nil
    ) throws {
        let tag = UUID().uuidString.prefix(8)
        let baseName = (executable as NSString).lastPathComponent
        outputPath = (outputDirectory as NSString).appendingPathComponent("\(baseName)-\(tag).out")
        errorPath = (outputDirectory as NSString).appendingPathComponent("\(baseName)-\(tag).err")
        commandLine = ([executable] + arguments).joined(separator: " ")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            let path = (outputDirectory as NSString).appendingPathComponent("\(baseName)-\(tag).in")
            try Data(input.utf8).write(to: URL(fileURLWithPath: path))
            inputPath = path
        } else {
            inputPath = nil
        }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // A child inherits the spawning thread's signal mask, and the test runner's
        // worker threads block signals: start with none blocked and defaults, so
        // SIGTERM and SIGINT reach the program as they would from a terminal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var spawned: pid_t = 0
        // posix_spawnp searches this process's PATH, which the tests share with the child.
        let result = posix_spawnp(&spawned, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw CocoaError(.executableLoad, userInfo: [
                NSLocalizedDescriptionKey: "could not start \(executable): \(String(cString: strerror(result)))",
            ])
        }
        pid = spawned
    }

    deinit {
        if isRunning {
            send(SIGKILL)
            _ = waitForExit(seconds: 10)
        }
    }

    /// Whether the process is still running (it is reaped as soon as it ends).
    public var isRunning: Bool { exitStatus == nil }

    /// The exit status once the process ended (128 + the signal if a signal
    /// ended it), or nil while it runs.
    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if status == nil {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG) == 0, info._sifields._sigchld.si_pid == pid {
                let code = info._sifields._sigchld.si_status
                status = info.si_code == CLD_EXITED ? code : 128 + code
            }
        }
        return status
    }

    /// Everything the process wrote to standard output so far.
    public var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Everything the process wrote to standard error so far.
    public var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Sends a signal (SIGTERM, SIGKILL, ...) if the process is still running.
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits up to `seconds` for the process to end; returns `exitStatus`, or nil
    /// if it is still running.
    public func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline { return nil }
            usleep(10_000)
        }
        return exitStatus
    }

    /// Runs a program to completion (at most `seconds`) and returns its exit
    /// status and output; a program that overruns is killed (status nil).
    /// Its files (output, errors, input) are removed once read: what it
    /// said is in the result.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        outputDirectory: String, seconds: Double = 30, input: String? = nil
    ) throws -> (status: Int32?, output: String, error: String) {
        let child = try ChildProcess(
            executable, arguments, environment: environment, outputDirectory: outputDirectory, input: input)
        let status = child.waitForExit(seconds: seconds)
        if status == nil {
            child.send(SIGKILL)
            _ = child.waitForExit(seconds: 10)
        }
        let result = (status, child.standardOutput, child.standardError)
        child.removeFiles()
        return result
    }

    private func removeFiles() {
        for path in [outputPath, errorPath, inputPath].compactMap(\.self) { unlink(path) }
    }
}
