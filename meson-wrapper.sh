#!/usr/bin/env bash
# Quire's one front door: installs what is missing, builds, launches, tests.
#
#   ./meson-wrapper.sh run [quire options]   set up, build and launch Quire
#   ./meson-wrapper.sh test                  set up, build and run the whole test suite headless
#   ./meson-wrapper.sh build                 set up and build only
#   ./meson-wrapper.sh stress                the full stress suite (an hour or so); prints its table
#   ./meson-wrapper.sh bench [--smoke]       the benchmark suite against a C baseline on libadwaita
#                                            (--smoke: each figure once, to prove it works)
#   ./meson-wrapper.sh api                   rewrite api/*.txt, the record of the Scenes and GtkKit
#                                            public API, after a deliberate change to it
#   ./meson-wrapper.sh docs                  build the Scenes documentation with docc into .build/docs
#                                            (fails on a broken link or an undocumented public symbol)
#   ./meson-wrapper.sh install [--prefix DIR] build in release mode with Meson and install
#                                            (default prefix: ~/.local)
#   ./meson-wrapper.sh uninstall [--prefix DIR] remove what install put there
#
# Debian packages that are missing are installed with apt-get (as root, or
# through sudo). Everything else comes with the Swift toolchain.
set -euo pipefail

cd "$(dirname "$(readlink -f "$0")")"

# Packages to build and run Quire, and the extra ones its tests drive it with.
BUILD_PACKAGES=(pkgconf libgtk-4-dev libepoxy-dev libadwaita-1-dev libgtksourceview-5-dev libsqlite3-dev
                libsoup-3.0-dev glib-networking libsecret-1-dev libxml2-dev libenchant-2-dev libicu-dev hunspell-en-us)
# Packages for installing with Meson: the build tools (gcc for the `quire` command), msgfmt for the
# translations, and the validators Meson's own tests run.
INSTALL_PACKAGES=(meson ninja-build gcc gettext desktop-file-utils appstream)
# The tests also install Quire, so they need INSTALL_PACKAGES too.
TEST_PACKAGES=(xvfb xauth xdotool xinput x11-utils dbus-daemon libglib2.0-bin imagemagick openbox wmctrl at-spi2-core sqlite3 gsettings-desktop-schemas
               sway wtype grim wl-clipboard mutter
               apache2 apache2-utils rclone nginx-light libnginx-mod-http-dav-ext openssl curl gnome-keyring python3 yelp-tools
               poppler-utils hunspell-fr
               "${INSTALL_PACKAGES[@]}")
# WsgiDAV, the sync tests' fourth server, from PyPI into a virtual environment of its own.
WSGIDAV_VERSION=4.4.0
WSGIDAV_ENV=.build/wsgidav
MESON_BUILD_DIR=.build-meson

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'meson-wrapper.sh: %s\n' "$*" >&2; exit 1; }

find_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    command -v swift >/dev/null 2>&1 || die "the Swift toolchain (6.x) is not on PATH; install it from swift.org first"
}

# Installs those of the given Debian packages that are not installed yet.
install_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "Installing ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to install: ${missing[*]}"
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build() {
    find_swift
    install_packages "${BUILD_PACKAGES[@]}"
    say "Building"
    swift build "$@"
}

# Builds everything, tests included, and fails on any compiler warning. SwiftPM's own
# note that it drops pkg-config's -pthread/-msse flags is not about Quire's code.
build_without_warnings() {
    local log
    log=$(mktemp)
    if ! swift build --build-tests 2>&1 | tee "$log"; then
        rm -f "$log"
        die "the build failed"
    fi
    local warnings
    warnings=$(grep -E 'warning:' "$log" | grep -v 'prohibited flag(s)' | sort -u || true)
    rm -f "$log"
    if [ -n "$warnings" ]; then
        printf '%s\n' "$warnings" >&2
        die "the build has warnings; Quire builds with none"
    fi
}

