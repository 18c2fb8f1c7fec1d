"""Makes the pencilmark sets of `sudoku-bench variant`: puzzles from pencilmark's own generator
(pencilmark.gen.api.generate), converted to our JSON document, one per line:

    {"puzzle": {"size": 9, "boxes": "3x3", "givens": "...", "rules": [...]}, "solution": "..."}

into DIR/pencilmark-<rule set>.jsonl (appending). The benchmark checks that our engine finds the
same unique solution for every line. pencilmark's generator grades as it digs, which takes it about
a CPU-minute per 9x9 puzzle here with no target (it digs while its human-logic checker, up to
the hardest band, can still solve), and did not finish one killer in 40 minutes with its default
grading; --target-band 0 ("Very Easy": only its easiest techniques while digging, no "too easy"
rejection) and a short --grade-seconds make it quick. This script goes round the rule sets one seed
at a time until it is stopped or reaches --count per set.

Usage: python pencilmark_sets.py DIR [--count N] [--first-seed S] [--time-limit SECS]
                                 [--target-band B] [--grade-seconds S] [set ...]
"""
from __future__ import annotations

import argparse
import json
import sys
import time

# rule set -> pencilmark generator spec (size, elements)
SPECS = {
    "classic-4x4": {"size": 4},
    "classic-6x6": {"size": 6},
    "killer": {"size": 9, "elements": {"cage": "partition"}},
    "thermo": {"size": 9, "elements": {"thermo": 4}},
    "arrow": {"size": 9, "elements": {"arrow": 4}},
    "kropki": {"size": 9, "elements": {"kropki": "full"}},
    "xv": {"size": 9, "elements": {"xv": 6}},
    "even-odd": {"size": 9, "elements": {"parity": 8}},
    "classic-16x16": {"size": 16},
}


def rc_pos(text):
    r, c = text[1:].lower().split("c")
    return int(r) - 1, int(c) - 1


def convert(pm):
    """pencilmark's puzzle JSON (as its generator writes it) -> our document; raises on anything else"""
    n = pm["digits"]
    doc = {"size": n, "boxes": pm["box"], "givens": pm["numbers"], "rules": []}
    kropki = {"white": [], "black": [], "negative": False}
    xv = {"x": [], "v": [], "negative": False}
    even, odd = [], []
    free = {}
    for region in pm.get("regions", []):
        if region.get("kind") != "cage":
            raise ValueError(f"region kind {region.get('kind')}")
        doc["rules"].append({"type": "killer", "cells": region["cells"], "sum": region["sum"]})
    for rule in pm.get("rules", []):
        t = rule["type"]
        if t == "line" and rule["kind"] == "thermo":
            doc["rules"].append({"type": "thermo", "cells": rule["cells"]})
        elif t == "arrow":
            doc["rules"].append({"type": "arrow", "circle": rule["circle"], "cells": rule["line"]})
        elif t == "kropki":
            kropki[rule["color"]].append(rule["cells"])
        elif t == "xv":
            xv[rule["letter"].lower()].append(rule["cells"])
        elif t == "parity":
            (odd if rule["parity"] == "odd" else even).extend(rule["cells"])
        elif t == "pairs":
            free[(rule["rel"], tuple(rule["params"]))] = {frozenset(map(tuple, (rc_pos(a), rc_pos(b)))) for a, b in rule["cells"]}
        else:
            raise ValueError(f"rule {t}")
    if free:
        # the full-kropki negative rule: must be "neither" on every unmarked orthogonal pair
        marked = {frozenset(map(rc_pos, m)) for m in kropki["white"] + kropki["black"]}
        unmarked = {frozenset(((r, c), (r + dr, c + dc))) for r in range(n) for c in range(n)
                    for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n} - marked
        want = {("notdiff", (1,)): unmarked, ("notratio", (2,)): unmarked}
        if free != want:
            raise ValueError("a negative rule other than full kropki's")
        kropki["negative"] = True
    if kropki["white"] or kropki["black"]:
        doc["rules"].append({"type": "kropki", **kropki})
    if xv["x"] or xv["v"]:
        doc["rules"].append({"type": "xv", **xv})
    if even or odd:
        doc["rules"].append({"type": "even-odd", "even": even, "odd": odd})
    if not doc["rules"]:
        del doc["rules"]
    return {"puzzle": doc, "solution": pm["solution"]}


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("sets", nargs="*", default=list(SPECS))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--target-band", type=int, default=None)
    ap.add_argument("--grade-seconds", type=float, default=10.0)
    a = ap.parse_args(argv[1:])
    from pencilmark.gen.api import generate, GenerationFailed
    made = {s: 0 for s in a.sets}
    seed = a.first_seed
    while any(made[s] < a.count for s in a.sets):
        for name in a.sets:
            if made[name] >= a.count:
                continue
            start = time.process_time()
            try:
                spec = dict(SPECS[name], seed=seed, time_limit=a.time_limit, grade_seconds=a.grade_seconds)
                if a.target_band is not None:
                    spec["target_band"] = a.target_band
                out = generate(spec)
                line = convert(out["puzzle"])
            except (GenerationFailed, ValueError) as e:
                print(f"{name} seed {seed}: {e}", file=sys.stderr, flush=True)
                continue
            with open(f"{a.dir}/pencilmark-{name}.jsonl", "a") as f:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
            made[name] += 1
            print(f"{name} seed {seed}: {time.process_time() - start:.1f} s CPU", file=sys.stderr, flush=True)
        seed += 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
