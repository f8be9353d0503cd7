"""The sync figures of Quire's benchmark suite: Quire's synchronizer against
a real WebDAV server on 127.0.0.1 (Apache httpd with mod_dav, from Debian),
and, as the baseline, curl moving the same files over one connection, the
least an HTTP client can do for the same work. Every request either side
sends is counted in Apache's access log."""
import os
import shutil
import socket
import sqlite3
import subprocess
import time
import urllib.parse

USER, PASSWORD = "bench", "bench-password"


class DavServer:
    """Apache httpd serving a WebDAV folder, `notes/`, with basic auth; as
    www-data when run as root (Apache will not serve as root)."""

    def __init__(self, work):
        self.root = os.path.join(work, "dav")
        self.folder = os.path.join(self.root, "notes")
        os.makedirs(self.folder)
        os.makedirs(os.path.join(self.root, "lock"))
        for folder in (work, os.path.dirname(work)):
            os.chmod(folder, 0o755)  # for www-data to reach the folder
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = "http://127.0.0.1:%d/notes/" % self.port
        self.log = os.path.join(self.root, "access.log")
        subprocess.run(["htpasswd", "-bc", os.path.join(self.root, "htpasswd"), USER, PASSWORD], check=True, capture_output=True)
        modules = ["mpm_event", "authz_core", "authn_core", "authn_file", "auth_basic", "authz_user", "dav", "dav_fs"]  # mod_log_config is built in
        configuration = os.path.join(self.root, "httpd.conf")
        with open(configuration, "w") as out:
            out.write("\n".join(["ServerRoot /usr/lib/apache2", "ServerName 127.0.0.1", "Listen 127.0.0.1:%d" % self.port,
                                 "PidFile %s/httpd.pid" % self.root, "ErrorLog %s/error.log" % self.root,
                                 'LogFormat "%h %r %>s" plain', "CustomLog %s plain" % self.log,
                                 "User www-data", "Group www-data", "DAVLockDB %s/lock/db" % self.root,
                                 "DocumentRoot %s" % self.root, "KeepAliveTimeout 30", "MaxKeepAliveRequests 0"]
                                + ["LoadModule %s_module modules/mod_%s.so" % (name, name) for name in modules]
                                + ["<Directory %s>" % self.root, "Dav On", "AuthType Basic", 'AuthName "bench"',
                                   "AuthUserFile %s/htpasswd" % self.root, "Require valid-user", "</Directory>", ""]))
        if os.geteuid() == 0:
            subprocess.run(["chown", "-R", "www-data:www-data", self.root], check=True)
            os.chmod(os.path.join(self.root, "htpasswd"), 0o644)
        self.process = subprocess.Popen(["apache2", "-f", configuration, "-DFOREGROUND"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 15
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError("Apache did not start: %s" % open(os.path.join(self.root, "error.log")).read())
        self.warm_up()

    def warm_up(self):
        """Writes a file and removes it before anything is measured: Apache's
        first writes after it starts took a second longer (a first sync of
        100 notes 1,010 ms, the next 80, with either build first), which fell
        on whichever figure came first."""
        sample = os.path.join(self.root, "warm-up.md")
        with open(sample, "w") as out:
            out.write("warm-up")
        for arguments in (["--upload-file", sample], ["-X", "DELETE"]):
            subprocess.run(["curl", "-sS", "--fail", "-u", "%s:%s" % (USER, PASSWORD)] + arguments + [self.url + "warm-up.md"],
                           check=True, capture_output=True)

    def requests(self):
        """How many requests the server has answered so far."""
        with open(self.log) as log:
            return sum(1 for _ in log)

    def clear(self):
        for name in os.listdir(self.folder):
            path = os.path.join(self.folder, name)
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.remove(path)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def note_bodies(database):
    with sqlite3.connect(database) as connection:
        return [row[0] for row in connection.execute("SELECT body FROM notes")]


def curl(server, work, pairs, option):
    """curl moving every (url, file) pair over one connection, one after the other:
    `option` is upload-file (PUT) or output (GET). Returns milliseconds."""
    config = os.path.join(work, "curl.conf")
    with open(config, "w") as out:
        for url, path in pairs:
            out.write('url = "%s"\n%s = "%s"\n' % (url, option, path))
    start = time.perf_counter()
    subprocess.run(["curl", "-sS", "--fail", "-u", "%s:%s" % (USER, PASSWORD), "-K", config], check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def propfind(server, work, folders=("",)):
    """curl listing each of `folders` (relative to the notes folder) as a sync
    does (PROPFIND, Depth 1), one after the other over one connection.
    Returns milliseconds."""
    # The properties Quire's listing asks for: a renamed file's old name, the star and the file's identifier too.
    body = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:q="https://quire.github.io/ns/sync" '
            'xmlns:oc="http://owncloud.org/ns"><d:prop><d:resourcetype/><d:getetag/><d:getcontentlength/><d:getlastmodified/>'
            '<q:renamed-from/><oc:favorite/><oc:fileid/></d:prop></d:propfind>')
    config = os.path.join(work, "propfind.conf")
    with open(config, "w") as out:
        for folder in folders:
            out.write('url = "%s"\noutput = "%s"\n' % (server.url + urllib.parse.quote(folder) + ("/" if folder else ""), os.devnull))
    start = time.perf_counter()
    done = subprocess.run(["curl", "-sS", "--fail", "-u", "%s:%s" % (USER, PASSWORD), "-X", "PROPFIND", "-H", "Depth: 1",
                           "-H", "Content-Type: application/xml", "--data", body, "-K", config], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("curl could not list the folders: %s" % done.stderr)
    return (time.perf_counter() - start) * 1000


def start_keyring(work):
    """GNOME Keyring's Secret Service on the suite's session bus, its login
    keyring unlocked, as a desktop session has it: where Quire keeps the password."""
    home = os.path.join(work, "keyring-home")
    os.makedirs(os.path.join(home, "run"), mode=0o700)
    keyring = subprocess.Popen(["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
                                        XDG_RUNTIME_DIR=os.path.join(home, "run")))
    keyring.stdin.write(b"login")
    keyring.stdin.close()
    deadline = time.time() + 15
    while time.time() < deadline:
        reply = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/",
                                "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"],
                               capture_output=True, text=True)
        if "true" in reply.stdout:
            return keyring
        time.sleep(0.1)
    keyring.kill()
    raise RuntimeError("gnome-keyring-daemon did not start")


def typing_during_first_sync(bench, server, count):
    """Typing in Quire's window while its first sync of the `count` notes the
    server holds runs (the window's main loop runs the sync: every request is
    asynchronous on it, so any stall shows here), against the same typing in
    Quire with no sync set up: what typing costs on this renderer alone. The
    sync gives way to typing, so the row also says how many notes came in
    while typing went on and when the last came. The two alternate, 3 times
    (once for --smoke): one run of each moved by 3x from run to run here."""
    syncing, alone, longest, longest_alone, seconds, typed, during, finished = [], [], [], [], [], [], [], True
    for _ in range(1 if bench.smoke else 3):
        run = typing_run(bench, server, count)
        syncing.append(len(run["stalls"]))
        alone.append(len(run["alone"]))
        longest.append(max(run["stalls"], default=0))
        longest_alone.append(max(run["alone"], default=0))
        seconds.append(run["all in"])
        typed.append(run["typed"])
        during.append(run["in while typing"])
        finished = finished and run["all in"] is not None
    bench.row("typing while the first sync of %d notes runs: stalls over 16.7 ms" % count, syncing, alone, 0,
              unit="stalls", absolute=True,
              note="Quire launched with sync set up and an empty notes folder, typing %s characters from 1.5 s after "
                   "launch, in lines of 100; each run %s, longest %.0f ms. The baseline: the same typing in Quire with "
                   "sync off, over the same notes, right after each (%s, longest %.0f ms). The sync gives way to typing: "
                   "notes in when typing ended %s; %s" % (
                       ", ".join(str(value) for value in typed), syncing, max(longest), alone, max(longest_alone),
                       ", ".join(str(value) for value in during),
                       "all in after %s s" % ", ".join("%.0f" % value for value in seconds) if finished
                       else "the notes were NOT all in within 180 s"))


def set_up_sync(bench, server, env):
    """`quire --sync-setup` with `server`'s folder, the password on standard
    input, in the data and keyring `env` gives, as a person sets sync up."""
    setup = subprocess.run([bench.tools.quire, "--sync-setup", server.url, "--sync-user", USER, "--sync-allow-http"],
                           input=PASSWORD + "\n", capture_output=True, text=True, env=env, timeout=60)
    if setup.returncode != 0 or "keyring" in setup.stderr:
        raise RuntimeError("quire --sync-setup failed: %s %s" % (setup.stdout, setup.stderr))


def idle_after_sync(bench, data, idle, runs):
    """Wakeups a second of Quire left alone with one window after a sync run
    through it (`quire --sync-now`, handed to the running Quire as the menu's
    Sync Now is), from 12 s after the sync ended, against the baseline left
    alone as long. Swift concurrency's global executor is libdispatch's pool
    unless the app says otherwise, and that pool, once used, wakes the process
    every second for the rest of its life. `idle(start)` is the idle
    figure's measurement of what `start()` launches."""
    work = os.path.join(bench.work, "idle-sync")
    os.makedirs(work)
    server = DavServer(work)
    keyring = start_keyring(bench.fresh())
    try:
        data = bench.fresh(data)
        env = dict(bench.base_env, XDG_DATA_HOME=data, XDG_STATE_HOME=bench.fresh())
        set_up_sync(bench, server, env)

        def synced():
            launch = bench.quire(data, 1)
            launch.wait_for_frames(1)
            done = subprocess.run([bench.tools.quire, "--sync-now"], capture_output=True, text=True, env=env, timeout=120)
            if done.returncode != 0:
                launch.stop()
                raise RuntimeError("quire --sync-now failed: %s %s" % (done.stdout, done.stderr))
            return launch
        return bench.interleaved(idle(synced), idle(lambda: bench.baseline(1)), runs=runs)
    finally:
        keyring.kill()
        keyring.wait()
        server.stop()


def typing_run(bench, server, count):
    """One run of `typing_during_first_sync`: the stalls typing with sync and
    then with sync off, the characters typed, the notes in when typing ended,
    and the seconds from launch until every note was in (None if not within 180 s)."""
    keyring = start_keyring(bench.fresh())
    try:
        data = bench.fresh()
        env = dict(bench.base_env, XDG_DATA_HOME=data, XDG_STATE_HOME=bench.fresh())
        set_up_sync(bench, server, env)
        database = os.path.join(data, "io.github.quire.Quire", "notes.sqlite")

        def notes_in():
            with sqlite3.connect("file:%s?mode=ro" % database, uri=True) as connection:
                return connection.execute("SELECT count(*) FROM notes").fetchone()[0] - 1  # but the note typed

        characters = 500 if bench.smoke else 2000
        launch = bench.quire(data, 1, extra={"GTKKIT_STALL_TRACE": "16.7"})
        started = time.time()
        try:
            syncing = bench.type_into(launch, "Quire$", characters, lines=True)
            during = notes_in()
            while notes_in() < count and time.time() - started < 180:
                time.sleep(0.2)
            all_in = time.time() - started if notes_in() >= count else None
        finally:
            launch.stop()
    finally:
        keyring.kill()
        keyring.wait()
    # The same notes, with sync turned off: typing's own cost with this list, on this renderer.
    unsynced = bench.fresh(data)
    with sqlite3.connect(os.path.join(unsynced, "io.github.quire.Quire", "notes.sqlite")) as connection:
        connection.execute("DELETE FROM sync_account")
    launch = bench.quire(unsynced, 1, extra={"GTKKIT_STALL_TRACE": "16.7"})
    try:
        alone = bench.type_into(launch, "Quire$", characters, lines=True)
    finally:
        launch.stop()
    return {"stalls": syncing, "alone": alone, "typed": characters, "in while typing": during, "all in": all_in}


def categories_figure(bench, server, work, seeded, quire_sync, run_sync, count, categories=100):
    """A sync with nothing changed over `count` notes filed in `categories`
    categories (server folders), against curl listing every folder as the
    sync does: a PROPFIND per folder, Apache refusing Depth: infinity."""
    filed = os.path.join(work, "filed.sqlite")
    shutil.copy(seeded, filed)
    connection = sqlite3.connect(filed)
    with connection:
        connection.execute("UPDATE notes SET category = 'Category ' || (rowid % ?)", (categories,))
    connection.close()  # the last connection to close writes the log back: the file is copied alone
    folders = [""] + ["Category %d" % index for index in range(categories)]
    server.clear()
    database = quire_sync(filed)[3]
    run_sync(database)  # Apache gives no entity tag for a PUT: read back once
    unchanged, requests, listings = [], [], []
    for _ in range(1 if bench.smoke else 3):
        for _ in range(3):
            before = server.requests()
            unchanged.append(float(run_sync(database).split()[0]))
            requests.append(server.requests() - before)
            listings.append(propfind(server, work, folders))
    bench.row("sync with nothing changed, %d notes in %d categories" % (count, categories), unchanged, listings, 3.0,
              note="against curl listing each folder as the sync does (PROPFIND, Depth 1, one connection)")
    bench.row("requests, sync with nothing changed in %d categories" % categories, requests, None, categories + 1,
              unit="requests", note="one PROPFIND a folder")


def sync_figures(bench, count):
    """First sync of `count` notes to an empty server and into an empty Quire
    from a full one, against curl moving the same files; and a sync with
    nothing changed (one request), against curl's listing of the folder, and
    within 50 ms over 1,000 notes."""
    work = os.path.join(bench.work, "sync")
    os.makedirs(work)
    server = DavServer(work)
    try:
        seeded = os.path.join(bench.seed("sync-%d" % count, count), "io.github.quire.Quire", "notes.sqlite")
        empty = os.path.join(bench.seed("sync-empty", 0), "io.github.quire.Quire", "notes.sqlite")
        files = os.path.join(work, "files")
        os.makedirs(files)
        uploads = []
        for index, body in enumerate(note_bodies(seeded)):
            path = os.path.join(files, "%d.md" % index)
            with open(path, "w") as out:
                out.write(body)
            uploads.append((server.url + "%d.md" % index, path))

        def quire_sync(template, stalls_key=None):
            database = os.path.join(work, "notes.sqlite")
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(database + suffix):
                    os.remove(database + suffix)
            shutil.copy(template, database)
            before = server.requests()
            out = run_sync(database, stalls_key).split()
            return float(out[0]), int(out[1]), server.requests() - before, database

        stalls = {}

        def run_sync(database, stalls_key=None):
            done = subprocess.run([bench.tools.bench_tool, "sync", database, server.url, USER, PASSWORD], capture_output=True,
                                  text=True, env=dict(os.environ, GTKKIT_STALL_TRACE="16.7"))
            if done.returncode != 0:
                raise RuntimeError("BenchTool sync failed: %s" % done.stderr)
            if stalls_key:
                found = [float(line.split()[2]) for line in done.stderr.splitlines() if line.startswith("stall: ")]
                stalls.setdefault(stalls_key, []).append(found)
            return done.stdout

        sent, sent_requests, baseline_sent = [], [], []
        received, received_requests, baseline_received = [], [], []
        unchanged, unchanged_requests, listings = [], [], []
        for _ in range(1 if bench.smoke else 3):
            server.clear()
            milliseconds, _, requests, _ = quire_sync(seeded, "sent")
            sent.append(milliseconds)
            sent_requests.append(requests)
            milliseconds, _, requests, database = quire_sync(empty, "received")
            received.append(milliseconds)
            received_requests.append(requests)
            # Apache gives no entity tag for a PUT: the sync after sending reads each file back once.
            run_sync(database)
            for _ in range(3):
                before = server.requests()
                out = run_sync(database).split()
                unchanged.append(float(out[0]))
                unchanged_requests.append(server.requests() - before)
                listings.append(propfind(server, work))
            server.clear()
            baseline_sent.append(curl(server, work, uploads, "upload-file"))
            downloads = [(url, os.path.join(work, "down-%d" % index)) for index, (url, _) in enumerate(uploads)]
            baseline_received.append(curl(server, work, downloads, "output"))
        bench.row("first sync of %d notes to an empty server" % count, sent, baseline_sent, 2.0,
                  note="Quire's synchronizer (BenchTool sync) against curl sending the same files over one connection")
        bench.row("requests, first sync to an empty server", sent_requests, None, count + 1, unit="requests",
                  note="counted in Apache's access log: one listing and one PUT a note")
        bench.row("first sync of %d notes from a full server" % count, received, baseline_received, 2.0,
                  note="into an empty Quire, against curl fetching the same files over one connection")
        bench.row("requests, first sync from a full server", received_requests, None, count + 1, unit="requests",
                  note="one listing and one GET a note")
        for key, figure in (("sent", "to an empty server"), ("received", "from a full server")):
            runs = stalls.get(key, [[]])
            longest = max((max(found) for found in runs if found), default=0)
            bench.row("main-loop stalls over 16.7 ms, first sync %s" % figure, [len(found) for found in runs], None, 0,
                      unit="stalls", note="the synchronizer's main loop, as Quire's windows share it; longest %.0f ms" % longest)
        bench.row("sync with nothing changed, %d notes" % count, unchanged, listings, 3.0,
                  note="against curl listing the folder as the sync does (PROPFIND, Depth 1): Apache's own time")
        bench.row("requests, sync with nothing changed", unchanged_requests, None, 1, unit="requests",
                  note="one PROPFIND")
        categories_figure(bench, server, work, seeded, quire_sync, run_sync, count)
        typing_during_first_sync(bench, server, count)
        small = 100 if bench.smoke else 1_000
        server.clear()
        database = quire_sync(os.path.join(bench.seed("sync-%d" % small, small), "io.github.quire.Quire", "notes.sqlite"))[3]
        run_sync(database)
        small_unchanged = [float(run_sync(database).split()[0]) for _ in range(1 if bench.smoke else 11)]
        bench.row("sync with nothing changed, %d notes" % small, small_unchanged, None, 50)
    finally:
        server.stop()