# Runs `swift test` headless (Xvfb, a private session bus) with the given
# arguments, then prints the stress table from what the stress attacks wrote.
# The stress attacks mount a small tmpfs and switch to the user nobody: root.
headless_tests() {
    mkdir -p test-artifacts
    rm -rf stress-results
    local status=0
    # fatal-criticals: any GTK or GLib critical ends the program and fails its test.
    # No accessibility bus: its launcher can outlive the test's session bus.
    # -r: no key repeats (a test's key let go of late would type twice).
    env G_DEBUG=fatal-criticals GTK_A11Y=none QUIRE_TEST_ARTIFACTS="$PWD/test-artifacts" \
        xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24 -nolisten tcp -noreset -r" \
        dbus-run-session -- swift test --skip-build "$@" || status=$?
    python3 build-aux/stress-table.py stress-results
    return $status
}

# Installs WsgiDAV (and the cheroot server it runs on) into WSGIDAV_ENV, once.
install_wsgidav() {
    [ -x "$WSGIDAV_ENV/bin/wsgidav" ] && return 0
    say "Installing WsgiDAV $WSGIDAV_VERSION from PyPI into $WSGIDAV_ENV"
    mkdir -p "$(dirname "$WSGIDAV_ENV")"
    if ! python3 -m venv "$WSGIDAV_ENV" >/dev/null 2>&1; then
        rm -rf "$WSGIDAV_ENV"
        install_packages python3-venv
        /usr/bin/python3 -m venv "$WSGIDAV_ENV"
    fi
    "$WSGIDAV_ENV/bin/pip" install --quiet --disable-pip-version-check "WsgiDAV==$WSGIDAV_VERSION" cheroot
}

run_tests() {
    find_swift
    install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    install_wsgidav
    say "Building with tests"
    build_without_warnings
    say "Running the test suite (the stress suite's short run included) under Xvfb and a private session bus"
    headless_tests "$@"
}

run_stress() {
    find_swift
    install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    install_wsgidav
    say "Building with tests"
    build_without_warnings
    say "Running the full stress suite (QUIRE_STRESS=full); the table is kept in stress-results/table.md"
    # swift test runs what any of its filters matches: a --filter of the
    # caller's (one attack) replaces the one that picks every attack.
    case " $* " in
        *" --filter "* | *" --filter="*) QUIRE_STRESS=full headless_tests "$@" ;;
        *) QUIRE_STRESS=full headless_tests --filter "Attack" "$@" ;;
    esac
}

# The --prefix given to install/uninstall (default ~/.local), made absolute.
parse_prefix() {
    local prefix="$HOME/.local"
    while [ $# -gt 0 ]; do
        case "$1" in
            --prefix) [ $# -ge 2 ] || die "--prefix needs a folder"; prefix=$2; shift 2 ;;
            --prefix=*) prefix=${1#--prefix=}; shift ;;
            *) die "unknown option '$1' (expected --prefix DIR)" ;;
        esac
    done
    mkdir -p "$prefix"
    (cd "$prefix" && pwd)
}

# Configures the Meson build folder for a prefix (setting it up the first time).
configure_meson() {
    local prefix=$1
    if [ -f "$MESON_BUILD_DIR/build.ninja" ]; then
        meson configure "$MESON_BUILD_DIR" --prefix "$prefix" >/dev/null
    else
        meson setup "$MESON_BUILD_DIR" --prefix "$prefix" --buildtype=release >/dev/null
    fi
}

install_quire() {
    local prefix
    prefix=$(parse_prefix "$@")
    find_swift
    install_packages "${BUILD_PACKAGES[@]}" "${INSTALL_PACKAGES[@]}"
    configure_meson "$prefix"
    say "Building in release mode"
    meson compile -C "$MESON_BUILD_DIR"
    say "Installing into $prefix"
    meson install -C "$MESON_BUILD_DIR" --quiet
    case ":$PATH:" in
        *":$prefix/bin:"*) ;;
        *) say "Installed. Note: $prefix/bin is not on your PATH; the app grid finds Quire anyway." ;;
    esac
}

