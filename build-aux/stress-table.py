#!/usr/bin/env python3
"""Prints the stress suite's table from the rows its attacks wrote
(stress-results/rows.jsonl) and writes it as Markdown to stress-results/table.md,
headed with the machine, the commit and the date; a full run's rows also go
into docs/reliability.md's table."""
import datetime, json, os, platform, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import docs_table  # noqa: E402

folder = sys.argv[1] if len(sys.argv) > 1 else "stress-results"
path = os.path.join(folder, "rows.jsonl")
if not os.path.exists(path):
    print("stress-table: no results in %s (did the stress tests run?)" % path, file=sys.stderr)
    sys.exit(0)
rows = [json.loads(line) for line in open(path) if line.strip()]
order = ["SIGKILL", "display lost", "power cut", "quick quits", "damaged", "full disk", "another process", "read-only", "hostile", "two processes", "soak"]
rows.sort(key=lambda row: next((i for i, key in enumerate(order) if row["attack"].startswith(key)), len(order)))

header = ["attack", "trials", "passed", "failed", "words lost", "windows lost"]
table = [[r["attack"], str(r["trials"]), str(r["passed"]), str(r["failed"]), str(r["wordsLost"]), str(r["windowsLost"])] for r in rows]
widths = [max(len(cells[i]) for cells in [header] + table) for i in range(len(header))]
line = lambda cells: "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))) + " |"
rule = "|" + "|".join("-" * (w + 2) if i == 0 else "-" * (w + 1) + ":" for i, w in enumerate(widths)) + "|"
text = "\n".join([line(header), rule] + [line(cells) for cells in table])

commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip() or "unknown"
cpus = os.cpu_count()
memory = ""
try:
    memory = ", %d GiB" % round(int(open("/proc/meminfo").readline().split()[1]) / 1024 / 1024)
except OSError:
    pass
run = "full run" if os.environ.get("QUIRE_STRESS") == "full" else "short run (the test command's)"
about = "%s; %s, %d cores%s; commit %s; %s" % (
    run, platform.platform(terse=True), cpus, memory, commit, datetime.date.today().isoformat())
print("\nStress suite, " + about)
print(text)
failed = [r for r in rows if r["failed"]]
for row in failed:
    print("\n%s (seed %s, rerun with QUIRE_STRESS_SEED=%s):" % (row["attack"], row["seed"], row["seed"]))
    for failure in row["failures"][:10]:
        print("  " + failure[:500])
with open(os.path.join(folder, "table.md"), "w") as out:
    out.write("Stress suite, %s\n\n%s\n" % (about, text))
if os.environ.get("QUIRE_STRESS") == "full":
    document = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "reliability.md")
    docs_table.merge(document, header, table, "%s, %s" % (commit, datetime.date.today().isoformat()), right_aligned=range(1, 6))
