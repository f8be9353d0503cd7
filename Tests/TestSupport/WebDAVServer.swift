public import Foundation

/// A real WebDAV server on 127.0.0.1 for the sync tests: from Debian's
/// packages, Apache httpd with mod_dav (as the user www-data, which it
/// switches to when started as root), `rclone serve webdav`, or nginx with
/// its DAV modules (which ignores preconditions, and locks files); or
/// WsgiDAV from PyPI (installed by the test command); over HTTP, or
/// HTTPS with a self-signed certificate made for the test (`certificatePath`,
/// which Quire is told to trust). Its notes folder is `folderURL`, on disk
/// at `folderPath`, where a test changes files by hand as another client
/// would. Apache also answers at `brokenFolderURL` with a listing that is not
/// XML (a CGI script), and at `nextcloudBaseURL` as a Nextcloud server's base
/// does: no WebDAV there, only under `remote.php/dav/files/<user>/`, where
/// the user has no Notes folder yet.
public final class WebDAVServer: @unchecked Sendable {
    /// Which server.
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case apache, rclone, nginx, wsgidav

        public var description: String { rawValue }
    }

    public static let user = "ana"
    public static let password = "secret"

    public let kind: Kind
    public let port: Int
    /// The notes folder's URL, ending in "/".
    public let folderURL: String
    /// A folder whose listing is broken XML (Apache only).
    public let brokenFolderURL: String
    /// A base address laid out as Nextcloud's (Apache only).
    public let nextcloudBaseURL: String
    /// A WebDAV folder the user may list and read but not write to (Apache only).
    public let readOnlyFolderURL: String
    /// Where that layout keeps the user's files on disk.
    public let nextcloudFilesPath: String
    /// The notes folder on disk.
    public let folderPath: String
    /// The server's certificate (PEM), for HTTPS.
    public let certificatePath: String?
    private let directory: TemporaryDirectory
    private let root: String
    /// The tmpfs the files are kept in when no root is given: the suite runs
    /// beside attacks that time the main loop, and a server writing
    /// thousands of files to the disk would slow their own disk writes.
    private let memoryDisk: SmallDisk?
    private var process: ChildProcess?

    /// Whether nginx locks files (its dav-ext lock zone): without, it keeps
    /// no client's write from replacing another's.
    private let locking: Bool
    /// How long nginx keeps a lock its client does not let go of.
    private let lockSeconds: Int

    /// Makes the server's folders (the notes folder in `root` if given: a
    /// small disk, say; otherwise in memory) and starts it; `locking: false`
    /// leaves nginx without locks.
    /// `nextcloudLayout`: the notes folder is where Nextcloud keeps a user's
    /// notes (`/cloud/remote.php/dav/files/ana/Notes/`), and (Apache) the
    /// Notes app's settings answer at `/cloud/index.php/apps/notes/api/v1/settings`.
    /// `lockSeconds`: how long nginx keeps a lock no one lets go of.
    public init(
        _ kind: Kind, https: Bool = false, root: String? = nil, locking: Bool = true, nextcloudLayout: Bool = false,
        lockSeconds: Int = 10
    ) throws {
        self.kind = kind
        self.locking = locking
        self.lockSeconds = lockSeconds
        directory = try TemporaryDirectory(prefix: "quire-webdav")
        chmod(directory.path, 0o755)
        memoryDisk = root == nil ? try SmallDisk(megabytes: 64) : nil
        self.root = root ?? memoryDisk!.path
        port = try WebDAVServer.freePort()
        let scheme = https ? "https" : "http"
        folderURL = nextcloudLayout ? "\(scheme)://127.0.0.1:\(port)/cloud/remote.php/dav/files/\(WebDAVServer.user)/Notes/"
            : "\(scheme)://127.0.0.1:\(port)/notes/"
        brokenFolderURL = "\(scheme)://127.0.0.1:\(port)/broken/"
        nextcloudBaseURL = "\(scheme)://127.0.0.1:\(port)/cloud/"
        readOnlyFolderURL = "\(scheme)://127.0.0.1:\(port)/readonly/"
        nextcloudFilesPath = (self.root as NSString).appendingPathComponent("cloud/remote.php/dav/files/\(WebDAVServer.user)")
        folderPath = nextcloudLayout ? nextcloudFilesPath + "/Notes" : (self.root as NSString).appendingPathComponent("notes")
        for folder in [folderPath, nextcloudFilesPath, (self.root as NSString).appendingPathComponent("readonly")] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        certificatePath = https ? directory.file("server.pem") : nil
        if https { try makeCertificate() }
        switch kind {
        case .apache: try configureApache(https: https)
        case .nginx: try configureNginx()
        case .wsgidav: try configureWsgiDAV()
        case .rclone: break
        }
        try start()
    }

    deinit {
        stop()
        directory.remove()
    }

    /// Starts the server (again), and waits until it takes connections.
    public func start() throws {
        let child: ChildProcess
        switch kind {
        case .apache:
            try run("chown", ["-R", "www-data:www-data", root, directory.file("lock")])
            child = try ChildProcess(
                "apache2", ["-f", directory.file("httpd.conf"), "-DFOREGROUND"],
                environment: ["PATH": WebDAVServer.path, "APACHE_RUN_DIR": directory.path], outputDirectory: directory.path)
        case .nginx:
            child = try ChildProcess(
                "nginx", ["-c", directory.file("nginx.conf"), "-p", directory.path], environment: ["PATH": WebDAVServer.path],
                outputDirectory: directory.path)
        case .wsgidav:
            child = try ChildProcess(
                WebDAVServer.wsgidav, ["-c", directory.file("wsgidav.yaml")], environment: ["PATH": WebDAVServer.path, "HOME": directory.path],
                outputDirectory: directory.path)
        case .rclone:
            var arguments = ["serve", "webdav", root, "--addr", "127.0.0.1:\(port)", "--user", WebDAVServer.user,
                             "--pass", WebDAVServer.password, "--config", directory.file("rclone.conf")]
            if let certificatePath { arguments += ["--cert", certificatePath, "--key", directory.file("server.key")] }
            child = try ChildProcess(
                "rclone", arguments, environment: ["PATH": WebDAVServer.path, "HOME": directory.path],
                outputDirectory: directory.path)
        }
        process = child
        guard eventually(within: 15, { WebDAVServer.accepts(port: port) || !child.isRunning }), child.isRunning else {
            throw DesktopError.didNotStart(kind.rawValue, child.standardError + errorLog)
        }
        // Apache runs the broken folder's script through mod_cgid's daemon, which it
        // starts beside itself: until that listens, the folder answers 500.
        guard kind != .apache || eventually(within: 15, { brokenFolderAnswers() }) else {
            throw DesktopError.didNotStart("apache's CGI daemon", errorLog)
        }
    }

    /// Whether the broken folder answers as it should (207, its listing cut short).
    private func brokenFolderAnswers() -> Bool {
        (try? curl(url: brokenFolderURL, ["-o", "/dev/null", "-w", "%{http_code}", "-X", "PROPFIND"]))?.output == "207"
    }

    /// Stops the server (its workers too), as a crash or a power cut would for a client.
    public func stop() {
        guard let process, process.isRunning else { return }
        process.send(kind == .apache ? SIGTERM : SIGKILL)
        if process.waitForExit(seconds: 10) == nil { process.send(SIGKILL) }
        _ = eventually(within: 10) { !WebDAVServer.accepts(port: port) }
        self.process = nil
    }

    /// Freezes the server until `resume()`: connections are taken and no
    /// request is answered, as from a server that hangs (not Apache, whose
    /// workers would go on answering: the others run as one process).
    public func pause() {
        precondition(kind != .apache, "Apache's server cannot be paused")
        process?.send(SIGSTOP)
    }

    /// Lets a paused server answer again.
    public func resume() { process?.send(SIGCONT) }

    /// Apache's error log, for messages.
    public var errorLog: String { (try? String(contentsOfFile: directory.file("error.log"), encoding: .utf8)) ?? "" }

    /// The requests the server has answered, in the order they came in, each
    /// as its method, decoded path and status ("MOVE /notes/A.md 201").
    ///
    /// Apache writes a request's line once its response has gone, from
    /// whichever worker served it, so a quick request's line can come before
    /// the one it followed: its lines start with the microsecond the request
    /// came in, and are put in that order here. nginx's one process writes each
    /// line before it reads the next request.
    public func requests() -> [String] {
        let log = (try? String(contentsOfFile: directory.file("access.log"), encoding: .utf8)) ?? ""
        let lines = log.split(separator: "\n").map(String.init)
        guard kind == .apache else { return lines }
        let started = lines.map { line -> (microsecond: UInt64, request: String) in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (UInt64(parts[0]) ?? 0, parts.count > 1 ? String(parts[1]) : "")
        }
        return started.enumerated()
            .sorted { ($0.element.microsecond, $0.offset) < ($1.element.microsecond, $1.offset) }
            .map(\.element.request)
    }

    /// The notes folder's files and their text, by path in it ("Work/plan.md"),
    /// at any depth; hidden files and folders left out.
    public func files() -> [String: String] {
        var files: [String: String] = [:]
        var waiting = [""]
        while let folder = waiting.popLast() {
            let path = folder.isEmpty ? folderPath : folderPath + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder), isFolder.boolValue {
                    waiting.append(relative)
                } else {
                    files[relative] = try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
                }
            }
        }
        return files
    }

    /// The notes folder's sub-folders, by path, at any depth (hidden ones too).
    public func folders() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folderPath)
        var folders: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folderPath + "/" + path, isDirectory: &isFolder), isFolder.boolValue {
                folders.append(path)
            }
        }
        return folders.sorted()
    }

    /// Makes the folder `path` in the notes folder by hand (and those above it), owned as the server's own.
    public func makeFolder(_ path: String) throws {
        var made = folderPath
        for part in path.split(separator: "/") {
            made += "/" + part
            guard !FileManager.default.fileExists(atPath: made) else { continue }
            try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: false)
            if kind == .apache { try run("chown", ["www-data:www-data", made]) }
        }
    }

    /// Stars the file `name` (or takes its star away) as Nextcloud's Files app does: `oc:favorite` by `PROPPATCH`.
    public func setFavorite(_ favorite: Bool, of name: String) throws {
        let body = """
            <?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop>\
            <oc:favorite>\(favorite ? 1 : 0)</oc:favorite></d:prop></d:set></d:propertyupdate>
            """
        let result = try curl(name, ["-X", "PROPPATCH", "-d", body])
        guard result.status == 0, result.output.contains(" 200 ") else { throw DesktopError.commandFailed("PROPPATCH \(name)", result.output) }
    }

    /// Locks the file `name` as another client writing it would (`LOCK`, nginx);
    /// returns the lock's token, for `unlock(_:token:)`.
    public func lock(_ name: String) throws -> String {
        let body = """
            <?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope>\
            <d:locktype><d:write/></d:locktype></d:lockinfo>
            """
        let result = try curl(name, ["-i", "-X", "LOCK", "-d", body])
        guard result.status == 0, let line = result.output.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("lock-token:") })
        else { throw DesktopError.commandFailed("LOCK \(name)", result.output) }
        return line.dropFirst("lock-token:".count).trimmingCharacters(in: .whitespaces)
    }

    /// Lets go of the lock `token` on the file `name` (`UNLOCK`).
    public func unlock(_ name: String, token: String) throws {
        let result = try curl(name, ["-o", "/dev/null", "-w", "%{http_code}", "-X", "UNLOCK", "-H", "Lock-Token: \(token)"])
        guard result.status == 0, result.output == "204" else { throw DesktopError.commandFailed("UNLOCK \(name)", result.output) }
    }

    /// Writes `text` as the file `name` through the server (`PUT`), under the lock `token`.
    public func put(_ text: String, as name: String, underLock token: String) throws {
        let result = try curl(name, ["-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "-H", "If: (\(token))", "--data-binary", text])
        guard result.status == 0, ["200", "201", "204"].contains(result.output) else { throw DesktopError.commandFailed("PUT \(name)", result.output) }
    }

    /// Removes the file `name` through the server (`DELETE`), under the lock `token`.
    public func delete(_ name: String, underLock token: String) throws {
        let result = try curl(name, ["-o", "/dev/null", "-w", "%{http_code}", "-X", "DELETE", "-H", "If: (\(token))"])
        guard result.status == 0, ["200", "204"].contains(result.output) else { throw DesktopError.commandFailed("DELETE \(name)", result.output) }
    }

    /// Runs curl on the file `name` as the test's user, with `options` (the request among them).
    private func curl(_ name: String, _ options: [String]) throws -> (status: Int32?, output: String, error: String) {
        try curl(url: url(of: name), options)
    }

    /// Runs curl on `url` as the test's user, with `options` (the request among them).
    private func curl(url: String, _ options: [String]) throws -> (status: Int32?, output: String, error: String) {
        try ChildProcess.run(
            "curl", ["-s", "-k", "-u", "\(WebDAVServer.user):\(WebDAVServer.password)"] + options + [url],
            environment: ["PATH": WebDAVServer.path], outputDirectory: directory.path)
    }

    /// The URL of the file at `name` (a path in the notes folder), each part percent-encoded.
    private func url(of name: String) -> String {
        folderURL + name.split(separator: "/").map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? String($0)
        }.joined(separator: "/")
    }

    /// Whether the file `name` is starred (`oc:favorite` is 1).
    public func isFavorite(_ name: String) throws -> Bool {
        let result = try curl(name, [
            "-X", "PROPFIND", "-H", "Depth: 0", "-d",
            "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\" xmlns:oc=\"http://owncloud.org/ns\"><d:prop><oc:favorite/></d:prop></d:propfind>",
        ])
        return result.output.range(of: #"favorite[^>]*>\s*1\s*<"#, options: .regularExpression) != nil
    }

    /// Serves the Notes app's settings as Nextcloud does (Apache only), the JSON its `SettingsController` gives.
    public func serveNotesSettings(notesPath: String, fileSuffix: String) throws {
        let folder = (root as NSString).appendingPathComponent("cloud/index.php/apps/notes/api/v1")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(#"{"notesPath":"\#(notesPath)","fileSuffix":"\#(fileSuffix)","noteMode":"rich"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/settings"))
        if kind == .apache { try run("chown", ["-R", "www-data:www-data", (root as NSString).appendingPathComponent("cloud")]) }
    }

    /// Writes a file into the notes folder by hand, owned as the server's own.
    public func write(_ text: String, as name: String) throws {
        try write(Data(text.utf8), asBytes: Array(name.utf8))
    }

    /// Writes `data` into the notes folder by hand as the file whose name is
    /// `bytes` (which need not be UTF-8; a path, its folders made), owned as the server's own.
    public func write(_ data: Data, asBytes bytes: [UInt8]) throws {
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) { try makeFolder(String(decoding: bytes[..<slash], as: UTF8.self)) }
        let path = Array(folderPath.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        guard descriptor >= 0 else { throw DesktopError.commandFailed("open", String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: data)
        try handle.close()
        if kind == .apache {
            _ = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chown($0.baseAddress!, WebDAVServer.wwwData.uid, WebDAVServer.wwwData.gid) }
            }
        }
    }

    /// Apache's user and group (www-data).
    private static let wwwData: (uid: uid_t, gid: gid_t) = {
        guard let entry = getpwnam("www-data") else { return (33, 33) }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }()

    /// Writes `count` notes by hand, "Server note 001" and on, each in a file
    /// named by its text; returns the texts, in order.
    public func writeNumberedNotes(_ count: Int) throws -> [String] {
        let texts = (1...count).map { String(format: "Server note %03d", $0) }
        for text in texts { try write(text, as: text + ".md") }
        return texts
    }

    /// The content of the file whose name is `bytes` (which need not be UTF-8), if there is one.
    public func contents(ofBytes bytes: [UInt8]) -> Data? {
        let path = Array(folderPath.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        guard descriptor >= 0 else { return nil }
        return try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readToEnd() ?? Data()
    }

    /// Removes a file from the notes folder by hand.
    public func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: (folderPath as NSString).appendingPathComponent(name))
    }

    /// Renames (or moves) a file or folder in the notes folder by hand, the new one's folders made.
    public func rename(_ name: String, to newName: String) throws {
        if let slash = newName.lastIndex(of: "/") { try makeFolder(String(newName[..<slash])) }
        try FileManager.default.moveItem(
            atPath: (folderPath as NSString).appendingPathComponent(name),
            toPath: (folderPath as NSString).appendingPathComponent(newName))
    }

    /// Changes the password the server takes (Apache only).
    public func changePassword(to password: String) throws {
        try run("htpasswd", ["-bc", directory.file("htpasswd"), WebDAVServer.user, password])
    }

    /// Makes every write fail with 500 (Apache cannot open its lock database),
    /// or lets writes work again; listings and reads keep working.
    public func failWrites(_ failing: Bool) throws {
        let lock = directory.file("lock")
        if failing {
            try FileManager.default.removeItem(atPath: lock)
            try Data().write(to: URL(fileURLWithPath: lock))  // a file where the folder was
        } else {
            try FileManager.default.removeItem(atPath: lock)
            try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
            try run("chown", ["www-data:www-data", lock])
        }
    }

    // MARK: Setting up

    private static let path = "/usr/sbin:/usr/bin:/sbin:/bin"

    private func configureApache(https: Bool) throws {
        try FileManager.default.createDirectory(atPath: directory.file("lock"), withIntermediateDirectories: false)
        try run("htpasswd", ["-bc", directory.file("htpasswd"), WebDAVServer.user, WebDAVServer.password])
        chmod(directory.file("htpasswd"), 0o644)
        // The broken folder: a CGI script answers every request with a listing cut short.
        // Written beside its place and installed by another program: a program another
        // test starts meanwhile could inherit this process's descriptor open on it for
        // writing, and Apache could then never run it (ETXTBSY).
        let script = directory.file("broken.cgi")
        try Data("""
            #!/bin/sh
            cat > /dev/null  # the request's body, read as a server reads it
            printf 'Status: 207 Multi-Status\\r\\nContent-Type: application/xml\\r\\n\\r\\n'
            printf '<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/broken/a.md</D:hr'

            """.utf8).write(to: URL(fileURLWithPath: script + ".text"))
        try run("install", ["-m", "755", script + ".text", script])
        var modules = ["mpm_event", "authz_core", "authn_core", "authn_file", "auth_basic", "authz_user", "dav", "dav_fs",
                       "alias", "cgid"]
        if https { modules += ["socache_shmcb", "ssl"] }
        let ssl = https ? """
            SSLEngine on
            SSLCertificateFile \(certificatePath!)
            SSLCertificateKeyFile \(directory.file("server.key"))
            """ : ""
        let configuration = """
            ServerRoot /usr/lib/apache2
            ServerName 127.0.0.1
            Listen 127.0.0.1:\(port)
            PidFile \(directory.file("httpd.pid"))
            ErrorLog \(directory.file("error.log"))
            LogLevel warn
            CustomLog \(directory.file("access.log")) "%{begin:usec}t %m %U %>s"
            \(modules.map { "LoadModule \($0)_module modules/mod_\($0).so" }.joined(separator: "\n"))
            User www-data
            Group www-data
            ScriptSock \(directory.file("cgid.sock"))
            DAVLockDB \(directory.file("lock"))/db
            DocumentRoot \(root)
            \(ssl)
            ScriptAlias /broken/ \(script)/
            <Directory \(root)>
                AuthType Basic
                AuthName "Quire tests"
                AuthUserFile \(directory.file("htpasswd"))
                Require valid-user
            </Directory>
            # WebDAV in the notes folder, and in the Nextcloud layout's files only
            # (a child folder cannot turn off the WebDAV its parent turned on).
            <Directory \(root)/notes>
                Dav On
            </Directory>
            <Directory \(root)/cloud/remote.php>
                Dav On
            </Directory>
            # A folder the user may only list and read: any write is refused (403).
            <Directory \(root)/readonly>
                Dav On
                <RequireAll>
                    Require valid-user
                    Require method GET HEAD OPTIONS PROPFIND
                </RequireAll>
            </Directory>
            """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: directory.file("httpd.conf")))
    }

    private func configureNginx() throws {
        try run("htpasswd", ["-bc", directory.file("htpasswd"), WebDAVServer.user, WebDAVServer.password])
        try FileManager.default.createDirectory(atPath: directory.file("body"), withIntermediateDirectories: true)
        // One process (no master, no daemon), running as the user who started
        // it: pausable as rclone is, and the files it writes are the test's.
        // Locks live in a shared zone, as dav-ext needs; PUT, DELETE and MOVE
        // refuse a locked file's writes without its token (423). A lock no one
        // lets go of lasts 10 s here (a minute by default).
        let configuration = """
            load_module /usr/lib/nginx/modules/ngx_http_dav_ext_module.so;
            daemon off;
            master_process off;
            worker_processes 1;
            error_log \(directory.file("error.log")) warn;
            pid \(directory.file("nginx.pid"));
            events { worker_connections 256; }
            http {
                log_format quire '$request_method $uri $status';
                access_log \(directory.file("access.log")) quire;
                client_body_temp_path \(directory.file("body"));
                client_max_body_size 0;
                \(locking ? "dav_ext_lock_zone zone=quire:1m timeout=\(lockSeconds)s;" : "")
                server {
                    listen 127.0.0.1:\(port);
                    root \(root);
                    location / {
                        auth_basic "Quire tests";
                        auth_basic_user_file \(directory.file("htpasswd"));
                        dav_methods PUT DELETE MKCOL COPY MOVE;
                        dav_ext_methods PROPFIND OPTIONS \(locking ? "LOCK UNLOCK" : "");
                        \(locking ? "dav_ext_lock zone=quire;" : "")
                        create_full_put_path on;
                    }
                }
            }
            """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: directory.file("nginx.conf")))
    }

    /// Where the test command installed WsgiDAV (a virtual environment of its own).
    static let wsgidav = "\(BuiltProducts.sourceRoot)/.build/wsgidav/bin/wsgidav"

    private func configureWsgiDAV() throws {
        // JSON, which is YAML too. Locks and dead properties kept in memory.
        let configuration: [String: Any] = [
            "host": "127.0.0.1", "port": port, "verbose": 1,
            "provider_mapping": [
                "/notes": folderPath, "/cloud/remote.php/dav/files/\(WebDAVServer.user)": nextcloudFilesPath,
                "/readonly": ["root": (root as NSString).appendingPathComponent("readonly"), "readonly": true],
            ],
            "http_authenticator": ["accept_basic": true, "accept_digest": false, "default_to_digest": false],
            "simple_dc": ["user_mapping": ["*": [WebDAVServer.user: ["password": WebDAVServer.password]]]],
            "lock_storage": true, "property_manager": true,
        ]
        let data = try JSONSerialization.data(withJSONObject: configuration)
        try data.write(to: URL(fileURLWithPath: directory.file("wsgidav.yaml")))
    }

    /// What is wrong with a certificate made for a test, besides being the server's own.
    public enum CertificateFault: Sendable { case none, expired, otherName }

    /// Gives the server a new certificate of its own (with `fault`), and starts it again.
    public func replaceCertificate(_ fault: CertificateFault = .none) throws {
        stop()
        try makeCertificate(fault)
        try start()
    }

    private func makeCertificate(_ fault: CertificateFault = .none) throws {
        let name = fault == .otherName ? ["/CN=notes.example.org", "subjectAltName=DNS:notes.example.org"]
            : ["/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1"]
        try run("openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", name[0],
            "-addext", name[1], "-keyout", directory.file("server.key"), "-out", certificatePath!,
        ])
        if fault == .expired {
            // Signed again to end a day before it begins: expired from the start.
            try run("openssl", ["x509", "-in", certificatePath!, "-signkey", directory.file("server.key"), "-days", "-1",
                                "-out", certificatePath!])
        }
        chmod(directory.file("server.key"), 0o644)
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        let result = try ChildProcess.run(
            program, arguments, environment: ["PATH": WebDAVServer.path], outputDirectory: directory.path)
        guard result.status == 0 else { throw DesktopError.commandFailed("\(program) \(arguments.joined(separator: " "))", result.error) }
    }

    /// A port nothing listens on now.
    public static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw DesktopError.commandFailed("bind", String(cString: strerror(errno))) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something takes connections on `port`.
    public static func accepts(port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
