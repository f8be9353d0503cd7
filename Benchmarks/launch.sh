#!/usr/bin/env bash
# Launch benchmark: time from process start to the first painted frame, for a
# bare C GTK 4 baseline built in this run and for Quire (release build) with
# 10 and with 100,000 notes. Each is launched several times under Xvfb; the
# medians are printed with their ratio to the baseline. Run it through
# ./meson-wrapper.sh bench. Machines are shared and noisy: compare only the
# numbers of one run.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${BENCH_RUNS:-11}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bin=$(swift build -c release --show-bin-path)
gcc -O2 -o "$work/baseline" Benchmarks/baseline.c $(pkg-config --cflags --libs gtk4)

# first-frame milliseconds of one launch of "$@", from its output.
first_frame() {
    local output="$work/run.txt"
    timeout 30 "$@" > "$output" 2>&1 &
    local pid=$!
    for _ in $(seq 1 300); do
        grep -q 'first-frame' "$output" && break
        sleep 0.05
    done
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    # Quire's trace: "scenes: <ms> first-frame session=…"; the baseline: "first-frame <ms>".
    awk '$1 == "scenes:" && $3 == "first-frame" { print $2; exit } $1 == "first-frame" { print $2; exit }' "$output"
}

median() { sort -n | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'; }

seed() {  # count → a data folder with that many notes
    local folder="$work/data-$1"
    XDG_DATA_HOME="$folder" "$bin/NoteSeeder" "$1" > /dev/null
    echo "$folder"
}

# A release build knows no source tree: point it at the resources.
export GTK_A11Y=none SCENES_TRACE=1 QUIRE_RESOURCE_DIR="$PWD/Resources"
data10=$(seed 10)
data100k=$(seed 100000)
# Quire on a data folder, with a fresh state folder every launch: a cold start with one new window.
quire_on() { echo env XDG_DATA_HOME="$1" XDG_STATE_HOME="$work/state-$RANDOM$RANDOM" "$bin/quire"; }
# Rounds interleave the three programs, so a slow moment of this shared machine
# falls on all of them alike instead of on one.
: > "$work/baseline.txt"; : > "$work/q10.txt"; : > "$work/q100k.txt"
for _ in $(seq 1 "$runs"); do
    first_frame "$work/baseline" >> "$work/baseline.txt"
    first_frame $(quire_on "$data10") >> "$work/q10.txt"
    first_frame $(quire_on "$data100k") >> "$work/q100k.txt"
done
baseline=$(median < "$work/baseline.txt")
results=("baseline (C, GTK 4)|$baseline"
         "quire, 10 notes|$(median < "$work/q10.txt")"
         "quire, 100000 notes|$(median < "$work/q100k.txt")")

printf '\nLaunch to first frame, median of %s launches (ms):\n' "$runs"
for row in "${results[@]}"; do
    name=${row%%|*}; value=${row##*|}
    awk -v name="$name" -v value="$value" -v base="$baseline" \
        'BEGIN { printf "  %-24s %8.1f   x%.2f of baseline\n", name, value, value / base }'
done
