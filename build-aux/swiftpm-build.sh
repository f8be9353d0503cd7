#!/usr/bin/env bash
# Meson's build step for the Swift code: builds the `quire` product with SwiftPM
# in release mode, with the Swift runtime and Foundation linked in statically
# (so the installed binary needs only Debian's GTK 4 and SQLite, not the
# toolchain), and writes it, stripped, to OUTPUT.
#
#   swiftpm-build.sh SOURCE_ROOT SCRATCH_DIR OUTPUT
set -euo pipefail
source_root=$1
scratch=$2
output=$3
swiftpm=(swift build --package-path "$source_root" --scratch-path "$scratch" -c release --static-swift-stdlib)
"${swiftpm[@]}" --product quire
strip --strip-debug -o "$output" "$("${swiftpm[@]}" --show-bin-path)/quire"
