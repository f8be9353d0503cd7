import Foundation

/// A proxy in front of a test server (`Tests/Servers/webdav_proxy.py`), for
/// one device of a sync test: it holds the requests a test names until the
/// test lets them go (a write a few seconds late, every time: the race of two
/// devices made to happen, not hoped for), or answers them itself as a
/// hostile or broken server would (a failure, a body that never ends, a huge one).
public final class WebDAVProxy: @unchecked Sendable {
    /// The folder's URL through the proxy, ending in "/".
    public let folderURL: String
    public let port: Int
    private let directory: TemporaryDirectory
    private let process: ChildProcess
    private var rules: [[String: String]] = []
    private let lock = NSLock()

    /// A proxy for `server`.
    public init(for server: WebDAVServer) throws {
        directory = try TemporaryDirectory(prefix: "quire-proxy")
        port = try WebDAVServer.freePort()
        folderURL = server.folderURL.replacingOccurrences(of: ":\(server.port)/", with: ":\(port)/")
        try Data("{\"rules\": []}".utf8).write(to: URL(fileURLWithPath: directory.file("control.json")))
        process = try ChildProcess(
            "python3",
            ["\(BuiltProducts.sourceRoot)/Tests/Servers/webdav_proxy.py", String(port), String(server.port),
             directory.file("control.json"), directory.file("events.log")],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], outputDirectory: directory.path)
        guard eventually(within: 15, { WebDAVServer.accepts(port: port) || !process.isRunning }), process.isRunning else {
            throw DesktopError.didNotStart("webdav_proxy.py", process.standardError)
        }
    }

    deinit {
        process.send(SIGKILL)
        _ = process.waitForExit(seconds: 5)
        directory.remove()
    }

    /// Holds requests of `method` whose decoded path ends with `path` until `release`.
    public func hold(_ method: String, _ path: String) throws { try add(method, path, "hold") }

    /// Answers requests of `method` for `path` with `status`, without the server.
    public func answer(_ method: String, _ path: String, status: Int) throws { try add(method, path, "status:\(status)") }

    /// Answers a `GET` of `path` with a body said to be `bytes` long, sent one byte a second.
    public func dribble(_ path: String, bytes: Int) throws { try add("GET", path, "dribble:\(bytes)") }

    /// Answers a `GET` of `path` with a body of `bytes` bytes, as fast as it goes.
    public func flood(_ path: String, bytes: Int) throws { try add("GET", path, "huge:\(bytes)") }

    /// Lets requests of `method` for `path` through again (held ones go on).
    public func release(_ method: String, _ path: String) throws {
        lock.lock()
        rules.removeAll { $0["method"] == method && $0["path"] == path }
        lock.unlock()
        try writeRules()
    }

    /// What the proxy did, oldest first: "METHOD PATH STATUS", and "held METHOD PATH".
    public func events() -> [String] {
        ((try? String(contentsOfFile: directory.file("events.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("listening") }
    }

    /// Waits until a request of `method` for `path` is held; false if none came within `seconds`.
    public func waitUntilHeld(_ method: String, _ path: String, seconds: Double = 60) -> Bool {
        eventually(within: seconds) { events().contains { $0.hasPrefix("held \(method) ") && $0.hasSuffix(path) } }
    }

    private func add(_ method: String, _ path: String, _ action: String) throws {
        lock.lock()
        rules.append(["method": method, "path": path, "action": action])
        lock.unlock()
        try writeRules()
    }

    private func writeRules() throws {
        lock.lock()
        let data = try JSONSerialization.data(withJSONObject: ["rules": rules])
        lock.unlock()
        let path = directory.file("control.json")
        try data.write(to: URL(fileURLWithPath: path + ".new"))
        guard rename(path + ".new", path) == 0 else { throw DesktopError.commandFailed("rename", String(cString: strerror(errno))) }
    }
}
