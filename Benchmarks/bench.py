#!/usr/bin/env python3
"""Quire's benchmark suite, against a C baseline built in the same run on the
libraries Quire links (GTK 4 and libadwaita); the launch figures also show the
ratio against the same baseline on plain GTK 4, and against a replica of
Quire's windows in C (Benchmarks/replica.c: the same widgets, nothing of
Quire's own), which tells what the windows cost GTK from what Quire's code adds.

Run it through `./meson-wrapper.sh bench` (every figure, median of 11 or more
interleaved runs) or `./meson-wrapper.sh bench --smoke` (each figure once, to
prove the suite still works). It runs under the wrapper's Xvfb display and
session bus, measures from outside (Benchmarks/mapwatch: exec to the X
server's MapNotify of each top-level window), and prints one table: figure,
Quire's median, the baseline's, their ratio, the target, whether it holds
(and, for launches and memory, the plain GTK baseline and Quire's ratio to it). The
table also goes, as Markdown with the machine, the commit and the date, and as
a PNG chart of each ratio against its target, into bench-results/.
"""
import argparse
import datetime
import json
import os
import platform
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from sync_figures import idle_after_sync, sync_figures

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build-aux"))
import docs_table  # noqa: E402

# The columns of docs/performance.md's table (the run is added to them).
DOCS_HEADER = ["figure", "quire", "baseline", "ratio", "target", "holds"]


def docs_cells(row):
    """A row of the benchmark as docs/performance.md's table shows it."""
    holds = "—" if row["holds"] is None else ("yes" if row["holds"] else "NO")
    return [row["figure"], table_number(row["quire"], row["unit"]), table_number(row["baseline"], row["unit"]),
            "—" if row["ratio"] is None else "%.2f×" % row["ratio"], row["target"], holds]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench-results")
APP_ID = "io.github.quire.Quire"
BASELINE_ID = "io.github.quire.Baseline"
REPLICA_ID = "io.github.quire.Replica"
SWIFT_BASELINE_ID = "io.github.quire.SwiftBaseline"


def say(message):
    print("==> " + message, file=sys.stderr, flush=True)


class Tools:
    """The programs the suite runs: Quire, BenchTool and SwiftBaseline built as `./meson-wrapper.sh install`
    builds Quire (release, the Swift runtime linked in) and laid out as it installs them (the
    `quire` command in bin/, the app in libexec/), the C baseline, the watcher."""

    def __init__(self, work):
        self.bin = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"], cwd=ROOT,
                                  capture_output=True, text=True, check=True).stdout.strip()
        prefix = os.path.join(work, "prefix")
        os.makedirs(os.path.join(prefix, "bin"))
        os.makedirs(os.path.join(prefix, "libexec"))
        shutil.copy2(os.path.join(self.bin, "quire"), os.path.join(prefix, "libexec", "quire"))
        self.quire = os.path.join(prefix, "bin", "quire")
        gio = subprocess.run(["pkg-config", "--cflags", "gio-2.0"], capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["gcc", "-O2", "-o", self.quire, os.path.join(ROOT, "Sources", "QuireLauncher", "quire-launcher.c")] + gio,
                       check=True)
        self.bench_tool = os.path.join(self.bin, "BenchTool")
        # The baseline's window in Swift, linked as Quire is (Tools/SwiftBaseline).
        self.swift_baseline = os.path.join(self.bin, "SwiftBaseline")
        # The baseline links what Quire links (GTK and libadwaita): the ratios are against the same libraries.
        gtk = subprocess.run(["pkg-config", "--cflags", "--libs", "libadwaita-1", "epoxy"], capture_output=True, text=True, check=True).stdout.split()
        self.baseline = os.path.join(work, "baseline")
        subprocess.run(["gcc", "-O2", "-DBASELINE_ADWAITA", "-o", self.baseline, os.path.join(ROOT, "Benchmarks", "baseline.c")] + gtk, check=True)
        # The same app on plain GTK 4, for the launch figures' second ratio: what libadwaita itself costs.
        plain = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4", "epoxy"], capture_output=True, text=True, check=True).stdout.split()
        self.bare = os.path.join(work, "baseline-bare")
        subprocess.run(["gcc", "-O2", "-o", self.bare, os.path.join(ROOT, "Benchmarks", "baseline.c")] + plain, check=True)
        # Quire's windows built in C with the same widgets (what the windows themselves cost GTK).
        replica = subprocess.run(["pkg-config", "--cflags", "--libs", "libadwaita-1", "gtksourceview-5", "sqlite3", "epoxy"],
                                 capture_output=True, text=True, check=True).stdout.split()
        self.replica = os.path.join(work, "replica")
        subprocess.run(["gcc", "-O2", "-o", self.replica, os.path.join(ROOT, "Benchmarks", "replica.c"),
                        os.path.join(ROOT, "Sources", "CRowText", "rowtext.c"), "-I", os.path.join(ROOT, "Sources", "CRowText", "include")]
                       + replica, check=True)
        self.mapwatch = os.path.join(work, "mapwatch")
        subprocess.run(["gcc", "-O2", "-o", self.mapwatch, os.path.join(ROOT, "Benchmarks", "mapwatch.c"), "-lX11"], check=True)