# Removes every file the build installs into the prefix (as Meson lists
# them), refreshes the desktop database Meson updated, and removes the
# folders that are left empty. Installs nothing: without Meson, this script
# cannot have installed Quire (and the package lock may be another's).
uninstall_quire() {
    local prefix
    prefix=$(parse_prefix "$@")
    command -v meson >/dev/null 2>&1 || die "Meson is not installed, so Quire was not installed with this script; nothing to remove"
    find_swift
    configure_meson "$prefix"
    say "Removing Quire from $prefix"
    meson introspect "$MESON_BUILD_DIR" --installed | python3 -c '
import json, os, sys
prefix = sys.argv[1]
folders = set()
for path in json.load(sys.stdin).values():
    if os.path.lexists(path):
        os.remove(path)
    folder = os.path.dirname(path)
    while folder.startswith(prefix + "/"):
        folders.add(folder)
        folder = os.path.dirname(folder)
applications = os.path.join(prefix, "share", "applications")
if os.path.isdir(applications):
    if any(name.endswith(".desktop") for name in os.listdir(applications)):
        os.system("update-desktop-database -q " + applications)
    elif os.path.exists(os.path.join(applications, "mimeinfo.cache")):
        os.remove(os.path.join(applications, "mimeinfo.cache"))
for folder in sorted(folders, key=len, reverse=True):
    if os.path.isdir(folder) and not os.listdir(folder):
        os.rmdir(folder)
' "$prefix"
}

# The Scenes documentation: the symbol graphs of Scenes and GtkKit, taken from
# the debug build, checked for doc comments, and converted with the catalog in
# Sources/Scenes/Scenes.docc; a link DocC cannot resolve fails the build.
build_docs() {
    build
    install_packages python3
    local graphs=.build/symbol-graphs bin target
    bin=$(swift build --show-bin-path)
    target=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
    rm -rf "$graphs" .build/docs
    mkdir -p "$graphs" .build/docs
    local flags=() flag
    for flag in $(pkg-config --cflags gtk4 libadwaita-1); do flags+=(-Xcc "$flag"); done
    for module in GtkKit Scenes; do
        swift symbolgraph-extract -module-name "$module" -target "$target" -I "$bin/Modules" -I "$bin" \
            -I Sources/CGtk -I Sources/CSQLite -I Sources/CRowText/include -I Sources/CX11Input/include "${flags[@]}" -minimum-access-level public -skip-inherited-docs \
            -output-dir "$graphs"
    done
    say "Checking that every public symbol of Scenes and GtkKit has a doc comment"
    python3 Tools/doc_coverage.py "$graphs" Scenes GtkKit
    say "Building the documentation into .build/docs/Scenes.doccarchive"
    "$(dirname "$(command -v swift)")/docc" convert Sources/Scenes/Scenes.docc --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name Scenes --fallback-bundle-identifier io.github.quire.Scenes \
        --output-path .build/docs/Scenes.doccarchive --warnings-as-errors
}

command=${1:-run}
[ $# -gt 0 ] && shift
case "$command" in
    run)
        build
        exec "$(swift build --show-bin-path)/quire" "$@"
        ;;
    build) build "$@" ;;
    test) run_tests "$@" ;;
    stress) run_stress "$@" ;;
    bench)
        find_swift
        # The peers the launch figures compare Quire with.
        install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}" gcc libx11-dev python3 curl gnome-text-editor gnote
        say "Building in release mode, as installed (Swift runtime linked in)"
        swift build -c release --static-swift-stdlib --product quire
        swift build -c release --static-swift-stdlib --product BenchTool
        swift build -c release --static-swift-stdlib --product SwiftBaseline
        say "Measuring (results in bench-results/)"
        xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24 -nolisten tcp -noreset" \
            dbus-run-session -- python3 Benchmarks/bench.py "$@"
        ;;
    api)
        build --build-tests
        say "Recording the public API of Scenes and GtkKit in api/"
        QUIRE_UPDATE_API_RECORD=1 swift test --skip-build --filter APIRecordTests
        ;;
    docs) build_docs ;;
    install) install_quire "$@" ;;
    uninstall) uninstall_quire "$@" ;;
    -h|--help|help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$command' (try: run, test, stress, build, bench, api, docs, install, uninstall)" ;;
esac
