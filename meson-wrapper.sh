#!/usr/bin/env bash
# Quire's one front door: installs what is missing, builds, launches, tests.
#
#   ./meson-wrapper.sh run [quire options]   set up, build and launch Quire
#   ./meson-wrapper.sh test                  set up, build and run the whole test suite headless
#   ./meson-wrapper.sh build                 set up and build only
#   ./meson-wrapper.sh bench                 launch benchmark against a bare C GTK 4 baseline
#
# Debian packages that are missing are installed with apt-get (as root, or
# through sudo). Everything else comes with the Swift toolchain.
set -euo pipefail

cd "$(dirname "$(readlink -f "$0")")"

# Packages to build and run Quire, and the extra ones its tests drive it with.
BUILD_PACKAGES=(pkgconf libgtk-4-dev libsqlite3-dev)
TEST_PACKAGES=(xvfb xauth xdotool dbus-daemon libglib2.0-bin imagemagick openbox wmctrl)

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

run_tests() {
    find_swift
    install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    say "Building with tests"
    build_without_warnings
    say "Running the test suite under Xvfb and a private session bus"
    mkdir -p test-artifacts
    # fatal-criticals: any GTK or GLib critical ends the program and fails its test.
    # No accessibility bus: its launcher can outlive the test's session bus.
    env G_DEBUG=fatal-criticals GTK_A11Y=none QUIRE_TEST_ARTIFACTS="$PWD/test-artifacts" \
        xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24 -nolisten tcp -noreset" \
        dbus-run-session -- swift test --skip-build "$@"
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
    bench)
        find_swift
        install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}" gcc
        say "Building in release mode"
        swift build -c release
        say "Measuring launches"
        xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24 -nolisten tcp -noreset" \
            dbus-run-session -- Benchmarks/launch.sh
        ;;
    -h|--help|help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$command' (try: run, test, build, bench)" ;;
esac