class Launch:
    """One program started under the watcher: when its windows mapped, its pid, its output."""

    def __init__(self, tools, command, windows, environment, work, timeout=300, output=None):
        self.output = output or Launch.output_path(work)
        result = subprocess.run([tools.mapwatch, "-o", self.output, str(windows), str(timeout)] + command,
                                env=environment, capture_output=True, text=True)
        self.maps = [float(line.split()[2]) for line in result.stdout.splitlines() if line.startswith("map ")]
        pids = [int(line.split()[1]) for line in result.stdout.splitlines() if line.startswith("pid ")]
        self.pid = pids[0] if pids else None
        self.complete = result.returncode == 0 and len(self.maps) == windows
        if not self.complete:
            raise RuntimeError("%s: %d of %d windows mapped: %s %s" % (
                command[0], len(self.maps), windows, result.stderr.strip(), self.text()[-800:]))

    @staticmethod
    def output_path(work):
        """A fresh file in `work` for a program's output."""
        return os.path.join(work, "output-%d.txt" % random.randrange(1 << 30))

    @property
    def last_map(self):
        return self.maps[-1]

    def text(self):
        try:
            with open(self.output, errors="replace") as output:
                return output.read()
        except OSError:
            return ""

    def first_frames(self):
        """The first-frame times the program printed (Quire's trace, the baseline's lines)."""
        frames = []
        for line in self.text().splitlines():
            fields = line.split()
            if len(fields) >= 3 and fields[0] == "scenes:" and fields[2] == "first-frame":
                frames.append(float(fields[1]))
            elif len(fields) == 2 and fields[0] == "first-frame":
                frames.append(float(fields[1]))
        return frames

    def wait_for_frames(self, count, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline and len(self.first_frames()) < count:
            time.sleep(0.02)
        frames = self.first_frames()
        return frames[count - 1] if len(frames) >= count else float("nan")

    def last_filled_in(self, windows, seconds=30):
        """When the last of the `windows` - 1 windows a relaunch restored behind the front one had
        drawn the note and list it was filled in with (Quire's `QUIRE_TRACE_WINDOWS` lines, in ms
        since the process started), waiting for them all; its last first frame if none waits."""
        deadline = time.time() + seconds
        while True:
            drawn = [float(line.split()[4]) for line in self.text().splitlines() if line.startswith("windows: drawn filled in ")]
            if len(drawn) >= windows - 1 or time.time() >= deadline:
                break
            time.sleep(0.02)
        if len(drawn) < windows - 1:
            return float("nan")
        return max(drawn + self.first_frames())

    def front_first_frame(self, seconds=30):
        """When the window that ended in front drew its first frame, from Quire's trace: the first
        session to become active is the one restored in front (no window behind takes the focus)."""
        deadline = time.time() + seconds
        while True:
            active, frames = None, {}
            for line in self.text().splitlines():
                fields = line.split()
                if len(fields) < 4 or fields[0] != "scenes:":
                    continue
                session = next((field[len("session="):] for field in fields[3:] if field.startswith("session=")), None)
                if fields[2] == "sceneDidBecomeActive(_:)" and active is None:
                    active = session
                elif fields[2] == "first-frame":
                    frames.setdefault(session, float(fields[1]))
            if active in frames:
                return frames[active]
            if time.time() >= deadline:
                return float("nan")
            time.sleep(0.02)

    def rss_mib(self):
        """The program's resident memory once it has settled: read from 300 ms after its last
        window mapped, every 250 ms until two readings are within 0.2 MiB (5 s at most). Quire
        loads its spelling dictionary after its first frame: 300 ms after one window's map it
        was still loading it, after ten windows' it had, which read as memory per window."""
        time.sleep(0.3)
        def read():
            with open("/proc/%d/status" % self.pid) as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024.0
            return float("nan")
        last, deadline = read(), time.time() + 5
        while time.time() < deadline:
            time.sleep(0.25)
            now = read()
            if abs(now - last) <= 0.2:
                return now
            last = now
        return last

    def wakeups_per_second(self, seconds):
        """How often the program's threads woke of their own accord (their voluntary context
        switches, each a sleep ended), a second, over `seconds`: the threads alive at both
        readings, so a helper thread that came or went in between counts for nothing."""
        def read():
            counts = {}
            for thread in os.listdir("/proc/%d/task" % self.pid):
                try:
                    with open("/proc/%d/task/%s/status" % (self.pid, thread)) as status:
                        for line in status:
                            if line.startswith("voluntary_ctxt_switches:"):
                                counts[thread] = int(line.split()[1])
                except OSError:
                    pass  # the thread ended while the folder was read
            return counts
        before = read()
        time.sleep(seconds)
        after = read()
        return sum(after[thread] - before[thread] for thread in before.keys() & after.keys()) / seconds

    def stop(self):
        stop_process(self.pid)


def table_number(value, unit):
    """A figure's value as the table shows it: counts whole, times and sizes to a tenth, with their unit."""
    return "—" if value is None else ("%d" % value if unit in ("stalls", "requests") else "%.1f %s" % (value, unit))


def stop_process(pid):
    if pid is None:
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.time() + 20
    while time.time() < deadline and os.path.exists("/proc/%d" % pid):
        time.sleep(0.02)
    if os.path.exists("/proc/%d" % pid):
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)


