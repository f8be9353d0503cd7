#!/usr/bin/env python3
"""Fails, naming them, if a public symbol of the given modules has no doc comment.

Reads the symbol graphs `swift symbolgraph-extract` wrote (one JSON file per
module, plus one per extended module) in the folder given first; the module
names follow. A symbol counts as documented if it has a doc comment of its own,
or if it implements a protocol requirement or overrides a member that has one
(DocC shows that one there).
"""
import json
import os
import sys

# Requirements of CustomStringConvertible, Equatable, Hashable, Codable and RawRepresentable.
STANDARD_REQUIREMENTS = {"description", "==(_:_:)", "hash(into:)", "init(from:)", "encode(to:)", "rawValue", "init(rawValue:)"}

folder, modules = sys.argv[1], set(sys.argv[2:])
undocumented = []
for name in sorted(os.listdir(folder)):
    if not name.endswith(".symbols.json") or name.split(".")[0].split("@")[0] not in modules:
        continue
    graph = json.load(open(os.path.join(folder, name)))
    inherits = {r["source"] for r in graph.get("relationships", [])
                if r["kind"] in ("defaultImplementationOf", "overrides", "requirementOf")}
    for symbol in graph.get("symbols", []):
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if symbol.get("docComment") or symbol["identifier"]["precise"] in inherits:
            continue
        # Synthesised members, and those implementing a standard library protocol's
        # requirement, whose documentation DocC shows there.
        if symbol.get("location") is None or symbol["pathComponents"][-1] in STANDARD_REQUIREMENTS:
            continue
        where = symbol["location"]
        path = where["uri"].split("/Sources/", 1)[-1]
        undocumented.append(f"Sources/{path}:{where['position']['line'] + 1}: {'.'.join(symbol['pathComponents'])}")

if undocumented:
    print(f"{len(undocumented)} public symbols without a doc comment:")
    print("\n".join(undocumented))
    sys.exit(1)
print(f"every public symbol of {', '.join(sorted(modules))} has a doc comment")
