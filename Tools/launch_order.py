#!/usr/bin/env python3
"""Writes build-aux/quire.order: the functions a launch of Quire runs, as callgrind first lists them.

The release build's linker lays these out first and together (lld's
--symbol-ordering-file, Package.swift). The kernel maps an executable's code in
64 KiB runs around each page first touched, so with the launch's functions
scattered over the 16 MB of code the Swift runtime and Foundation bring, a
launch kept 10 MiB of it resident; packed together, about half that.

Runs the release build (`swift build -c release --static-swift-stdlib`, as the
bench and Meson build it) under Valgrind's callgrind three times on one fresh
data folder: a first launch, quit once its window has drawn and settled; a
relaunch restoring that window; and, once notes with text are imported and a
second main window and a note's window opened (not profiled), a relaunch
restoring the three, as a person's windows come back. Needs valgrind,
sqlite3 and a display (run it under xvfb-run and dbus-run-session). Rerun it
after changing what a launch does; a stale file only packs less well (names
it lists that no longer exist are skipped).
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "build-aux", "quire.order")
# The release build, as the bench and Meson make it.
RELEASE_BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib"]


def launch(binary, environment, work, index, windows=1):
    """Runs Quire under callgrind until its windows drew and settled, then quits it; returns the profile's paths."""
    log = os.path.join(work, "launch-%d.log" % index)
    profile = os.path.join(work, "callgrind-%d.out" % index)
    with open(log, "w") as output:
        process = subprocess.Popen(["valgrind", "--tool=callgrind", "--dump-instr=no", "--callgrind-out-file=" + profile, binary],
                                   env=environment, stdout=output, stderr=subprocess.STDOUT)
    wait_for_frames(process, log, windows)
    time.sleep(3)  # what follows the first frame: the spelling dictionary, the saved state
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=120)
    return [os.path.join(work, name) for name in os.listdir(work) if name.startswith(os.path.basename(profile))]


def wait_for_frames(process, log, windows):
    """Waits until `windows` first frames are in the lifecycle trace at `log`, or exits if Quire ended first."""
    deadline = time.time() + 300
    while time.time() < deadline and open(log, errors="replace").read().count(" first-frame ") < windows:
        if process.poll() is not None:
            sys.exit("Quire ended before its windows' first frames:\n" + open(log, errors="replace").read()[-2000:])
        time.sleep(0.2)


def open_windows_on_notes(binary, environment, work):
    """Imports notes with text, then opens a second main window and a note's window beside the one
    saved (Quire as a person runs it, not profiled), and quits: the next launch restores three."""
    notes = os.path.join(work, "notes")
    os.makedirs(notes)
    for index, words in enumerate(["Shopping list\n\nMilk, eggs and *bread*.", "Ideas\n\n- a garden\n- a walk by the river"]):
        with open(os.path.join(notes, "note-%d.md" % index), "w") as note:
            note.write(words + "\n")
    subprocess.run([binary, "--import", notes], env=environment, check=True, capture_output=True, timeout=120)
    database = os.path.join(environment["XDG_DATA_HOME"], "io.github.quire.Quire", "notes.sqlite")
    note = subprocess.run(["sqlite3", "-readonly", database, "SELECT lower(id) FROM notes ORDER BY modified_at DESC LIMIT 1"],
                          capture_output=True, text=True, check=True).stdout.strip()
    log = os.path.join(work, "windows.log")
    with open(log, "w") as output:
        process = subprocess.Popen([binary], env=environment, stdout=output, stderr=subprocess.STDOUT)
    wait_for_frames(process, log, 1)
    for argument in ["--new-window", "quire://note/" + note]:
        subprocess.run([binary, argument], env=environment, check=True, capture_output=True, timeout=60)
    wait_for_frames(process, log, 3)
    time.sleep(1.5)  # every window's state saved
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)


def functions_run(binary_name, profiles):
    """The binary's functions callgrind saw, first seen first (its names: mangled for Swift, demangled for C++)."""
    seen, known = [], set()
    for path in profiles:
        names, objects, current, callee = {}, {}, None, None
        for line in open(path, errors="replace"):
            match = re.match(r"^(ob|fn|cob|cfn)=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
            if not match:
                continue
            kind, ident, name = match.groups()
            table = objects if kind in ("ob", "cob") else names
            if name is not None:
                table[ident] = name
            if kind == "ob":
                current = objects[ident]
                continue
            if kind == "cob":
                callee = objects[ident]
                continue
            owner = current if kind == "fn" else callee
            if owner and os.path.basename(owner) == binary_name:
                function = re.sub(r"'\d+$", "", names[ident])  # callgrind's mark of a recursive call
                if function not in known:
                    known.add(function)
                    seen.append(function)
    return seen


def symbols(binary, seen):
    """The linker's names for `seen`: Swift's as they are, C++'s found through `nm -C`, unnamed code by address."""
    plain = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines()
    readable = subprocess.run(["nm", "-C", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines()
    exact, demangled, at = set(), {}, {}
    for raw, shown in zip(plain, readable):
        raw, shown = raw.split(maxsplit=2), shown.split(maxsplit=2)
        if len(raw) == 3 and raw[1] in "tTwW":
            exact.add(raw[2])
            demangled.setdefault(shown[2], []).append(raw[2])
            at.setdefault(int(raw[0], 16), raw[2])
    ordered, placed = [], set()
    for function in seen:
        if function in exact:
            found = [function]
        elif function.startswith("0x"):
            found = [at[int(function, 16)]] if int(function, 16) in at else []
        else:
            found = demangled.get(function, [])
        for name in found:
            if name not in placed:
                placed.add(name)
                ordered.append(name)
    return ordered


def main():
    subprocess.run(RELEASE_BUILD + ["--product", "quire"], cwd=ROOT, check=True)
    folder = subprocess.run(RELEASE_BUILD + ["--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    binary = os.path.join(folder, "quire")
    with tempfile.TemporaryDirectory(prefix="launch-order-") as work:
        environment = dict(os.environ, GTK_A11Y="none", SCENES_TRACE="1", QUIRE_RESOURCE_DIR=os.path.join(ROOT, "Resources"),
                           XDG_DATA_HOME=os.path.join(work, "data"), XDG_STATE_HOME=os.path.join(work, "state"),
                           XDG_CONFIG_HOME=os.path.join(work, "config"))
        # Valgrind 3.19 (Debian 12's) cannot read the DWARF 5 the toolchain's
        # linker writes, and gives up: it profiles a copy without it, whose
        # symbols, all callgrind needs, are the same.
        profiled = os.path.join(work, "quire")
        subprocess.run(["objcopy", "--strip-debug", binary, profiled], check=True)
        profiles = launch(profiled, environment, work, 1) + launch(profiled, environment, work, 2)
        open_windows_on_notes(binary, environment, work)
        profiles += launch(profiled, environment, work, 3, windows=3)
        ordered = symbols(binary, functions_run(os.path.basename(binary), profiles))
    with open(OUTPUT, "w") as output:
        output.write("\n".join(ordered) + "\n")
    # SwiftPM does not know the linker reads the file: link again by hand.
    os.remove(binary)
    subprocess.run(RELEASE_BUILD + ["--product", "quire"], cwd=ROOT, check=True)
    print("%s: %d functions" % (os.path.relpath(OUTPUT, ROOT), len(ordered)))


if __name__ == "__main__":
    main()