def wait_for_bus_name_free(name, seconds=10):
    """A unique app that starts while its last run still owns its bus name hands its
    launch over instead of running: wait until the name is free."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        reply = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/",
                                "--method", "org.freedesktop.DBus.NameHasOwner", name], capture_output=True, text=True)
        if "false" in reply.stdout:
            return
        time.sleep(0.05)


class Bench:
    def __init__(self, smoke, work):
        self.smoke = smoke
        self.work = work
        self.runs = 1 if smoke else int(os.environ.get("BENCH_RUNS", "11"))
        self.tools = Tools(work)
        # The baselines choose their renderer as Quire does (Cairo where OpenGL runs on the processor):
        # the ratios compare the same drawing. The OpenGL baseline (`opengl`) draws as GTK chooses.
        self.base_env = dict(os.environ, GTK_A11Y="none", SCENES_TRACE="1", QUIRE_RESOURCE_DIR=os.path.join(ROOT, "Resources"),
                             BASELINE_CAIRO_ON_SOFTWARE_GL="1")
        self.rows = []

    # Data and saved windows ------------------------------------------------------

    def seed(self, name, count, big_note=None):
        folder = os.path.join(self.work, "data-" + name)
        command = [self.tools.bench_tool, "seed", str(count)] + (["--big-note", str(big_note)] if big_note else [])
        subprocess.run(command, env=dict(self.base_env, XDG_DATA_HOME=folder), check=True, capture_output=True)
        return folder

    def note_ids(self, data, limit):
        path = os.path.join(data, APP_ID, "notes.sqlite")
        out = subprocess.run(["sqlite3", "-readonly", path, "SELECT id FROM notes ORDER BY modified_at DESC LIMIT %d" % limit],
                             capture_output=True, text=True, check=True).stdout
        return out.split()

    def saved_windows(self, data, count):
        """A state folder in which `count` windows were open at a normal quit:
        main windows and note windows, alternately, each note window on its own
        note (a note's link shows its window if it has one): `data` needs as many
        notes as windows."""
        state = os.path.join(self.work, "state-%s-%d" % (os.path.basename(data), count))
        env = dict(self.base_env, XDG_DATA_HOME=data, XDG_STATE_HOME=state)
        wait_for_bus_name_free(APP_ID)
        first = Launch(self.tools, [self.tools.quire], 1, env, self.work)
        notes = self.note_ids(data, count)
        for index in range(1, count):
            argument = ["--new-window"] if index % 2 else ["quire://note/" + notes[index % len(notes)].lower()]
            subprocess.run([self.tools.quire] + argument, env=env, capture_output=True, timeout=30)
        deadline = time.time() + 120
        while time.time() < deadline and first.text().count("first-frame") < count:
            time.sleep(0.1)
        time.sleep(1.2)  # every window's state saved
        first.stop()
        saved = subprocess.run(["sqlite3", "-readonly", os.path.join(state, APP_ID, "scenes.sqlite"), "SELECT count(*) FROM sessions"],
                               capture_output=True, text=True, check=True).stdout.strip()
        if saved != str(count):
            raise RuntimeError("%s windows were saved to restore, not %d" % (saved, count))
        return state

    def fresh(self, template=None):
        state = tempfile.mkdtemp(prefix="state-", dir=self.work)
        if template:
            shutil.rmtree(state)
            shutil.copytree(template, state)
        return state

    # Launches ----------------------------------------------------------------------

    def quire(self, data, windows, template=None, arguments=(), extra=None, output=None):
        env = dict(self.base_env, XDG_DATA_HOME=data, XDG_STATE_HOME=self.fresh(template), **(extra or {}))
        wait_for_bus_name_free(APP_ID)
        return Launch(self.tools, [self.tools.quire] + list(arguments), windows, env, self.work, output=output)

    def baseline(self, windows, bare=False, opengl=False):
        """The libadwaita baseline, or with `bare` the same app on plain GTK 4; with
        `opengl`, drawing as GTK chooses (OpenGL) where Quire would choose Cairo."""
        wait_for_bus_name_free(BASELINE_ID)
        program = self.tools.bare if bare else self.tools.baseline
        env = dict(self.base_env, BASELINE_WINDOWS=str(windows))
        if opengl:
            del env["BASELINE_CAIRO_ON_SOFTWARE_GL"]
        return Launch(self.tools, [program], windows, env, self.work)

    def quire_typed_into(self, data, windows, template):
        """Quire restoring `windows`, with the Right arrow key pressed as soon as its trace says
        the window in front drew its first frame; returns the launch and when the key was handled
        and drawn after it was pressed (Quire's key trace), in ms."""
        output = Launch.output_path(self.work)

        def press_at_first_frame():
            deadline = time.time() + 60
            while time.time() < deadline:
                try:
                    with open(output, errors="replace") as text:
                        if " first-frame " in text.read():
                            break
                except OSError:
                    pass
                time.sleep(0.002)
            subprocess.run(["xdotool", "key", "Right"], check=True)
        presser = threading.Thread(target=press_at_first_frame)
        presser.start()
        launch = self.quire(data, windows, template, extra=dict(QUIRE_TRACE_KEYS="1"), output=output)
        presser.join()
        launch.wait_for_frames(windows)
        deadline = time.time() + 10
        while time.time() < deadline and "keys: Right drawn" not in launch.text():
            time.sleep(0.02)
        times = {}
        for line in launch.text().splitlines():
            fields = line.split()
            if len(fields) == 4 and fields[:2] == ["keys:", "Right"]:
                times.setdefault(fields[2], float(fields[3]))
        return launch, times.get("handled", float("nan")), times.get("drawn", float("nan"))

    def replica(self, data, windows):
        """Quire's windows in C (Benchmarks/replica.c), `windows` of them as Quire restores
        them, showing the notes in `data` (none: an empty list and a new note)."""
        wait_for_bus_name_free(REPLICA_ID)
        env = dict(self.base_env, REPLICA_WINDOWS=str(windows), REPLICA_CAIRO_ON_SOFTWARE_GL="1",
                   REPLICA_RESOURCES=os.path.join(ROOT, "Resources"), REPLICA_NOTES=os.path.join(data, APP_ID, "notes.sqlite"))
        return Launch(self.tools, [self.tools.replica], windows, env, self.work)

    def swift_baseline(self):
        """The baseline's window in Swift (Tools/SwiftBaseline), linked as Quire is."""
        wait_for_bus_name_free(SWIFT_BASELINE_ID)
        return Launch(self.tools, [self.tools.swift_baseline], 1, self.base_env, self.work)

    def peer(self, command):
        """One launch of a peer a GNOME user might pick instead (GNOME Text Editor, Gnote),
        installed from Debian: a fresh home and XDG folders and a session bus of its own
        (started before the clock, as a desktop's is), drawing with Cairo as Quire does,
        G_DEBUG unset (Text Editor logs criticals as it starts). Its map and memory."""
        home = tempfile.mkdtemp(prefix="peer-", dir=self.work)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
        try:
            address = bus.stdout.readline().strip()
            env = dict(os.environ, GTK_A11Y="none", GSK_RENDERER="cairo", DBUS_SESSION_BUS_ADDRESS=address, HOME=home,
                       **{name: os.path.join(home, folder) for name, folder in (
                           ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"),
                           ("XDG_CACHE_HOME", "cache"))})
            env.pop("G_DEBUG", None)
            launch = Launch(self.tools, command, 1, env, self.work)
            result = (launch.last_map, launch.rss_mib())
            launch.stop()
            return result
        finally:
            bus.terminate()
            bus.wait()

    def interleaved(self, *measures, runs=None):
        """Runs the measurements in turn (A B C A B C …), `runs` times each (the suite's
        count unless given); returns their lists."""
        results = [[] for _ in measures]
        for _ in range(runs or self.runs):
            for measure, found in zip(measures, results):
                found.append(measure())
        return results

    def type_into(self, launch, title, characters, until=None, lines=False, seconds=300):
        """Types `characters` at the end of the note in the first window titled like
        `title`, 100 at a time (with `lines`, each chunk a line of its own), going on
        while `until()` is false, for at most `seconds`; returns the main-loop stalls
        the program traced meanwhile (up to the last autosave)."""
        time.sleep(1.5)
        window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                                capture_output=True, text=True).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
        subprocess.run(["xdotool", "key", "ctrl+End"], check=True)
        time.sleep(0.5)
        started = time.clock_gettime(time.CLOCK_MONOTONIC) * 1000
        typed = 0
        deadline = time.time() + seconds
        while typed < characters or (until and not until() and time.time() < deadline):
            subprocess.run(["xdotool", "type", "--delay", "12", ("typing into a long note " * 5)[:100]], check=True)
            if lines:
                subprocess.run(["xdotool", "key", "Return"], check=True)
            typed += 100
        time.sleep(2)  # the last autosave
        ended = time.clock_gettime(time.CLOCK_MONOTONIC) * 1000
        launch.typed = typed
        return [float(line.split()[2]) for line in launch.text().splitlines()
                if line.startswith("stall:") and started <= float(line.split()[1]) <= ended]

    # Reporting ---------------------------------------------------------------------

    def row(self, figure, quire, baseline, target, unit="ms", note="", target_text=None, absolute=False, bare=None, opengl=None,
            replica=None):
        """One figure: medians, and whether Quire holds the target, a ratio to the
        baseline's median or (with `absolute`, or no baseline) a limit on Quire's own.
        `replica`: Quire's windows in C, measured alike: its ratio to the baseline is
        what the windows themselves cost, and Quire's ratio to it what Quire's code adds;
        `bare`: the plain GTK baseline's measurements, for another ratio, shown beside;
        `opengl`: the baseline's drawing as GTK chooses (OpenGL), for a third."""
        median_q = statistics.median(quire)
        median_b = statistics.median(baseline) if baseline else None
        median_r = statistics.median(replica) if replica else None
        median_bare = statistics.median(bare) if bare else None
        median_gl = statistics.median(opengl) if opengl else None
        if isinstance(target, (int, float)) and median_b and not absolute:
            ratio = median_q / median_b
            holds = ratio <= target
            target_text_default = "≤ %.2f×" % target
        elif isinstance(target, (int, float)):
            ratio = None
            holds = median_q <= target
            target_text_default = "≤ %g %s" % (target, unit)
        else:
            ratio, holds, target_text_default = None, None, str(target)
        target_text = target_text or target_text_default
        if 1 < len(quire) != self.runs:  # the typing and sync figures run fewer times, new windows more
            note = "; ".join(filter(None, [note, "median of %d runs" % len(quire)]))
        self.rows.append(dict(figure=figure, quire=median_q, baseline=median_b, ratio=ratio, target=target_text,
                              replica=median_r, replica_ratio=median_r / median_b if median_r and median_b else None,
                              over_replica=median_q / median_r if median_r else None,
                              bare=median_bare, bare_ratio=median_q / median_bare if median_bare else None,
                              opengl=median_gl, opengl_ratio=median_q / median_gl if median_gl else None,
                              target_value=target if isinstance(target, (int, float)) else None, holds=holds,
                              unit=unit, note=note, samples=len(quire)))
        shown = "%s: quire %.1f %s" % (figure, median_q, unit)
        if median_b is not None:
            shown += ", baseline %.1f %s" % (median_b, unit) + (", ×%.2f" % ratio if ratio is not None else "")
        if median_r is not None:
            shown += ", replica %.1f %s, ×%.2f (Quire ×%.2f of it)" % (median_r, unit, median_r / median_b, median_q / median_r)
        if median_bare is not None:
            shown += ", bare GTK %.1f %s, ×%.2f" % (median_bare, unit, median_q / median_bare)
        if median_gl is not None:
            shown += ", baseline on OpenGL %.1f %s, ×%.2f" % (median_gl, unit, median_q / median_gl)
        say(shown + (" (%s)" % note if note else ""))

    def renderer(self):
        """The renderer GTK picked (and the OpenGL that draws for it), as the baseline reports it,
        choosing as Quire does and as GTK does."""
        def reported(opengl):
            launch = self.baseline(1, opengl=opengl)
            launch.wait_for_frames(1)
            time.sleep(0.2)
            launch.stop()
            for line in launch.text().splitlines():
                if line.startswith("renderer "):
                    return line[len("renderer "):].strip()
            return "unknown"
        return "GTK renderer: %s; the baseline on OpenGL: %s" % (reported(False), reported(True).split(",")[0])

    # Figures -----------------------------------------------------------------------

    def launch_figures(self, empty, data10, data100, data100k, state1, state10, state10_100k, state100):
        say("cold launch, and memory at one window")
        def one_window(start, frames=True):
            """A measure of one window's launch: its map and the memory then (after its first frame if it reports one)."""
            def measure():
                launch = start()
                if frames:
                    launch.wait_for_frames(1)
                result = (launch.last_map, launch.rss_mib())
                launch.stop()
                return result
            return measure
        def first_launch():
            """Quire's first launch, on a fresh home (its data, state, settings and cache), as the peers' are:
            it makes its notes file each time, where a launch onto `empty` after the first would find it made."""
            home = tempfile.mkdtemp(prefix="home-", dir=self.work)
            return self.quire(os.path.join(home, "data"), 1, extra=dict(
                XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_CACHE_HOME=os.path.join(home, "cache")))
        cold_quire = one_window(first_launch)
        def cold_baseline(bare=False, opengl=False):
            return one_window(lambda: self.baseline(1, bare, opengl))
        def replica_windows(data, windows):
            def measure():
                launch = self.replica(data, windows)
                frame = launch.wait_for_frames(windows)
                result = (launch.last_map, launch.rss_mib(), frame, launch.maps)
                launch.stop()
                return result
            return measure
        # The Swift baseline prints no first-frame line: its map is its time.
        cold_swift = one_window(self.swift_baseline, frames=False)
        text_editor = lambda: self.peer(["gnome-text-editor", "--standalone"])
        gnote = lambda: self.peer(["gnote"])
        quire, baseline, replica, swift, bare, gl, text_editors, gnotes = self.interleaved(
            cold_quire, cold_baseline(), replica_windows(empty, 1), cold_swift, cold_baseline(bare=True), cold_baseline(opengl=True),
            text_editor, gnote)
        swift_map, swift_rss = statistics.median(s[0] for s in swift), statistics.median(s[1] for s in swift)
        self.row("cold launch, empty data → 1 window mapped", [q[0] for q in quire], [b[0] for b in baseline], 1.10,
                 bare=[b[0] for b in bare], opengl=[b[0] for b in gl], replica=[r[0] for r in replica],
                 note="the baseline's window in Swift (Tools/SwiftBaseline, linked as Quire): %.1f ms, %.2f×" % (
                     swift_map, swift_map / statistics.median(b[0] for b in baseline)))
        for name, peer in (("GNOME Text Editor", text_editors), ("Gnote", gnotes)):
            self.row("cold launch against %s (a peer) → 1 window mapped" % name, [q[0] for q in quire], [p[0] for p in peer], 1.00,
                     note="a fresh home and session bus for %s, Cairo drawing; %s's memory then: %.0f MiB, Quire's %.0f MiB" % (
                         name, name, statistics.median(p[1] for p in peer), statistics.median(q[1] for q in quire)))
        rss1_q, rss1_b, rss1_bare, rss1_gl = [q[1] for q in quire], [b[1] for b in baseline], [b[1] for b in bare], [b[1] for b in gl]
        rss1_r = [r[1] for r in replica]

        say("relaunch restoring 10 windows, with 10 notes and with 100,000")
        # Every seeded word is made up, so spell checking underlines each word a window shows;
        # the same restores with it turned off tell what those underlines cost a window.
        unchecked = os.path.join(self.work, "config-spelling-off")
        os.makedirs(os.path.join(unchecked, APP_ID), exist_ok=True)
        with open(os.path.join(unchecked, APP_ID, "preferences.json"), "w") as preferences:
            json.dump(dict(checksSpelling=False), preferences)
        def restore(data, template, windows, spelling=True):
            def measure():
                extra = dict(QUIRE_TRACE_WINDOWS="1")
                if not spelling:
                    extra["XDG_CONFIG_HOME"] = unchecked
                launch = self.quire(data, windows, template, extra=extra)
                frame = launch.wait_for_frames(windows)
                # The windows behind the front one map with their header bars, then are filled in:
                # memory is read, and the restore ends, once each has drawn its note and list.
                filled = launch.last_filled_in(windows)
                result = (launch.last_map, launch.rss_mib(), frame, launch.maps, launch.front_first_frame(), filled)
                launch.stop()
                return result
            return measure
        def baseline_windows(windows, bare=False, opengl=False):
            def measure():
                launch = self.baseline(windows, bare, opengl)
                frame = launch.wait_for_frames(windows)
                result = (launch.last_map, launch.rss_mib(), frame, launch.maps)
                launch.stop()
                return result
            return measure
        # With 10 notes and with 100,000 in the same runs: the two rows differ by
        # the number of notes only, never by when they ran.
        quire, quire100k, baseline, replica, replica100k, bare, gl, cold, unchecked10 = self.interleaved(
            restore(data10, state10, 10), restore(data100k, state10_100k, 10), baseline_windows(10), replica_windows(data10, 10),
            replica_windows(data100k, 10), baseline_windows(10, bare=True), baseline_windows(10, opengl=True), baseline_windows(1),
            restore(data10, state10, 10, spelling=False))
        self.front_window_row(10, quire, cold)
        self.row("relaunch restoring 10 windows → 10 mapped", [q[0] for q in quire], [b[0] for b in baseline], 1.25,
                 bare=[b[0] for b in bare], opengl=[b[0] for b in gl], replica=[r[0] for r in replica],
                 note=self.filled_in_note(quire, baseline, replica))
        def per_window(tens, ones):
            return [(statistics.median(t[1] for t in tens) - statistics.median(ones)) / 9]
        per_window_bare, per_window_gl = per_window(bare, rss1_bare), per_window(gl, rss1_gl)
        ten_windows = (quire, baseline, replica)

        self.row("the same with 100,000 notes", [q[0] for q in quire100k], [b[0] for b in baseline], 1.30,
                 replica=[r[0] for r in replica100k], note="in the same runs as with 10 notes")

        say("relaunch onto notes with one saved window")
        # What a person meets every day: Quire opened again on its notes, one window saved.
        quire, baseline, replica, unchecked1 = self.interleaved(
            restore(data10, state1, 1), baseline_windows(1), replica_windows(data10, 1), restore(data10, state1, 1, spelling=False))
        self.row("relaunch onto 10 notes restoring 1 window → mapped", [q[0] for q in quire], [b[0] for b in baseline], 1.05,
                 replica=[r[0] for r in replica], note="first frame: quire %.0f ms, baseline %.0f ms" % (
                     statistics.median(q[2] for q in quire), statistics.median(b[2] for b in baseline)))
        # What a window adds: one window against ten on the same notes. (The cold
        # launch's window shows an empty note, which loads no spelling dictionary.)
        per_window_q, per_window_b, per_window_r = (per_window(tens, [one[1] for one in ones])
                                                    for tens, ones in zip(ten_windows, (quire, baseline, replica)))
        per_window_unchecked = per_window(unchecked10, [one[1] for one in unchecked1])

        say("relaunch restoring 100 windows")
        quire, baseline, replica, bare, gl, cold = self.interleaved(restore(data100, state100, 100), baseline_windows(100),
                                                                    replica_windows(data100, 100), baseline_windows(100, bare=True),
                                                                    baseline_windows(100, opengl=True), baseline_windows(1))
        self.front_window_row(100, quire, cold)
        self.row("relaunch restoring 100 windows → 100 mapped", [q[0] for q in quire], [b[0] for b in baseline], 1.25,
                 bare=[b[0] for b in bare], opengl=[b[0] for b in gl], replica=[r[0] for r in replica],
                 note=self.filled_in_note(quire, baseline, replica))
        def gap(maps, first, last):
            return (maps[last - 1] - maps[first - 1]) / (last - first)
        early = statistics.median(gap(q[3], 10, 20) for q in quire)
        late = [gap(q[3], 90, 100) for q in quire]
        # The baseline's own windows, as they come: what the display itself adds as windows grow in number.
        base_early = statistics.median(gap(b[3], 10, 20) for b in baseline)
        base_late = statistics.median(gap(b[3], 90, 100) for b in baseline)
        self.row("time per window, 90th–100th (restoring 100)", late, None, early * 1.1, unit="ms",
                 target_text="≤ the 10th–20th's %.1f ms, +10 %%" % early,
                 note="the baseline's own windows: %.1f ms each from the 10th to the 20th, %.1f from the 90th to the 100th" % (
                     base_early, base_late))

        say("a key typed as the front window drew, restoring 100 windows, and restoring 1")
        def typed_into(data, windows, state):
            def measure():
                launch, handled, drawn = self.quire_typed_into(data, windows, state)
                launch.stop()
                return handled, drawn
            return measure
        # Restoring one window, the same key meets the front window's own first frames
        # with nothing behind it: what the windows behind add is the difference.
        keys, alone = self.interleaved(typed_into(data100, 100, state100), typed_into(data10, 1, state1))
        self.row("relaunch restoring 100 windows → a key typed as the front window drew, on screen", [k[1] for k in keys], None, 16.7,
                 note="from the key press to the frame after it (Quire's key trace); handled after %.1f ms; "
                      "restoring 1 window, on screen after %.1f ms" % (
                          statistics.median(k[0] for k in keys), statistics.median(a[1] for a in alone)))

        say("launch with 100,000 notes against 10 notes")
        def cold_on(data):
            def measure():
                launch = self.quire(data, 1)
                launch.wait_for_frames(1)
                result = launch.last_map
                launch.stop()
                return result
            return measure
        many, few = self.interleaved(cold_on(data100k), cold_on(data10))
        self.row("launch with 100,000 notes against 10 notes", many, few, 1.03, note="both are quire")

        say("memory")
        self.row("resident memory, 1 window", rss1_q, rss1_b, 1.10, unit="MiB", bare=rss1_bare, opengl=rss1_gl, replica=rss1_r,
                 note="the baseline's window in Swift (Tools/SwiftBaseline, linked as Quire: the Swift runtime and FoundationEssentials): "
                      "%.1f MiB, %.2f×" % (swift_rss, swift_rss / statistics.median(rss1_b)))
        self.row("resident memory added per window, 1 → 10", per_window_q, per_window_b, 1.10, unit="MiB", bare=per_window_bare,
                 opengl=per_window_gl, replica=per_window_r,
                 note="with spell checking on, every seeded word a window shows is underlined (they are made up); "
                      "with it off, quire %.2f MiB" % per_window_unchecked[0])

    @staticmethod
    def filled_in_note(quire, baseline, replica):
        """What a restore's mapped row leaves out: when every window had drawn all it shows."""
        return ("last first frame: quire %.0f ms (the windows behind with their header bars), baseline %.0f ms, replica %.0f ms; "
                "quire's last window filled in and drawn: %.0f ms" % tuple(statistics.median(run[index] for run in runs) for runs, index in (
                    (quire, 2), (baseline, 2), (replica, 2), (quire, 5))))

    def front_window_row(self, windows, quire, cold):
        """The window in front when restoring `windows`: its first frame, against the baseline's
        cold launch to its one window's first frame, in the same runs."""
        self.row("relaunch restoring %d windows → the front window's first frame" % windows, [q[4] for q in quire],
                 [c[2] for c in cold], 1.10, note="against the baseline's cold launch to its first frame; all %d mapped: %.0f ms" % (
                     windows, statistics.median(q[0] for q in quire)))

    def new_window_figure(self, data10):
        say("new window in a running instance")
        self.new_window_row(data10, [self.tools.quire, "--new-window"],
                            "new window in a running instance → mapped",
                            "quire --new-window against gapplication action new-window")
        # GNOME Shell's New Window (the desktop file's action) reaches a D-Bus-activatable
        # app as an action over D-Bus, with no process started: the same path for both.
        self.new_window_row(data10, ["gapplication", "action", APP_ID, "new-window"],
                            "new window through the desktop's D-Bus action → mapped",
                            "gapplication action new-window, for both (what GNOME Shell's New Window does)")

    def new_window_row(self, data10, command, figure, note):
        def quire():
            running = self.quire(data10, 1)
            running.wait_for_frames(1)
            time.sleep(0.3)
            second = Launch(self.tools, command, 1, dict(self.base_env, XDG_DATA_HOME=data10), self.work)
            result = second.last_map
            running.stop()
            return result
        def other(start, app_id):
            def measure():
                running = start()
                running.wait_for_frames(1)
                time.sleep(0.3)
                second = Launch(self.tools, ["gapplication", "action", app_id, "new-window"], 1, self.base_env, self.work)
                result = second.last_map
                running.stop()
                return result
            return measure
        # A window maps within 6–9 ms, where one run's median moves by a millisecond
        # (the same baseline command gave 6.3 and 7.1 ms in the two rows of one run):
        # three times the suite's runs, at about a second each.
        quire_times, baseline_times, replica_times = self.interleaved(
            quire, other(lambda: self.baseline(1), BASELINE_ID), other(lambda: self.replica(data10, 1), REPLICA_ID),
            runs=self.runs * 3)
        self.row(figure, quire_times, baseline_times, 1.25, note=note, replica=replica_times)

    def churn_figure(self, data10):
        cycles = 25 if self.smoke else 500
        say("memory after opening and closing %d windows" % cycles)
        running = self.quire(data10, 1)
        running.wait_for_frames(1)
        env = dict(self.base_env, XDG_DATA_HOME=data10)
        after20 = None
        for cycle in range(1, cycles + 1):
            second = Launch(self.tools, [self.tools.quire, "--new-window"], 1, env, self.work)
            window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Quire$"], capture_output=True, text=True).stdout.split()
            newest = window[-1] if window else None
            if newest:
                subprocess.run(["xdotool", "windowfocus", "--sync", newest], capture_output=True)
                subprocess.run(["xdotool", "key", "ctrl+w"], capture_output=True)
            deadline = time.time() + 10
            while time.time() < deadline and len(subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Quire$"],
                                                                    capture_output=True, text=True).stdout.split()) > 1:
                time.sleep(0.02)
            if cycle == min(20, cycles):
                after20 = running.rss_mib()
            del second
        after_all = running.rss_mib()
        running.stop()
        self.row("memory after opening and closing %d windows, against after 20" % cycles, [after_all], [after20], 1.05,
                 unit="MiB", note="both are quire")

    def idle_figure(self, data10):
        """What a window left open costs the machine while nobody uses it: how often the
        program wakes, left alone since its launch, after a person typed into it (a
        save, the typing journal's sync, a spell check, each on a thread of its own), and
        after a sync (Swift concurrency's tasks, on GLib's thread pool). GTK
        blinks the cursor for 10 s after the last key, so the count starts 12 s after the
        first frame or the last key, and lasts 5 s."""
        def idle(start, title=None):
            def measure():
                launch = start()
                launch.wait_for_frames(1)  # at once if `start` waited for it
                if title:
                    self.type_into(launch, title, 100)
                time.sleep(12)
                result = launch.wakeups_per_second(5)
                launch.stop()
                return result
            return measure
        runs = min(self.runs, 3)  # each run is 17 s a program, 25 s with typing
        note = "voluntary context switches of every thread over 5 s; onto 10 notes"
        say("wakeups a second while idle, one window")
        quire, baseline = self.interleaved(idle(lambda: self.quire(data10, 1)), idle(lambda: self.baseline(1)), runs=runs)
        self.row("wakeups a second, idle with 1 window, from 12 s after its first frame", quire, baseline, 0.5,
                 unit="wakeups/s", absolute=True, note=note)
        say("wakeups a second while idle, one window typed into")
        quire, baseline = self.interleaved(idle(lambda: self.quire(data10, 1), "Quire$"),
                                           idle(lambda: self.baseline(1), "^Baseline$"), runs=runs)
        self.row("wakeups a second, idle with 1 window typed into, from 12 s after the last key", quire, baseline, 0.5,
                 unit="wakeups/s", absolute=True, note=note + "; 100 characters typed at the end of the note shown")
        say("wakeups a second while idle, one window, after a sync through it")
        quire, baseline = idle_after_sync(self, data10, idle, runs)
        self.row("wakeups a second, idle with 1 window, from 12 s after a sync through it", quire, baseline, 0.5,
                 unit="wakeups/s", absolute=True,
                 note=note + "; sync set up with Apache on 127.0.0.1 and run with quire --sync-now, sent to the running Quire")

    def search_figure(self, data100k):
        say("full-text search over 100,000 notes")
        path = os.path.join(data100k, APP_ID, "notes.sqlite")
        queries = subprocess.run([self.tools.bench_tool, "queries", "10" if self.smoke else "100"],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        query_file = os.path.join(self.work, "queries.txt")
        with open(query_file, "w") as out:
            out.write("\n".join(queries) + "\n")
        ours = [float(line) for line in subprocess.run([self.tools.bench_tool, "search", path, query_file],
                                                       capture_output=True, text=True, check=True).stdout.split()]
        # The same statement the note store runs, through Debian's sqlite3 shell.
        def statement(query):
            match = " ".join('"%s"*' % word for word in query.split())
            return ("SELECT notes.id, substr(notes.body, 1, 400), snippet(notes_search, 0, char(2), char(3), '…', 12) "
                    "FROM notes_search JOIN notes ON notes.rowid = notes_search.rowid "
                    "WHERE notes_search MATCH '%s' AND notes.trashed_at IS NULL "
                    "ORDER BY bm25(notes_search), notes.modified_at DESC LIMIT 200;" % match)
        # Both sides run every query once untimed first, so both read from a warm page cache
        # (this machine's memory reclaim empties it between figures).
        script = ".timer on\n" + "\n".join(statement(query) for query in queries * 2) + "\n"
        shell = subprocess.run(["sqlite3", "-readonly", path], input=script, capture_output=True, text=True, check=True).stdout
        # The shell's wall clock counts whole milliseconds; its CPU time (user + sys,
        # in microseconds) is the time of a query that runs from the page cache.
        theirs = [(float(line.split()[5]) + float(line.split()[7])) * 1000
                  for line in shell.splitlines() if line.startswith("Run Time:")][len(queries):]
        def p95(values):
            ordered = sorted(values)
            return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
        self.row("full-text search over 100,000 notes, median", ours, theirs, 1.5,
                 note="the note store (wall clock) against the sqlite3 shell running the same statement (its CPU time)")
        self.row("full-text search over 100,000 notes, 95th percentile", [p95(ours)], [p95(theirs)], 1.5)
        self.row("full-text search, 95th percentile, within a frame", [p95(ours)], None, 16.7)
        self.shell_search_figure(data100k, queries)

    def shell_search_figure(self, data100k, queries):
        """GNOME Shell's search as the Shell makes it: GetInitialResultSet over D-Bus
        to Quire started as the bus starts it, against a bare D-Bus ping of the same
        process (both through gdbus, whose start-up they share)."""
        say("desktop search (GNOME Shell) over 100,000 notes")
        env = dict(self.base_env, XDG_DATA_HOME=data100k, XDG_STATE_HOME=self.fresh())
        wait_for_bus_name_free(APP_ID)
        service = subprocess.Popen([self.tools.quire, "--gapplication-service"], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            path = "/io/github/quire/Quire/SearchProvider"
            def gdbus(method, *arguments):
                start = time.perf_counter()
                subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", path,
                                "--method", method] + list(arguments), env=env, capture_output=True, check=True)
                return (time.perf_counter() - start) * 1000
            deadline = time.time() + 30
            while True:
                try:
                    gdbus("org.freedesktop.DBus.Peer.Ping")
                    break
                except subprocess.CalledProcessError:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.1)
            gdbus("org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['%s']" % queries[0].split()[0])  # warm
            answers, pings = [], []
            for query in queries:
                terms = "[%s]" % ", ".join("'%s'" % word.replace("'", "") for word in query.split())
                answers.append(gdbus("org.gnome.Shell.SearchProvider2.GetInitialResultSet", terms))
                pings.append(gdbus("org.freedesktop.DBus.Peer.Ping"))
        finally:
            stop_process(service.pid)
        beyond = [max(0.0, answer - ping) for answer, ping in zip(answers, pings)]
        self.row("desktop search answer beyond a D-Bus ping, median", beyond, None, 16.7,
                 note="GetInitialResultSet to Quire started as the bus starts it, minus a Peer.Ping right after")

    def typing_figures(self, data_big):
        """Typing at the end of a 1 MB note, in Quire and in the baseline's bare text
        view showing the same text (the least GTK itself costs)."""
        characters = 100 if self.smoke else 2_000
        runs = 1 if self.smoke else 3
        text_file = os.path.join(self.work, "big-note.txt")
        body = subprocess.run(["sqlite3", "-readonly", os.path.join(data_big, APP_ID, "notes.sqlite"),
                               "SELECT body FROM notes ORDER BY modified_at DESC LIMIT 1"],
                              capture_output=True, text=True, check=True).stdout
        with open(text_file, "w") as out:
            out.write(body[:-1] if body.endswith("\n") else body)  # the shell's line end is not the note's
        def type_into(launch, title):
            stalls = self.type_into(launch, title, characters)
            launch.stop()
            return stalls
        def quire(windows):
            # Each run types into the note as seeded, as the baseline's each does: typing
            # goes on at the end of the last paragraph, and a paragraph is laid out whole.
            data = self.fresh(data_big)
            state = self.fresh()
            env = dict(self.base_env, XDG_DATA_HOME=data, XDG_STATE_HOME=state)
            wait_for_bus_name_free(APP_ID)
            launch = Launch(self.tools, [self.tools.quire], 1, dict(env, GTKKIT_STALL_TRACE="16.7"), self.work)
            launch.wait_for_frames(1)
            for _ in range(windows - 1):
                Launch(self.tools, [self.tools.quire, "--new-window"], 1, env, self.work)
            return type_into(launch, "Quire$")
        def baseline(windows):
            env = dict(self.base_env, BASELINE_WINDOWS=str(windows), BASELINE_TEXT_FILE=text_file, BASELINE_STALL_TRACE="16.7")
            wait_for_bus_name_free(BASELINE_ID)
            launch = Launch(self.tools, [self.tools.baseline], windows, env, self.work)
            launch.wait_for_frames(windows)
            return type_into(launch, "^Baseline$")
        for windows in (1, 3):
            say("typing %d characters into a 1 MB note in %d window(s)" % (characters, windows))
            quire_stalls, baseline_stalls = [], []
            for _ in range(runs):
                quire_stalls.append(quire(windows))
                baseline_stalls.append(baseline(windows))
            longest = max((max(run) for run in quire_stalls if run), default=0)
            longest_baseline = max((max(run) for run in baseline_stalls if run), default=0)
            if windows == 1:
                self.journal_figure(runs)
                self.save_figure(runs)
            counts = [len(run) for run in quire_stalls], [len(run) for run in baseline_stalls]
            # One window: none at all. Three: GTK's own bare views stall as each
            # lays out the edited paragraph, and the target is theirs in
            # the same run (the issue's: no more stalls than the bare views).
            target = 0 if windows == 1 else statistics.median(counts[1])
            self.row("typing %d characters into a 1 MB note%s: stalls over 16.7 ms" % (
                characters, "" if windows == 1 else ", open in 3 windows"),
                *counts, target, unit="stalls", absolute=True,
                target_text=None if windows == 1 else "≤ the bare views'",
                note="each run: quire %s, baseline %s; longest: quire %.0f ms, baseline %.0f ms (the baseline: a bare text view%s showing the same text)" % (
                    [len(run) for run in quire_stalls], [len(run) for run in baseline_stalls],
                    longest, longest_baseline, "" if windows == 1 else " in each of 3 windows, one shared buffer"))

    def journal_figure(self, runs):
        """What the typing journal adds to each keystroke: one record appended
        with write(), against a bare write() of the same bytes."""
        folder = os.path.join(self.work, "journal")
        os.makedirs(folder, exist_ok=True)
        keystrokes = 1_000 if self.smoke else 20_000
        journal, bare = [], []
        for _ in range(runs * 3):
            out = subprocess.run([self.tools.bench_tool, "journal", folder, str(keystrokes)],
                                 capture_output=True, text=True, check=True).stdout.split()
            journal.append(float(out[0]))
            bare.append(float(out[1]))
        self.row("typing journal: time added a keystroke", journal, bare, 50, unit="µs", absolute=True,
                 note="%d one-character insertions recorded (BenchTool journal), against a bare write() of the same bytes" % keystrokes)

    def save_figure(self, runs):
        """What putting every save on disk as it is made costs the background
        saver (synchronous = FULL), against leaving it to a sync half a second
        later (NORMAL); off the windows' thread either way."""
        folder = os.path.join(self.work, "saves")
        os.makedirs(folder, exist_ok=True)
        count = 20 if self.smoke else 200
        synced, unsynced = [], []
        for _ in range(runs):
            out = subprocess.run([self.tools.bench_tool, "saves", folder, str(count)],
                                 capture_output=True, text=True, check=True).stdout.split()
            synced.append(float(out[0]))
            unsynced.append(float(out[1]))
        self.row("a note saved in the background, on disk when done", synced, unsynced, 20, absolute=True,
                 note="%d saves of a 2,000-character note (BenchTool saves), each noted in the typing journal and synced to disk at its commit, "
                      "against commits left to a later sync (baseline)" % count)

    # Output --------------------------------------------------------------------------

    def report(self, renderer):
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        with open("/proc/meminfo") as meminfo:
            memory = round(int(meminfo.readline().split()[1]) / 1024 / 1024)
        about = "%s, %d cores, %d GiB; %s; commit %s; %s; %s" % (
            platform.platform(terse=True), os.cpu_count(), memory, renderer, commit,
            datetime.date.today().isoformat(), "smoke run (each figure once)" if self.smoke else "medians of %d interleaved runs, or as a row's note says" % self.runs)
        header = ["figure", "quire", "baseline", "ratio", "target", "holds", "replica", "its ratio", "quire ÷ replica",
                  "bare GTK", "ratio to bare GTK", "baseline on OpenGL", "ratio to it"]
        lines = []
        for row in self.rows:
            holds = "—" if row["holds"] is None else ("yes" if row["holds"] else "NO")
            lines.append([row["figure"], table_number(row["quire"], row["unit"]), table_number(row["baseline"], row["unit"]),
                          "—" if row["ratio"] is None else "%.2f×" % row["ratio"], row["target"], holds,
                          table_number(row["replica"], row["unit"]), "—" if row["replica_ratio"] is None else "%.2f×" % row["replica_ratio"],
                          "—" if row["over_replica"] is None else "%.2f×" % row["over_replica"],
                          table_number(row["bare"], row["unit"]), "—" if row["bare_ratio"] is None else "%.2f×" % row["bare_ratio"],
                          table_number(row["opengl"], row["unit"]), "—" if row["opengl_ratio"] is None else "%.2f×" % row["opengl_ratio"]])
        widths = [max(len(cells[index]) for cells in [header] + lines) for index in range(len(header))]
        def table_line(cells):
            return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"
        table = "\n".join([table_line(header), "|" + "|".join("-" * (width + 2) for width in widths) + "|"] + [table_line(cells) for cells in lines])
        notes = "\n".join("- %s: %s" % (row["figure"], row["note"]) for row in self.rows if row["note"])
        print("\nBenchmark, " + about)
        print(table)
        if notes:
            print("\n" + notes)
        os.makedirs(RESULTS, exist_ok=True)
        if not self.smoke:  # docs/performance.md keeps the latest measured figure of every row
            docs_table.merge(os.path.join(ROOT, "docs", "performance.md"), DOCS_HEADER,
                             [docs_cells(row) for row in self.rows], "%s, %s" % (commit, datetime.date.today().isoformat()))
        with open(os.path.join(RESULTS, "table.md"), "w") as out:
            out.write("Benchmark, %s\n\n%s\n\n%s\n" % (about, table, notes))
        with open(os.path.join(RESULTS, "results.json"), "w") as out:
            json.dump(dict(about=about, rows=self.rows), out, indent=1)
        self.chart(os.path.join(RESULTS, "chart.png"))

    def chart(self, path):
        """Each figure's ratio (or value) against its target, as bars: green where it holds."""
        rows = [row for row in self.rows if row["target_value"] is not None]
        def shown(value, unit):
            """As the table shows it, a count with its unit too ("1 request", "38 stalls")."""
            text = table_number(value, unit)
            return "%s %s" % (text, unit if value != 1 else unit[:-1]) if unit in ("stalls", "requests") else text
        # Wide enough for the longest figure's name at this size, never cut short.
        left, height = 16 + 7 * max(len(row["figure"]) for row in rows), 26
        # Every target line on the chart; longer bars stop at its right edge.
        top = 1.1 * max([2.0] + [row["target_value"] for row in rows if row["ratio"] is not None])
        scale = 520 / top
        width, total = left + 520 + 100, 40 + height * len(rows)
        draw = ["-size", "%dx%d" % (width, total), "xc:white", "-font", "DejaVu-Sans", "-pointsize", "12"]
        for index, row in enumerate(rows):
            y = 30 + index * height
            value = row["ratio"] if row["ratio"] is not None else (row["quire"] / row["target_value"] if row["target_value"] else row["quire"])
            target = row["target_value"] if row["ratio"] is not None else 1.0
            colour = "#2e7d32" if row["holds"] else "#c62828"
            bar = min(value, top) * scale
            draw += ["-fill", "black", "-annotate", "+8+%d" % (y + 15), row["figure"],
                     "-fill", colour, "-draw", "rectangle %d,%d %d,%d" % (left, y + 3, left + max(bar, 1), y + 20),
                     "-fill", "black", "-annotate", "+%d+%d" % (left + max(bar, 1) + 6, y + 15),
                     "×%.2f" % value if row["ratio"] is not None else shown(row["quire"], row["unit"]),
                     "-stroke", "#1565c0", "-draw", "line %d,%d %d,%d" % (left + target * scale, y, left + target * scale, y + 23),
                     "-stroke", "none"]
        draw += ["-fill", "#1565c0", "-annotate", "+%d+18" % left, "blue line: target (ratio to baseline, or the limit)", path]
        subprocess.run(["convert"] + draw, check=False, capture_output=True)


