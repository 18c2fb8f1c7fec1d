#!/usr/bin/env python3
"""Figures of a `sudoku rate --nested --json --time --cpu-time` run (scripts/nested.sh): per
set (the file name's stem before the first dot), the count, mean/median/max time per puzzle,
how many gave up, and, for puzzles with forum ratings in RATINGS (hardest_1106.ratings.tsv:
columns puzzle, ER, EP, ED, ...; empty ER = no rating; an empty EP or ED is not compared),
how many agree on ER, EP and ED, with every disagreement listed.

    nested_report.py RATINGS RUN.json...
"""

import collections
import json
import os
import statistics
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    forum = {}
    with open(sys.argv[1]) as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {name: i for i, name in enumerate(header)}
        for line in f:
            row = line.rstrip("\n").split("\t")
            if row[col["ER"]]:
                forum[row[0]] = (row[col["ER"]], row[col["EP"]], row[col["ED"]], row[col["label"]])
    sets = collections.defaultdict(list)
    for path in sys.argv[2:]:
        name = os.path.basename(path).split(".")[0]
        with open(path) as f:
            sets[name].extend(json.loads(line) for line in f if line.strip())
    for name, records in sorted(sets.items()):
        times = [r["time_us"] / 1e6 for r in records if "time_us" in r]
        status = collections.Counter(r["status"] for r in records)
        print(f"== {name}: {len(records)} puzzles, status {dict(status)}")
        if times:
            rated = [r["time_us"] / 1e6 for r in records if r["status"] in ("rated", "stuck")]
            print(
                f"   time per puzzle (s): mean {statistics.mean(times):.2f}, "
                f"median {statistics.median(times):.2f}, max {max(times):.2f}; "
                f"rated ones: mean {statistics.mean(rated) if rated else 0:.2f}"
            )
        compared = agree = 0
        diffs = collections.Counter()
        for r in records:
            if r["input"] not in forum:
                continue
            want = forum[r["input"]]
            if r["status"] != "rated":
                print(f"   not comparable ({r['status']}): {r['input']} forum {want[0]}/{want[1]}/{want[2]} {want[3]}")
                continue
            compared += 1
            # The forum writes 11 for 11.0: compare as numbers. A field the forum left empty
            # (one row gives ER alone) is not compared: ours is shown in its place.
            want = tuple(f"{float(w):.1f}" if w else "" for w in want[:3]) + (want[3],)
            got = tuple(
                f"{r[k]:.1f}" if w else "" for k, w in zip(("er", "ep", "ed"), want[:3])
            )
            if got == want[:3]:
                agree += 1
            else:
                which = "".join(k for k, g, w in zip("RPD", got, want) if g != w)
                diffs[which] += 1
                print(f"   differs ({which}): {r['input']} ours {'/'.join(got)} forum {'/'.join(want[:3])} {want[3]} hardest {r.get('hardest')}")
        if compared:
            print(f"   forum ER/EP/ED: {agree} of {compared} agree; differences by field: {dict(diffs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
