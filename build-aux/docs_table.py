"""Keeps a measured table in a document of docs/ up to date: the rows between
the document's `<!-- table -->` and `<!-- end of table -->` lines, keyed by
their first cell. A run replaces the rows it measured, adds new ones at the
end, keeps the others, and marks each row it wrote with its run (commit and
date), so the table always holds the latest figure of every row."""
import re


def _cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def merge(path, header, rows, run, right_aligned=()):
    """Merges `rows` (lists of cells under `header`, the first cell the key)
    into the table of the document at `path`, each marked with `run`."""
    with open(path, encoding="utf-8") as document:
        text = document.read()
    match = re.search(r"(<!-- table -->\n)(.*?)(<!-- end of table -->)", text, re.S)
    if match is None:
        raise SystemExit("%s has no <!-- table --> … <!-- end of table --> section" % path)
    header = list(header) + ["run"]
    kept = {}
    lines = [line for line in match.group(2).splitlines() if line.startswith("|")]
    for line in lines[2:]:  # past the header and its rule
        cells = _cells(line)
        if len(cells) == len(header):
            kept[cells[0]] = cells
    for cells in rows:
        kept[cells[0]] = list(cells) + [run]
    table = [header] + list(kept.values())
    widths = [max(len(cells[index]) for cells in table) for index in range(len(header))]
    def line(cells):
        return "| " + " | ".join(cell.rjust(width) if index in right_aligned else cell.ljust(width)
                                 for index, (cell, width) in enumerate(zip(cells, widths))) + " |"
    rule = "|" + "|".join("-" * (width + 1) + ":" if index in right_aligned else "-" * (width + 2)
                          for index, width in enumerate(widths)) + "|"
    body = "\n".join([line(header), rule] + [line(cells) for cells in table[1:]]) + "\n"
    with open(path, "w", encoding="utf-8") as document:
        document.write(text[:match.start(2)] + body + text[match.end(2):])