FIGURES = ("launch", "new-window", "idle", "churn", "search", "typing", "sync")


def main():
    parser = argparse.ArgumentParser(description="Quire's benchmark suite")
    parser.add_argument("--smoke", action="store_true", help="run each figure once, to prove the suite works")
    parser.add_argument("--only", default=",".join(FIGURES),
                        help="a comma-separated choice of figures to measure (default: all of %s)" % ", ".join(FIGURES))
    options = parser.parse_args()
    only = set(options.only.split(","))
    if not only <= set(FIGURES):
        parser.error("unknown figure(s): %s" % ", ".join(sorted(only - set(FIGURES))))
    work = tempfile.mkdtemp(prefix="quire-bench-")
    try:
        bench = Bench(options.smoke, work)
        say("seeding notes and saving windows to restore")
        data10 = bench.seed("10", 10)
        data100k = bench.seed("100k", 1_000 if options.smoke else 100_000) if only & {"launch", "search"} else None
        renderer = bench.renderer()
        if "launch" in only:
            data100 = bench.seed("100", 100)
            states = (bench.saved_windows(data10, 1), bench.saved_windows(data10, 10), bench.saved_windows(data100k, 10), bench.saved_windows(data100, 100))
            bench.launch_figures(os.path.join(work, "data-empty"), data10, data100, data100k, *states)
        if "new-window" in only:
            bench.new_window_figure(data10)
        if "idle" in only:
            bench.idle_figure(data10)
        if "churn" in only:
            bench.churn_figure(data10)
        if "search" in only:
            bench.search_figure(data100k)
        if "typing" in only:
            bench.typing_figures(bench.seed("big", 10, big_note=1_000_000))
        if "sync" in only:
            sync_figures(bench, 100 if options.smoke else 10_000)
        bench.report(renderer)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
