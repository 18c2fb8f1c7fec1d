#!/usr/bin/env python3
"""Figures of a `sudoku rate --nested --json --time --cpu-time` run (scripts/nested.sh): per
set (the file name's stem before the first dot), the count, mean/median/max time per puzzle,
how many gave up, and, for puzzles with forum ratings in RATINGS (hardest_1106.ratings.tsv:
columns puzzle, ER, EP, ED, ...; empty ER = no rating; an empty EP or ED is not compared),
how many agree on ER, EP and ED, with every disagreement listed. Rows of the forum file shown
to be wrong for their puzzle (FORUM_KNOWN_WRONG) are reported as "forum row known wrong", not
as disagreements.

    nested_report.py RATINGS RUN.json...
"""

import collections
import json
import os
import statistics
import sys

# Rows of hardest_1106.ratings.tsv whose ER/EP/ED cannot be serate's for the puzzle string on
# that row, by puzzle. The evidence for each (serate's output with its command and CPU time,
# or the reading of serate's code) is in docs/design.md, "Forum rows, settled (issue 37)".
FORUM_KNOWN_WRONG = {
    # HardestSudokusThread-00191: a hidden single at the start forces EP = ED = 1.2
    # (serate --diamond: 1.2/1.2); the forum's 11.7/11.7/10.7 is serate's rating of the grid
    # after that single (serate's second step is the 10.7 one).
    "12.3.....3...4......5..23..5....61.........9...67....8.5...16.....9...4.....8...7":
        "hidden single at the start, EP/ED must be 1.2 (serate --diamond: 1.2/1.2); "
        "the row rates the grid after that single",
    # HardestSudokusThread-00251: no single and no step before the chains, so ED cannot be 1.2;
    # the forum's 10.4/1.2/1.2 is our (and the data's) rating of 00253 two rows down.
    "..34..7.......9..6....2..1...8..4..13.....8..57.8..........8.9.8...6...2..53..1..":
        "no single at the start, ED cannot be 1.2 (the row holds 00253's ratings)",
    # HardestSudokusThread-00253: a hidden single at the start forces EP = ED = 1.2
    # (serate --diamond: 1.2/1.2); its 10.4/1.2/1.2 sits on the 00251 row.
    ".....6......7...2...9.3.5....5.9.84.8..2....6.......7.39..4....5.....4....4..1..8":
        "hidden single at the start, EP/ED must be 1.2 (serate --diamond: 1.2/1.2)",
    # HardestSudokusThread-00257: serate prints 11.4/11.4/10.8, ours (fifth round).
    "..3...7..4...8...6.9.....1.......6..6....4..8..16..39..7...2...5..8....2....45...":
        "serate 1.2.1.3 rates it 11.4/11.4/10.8, as we do",
    # HardestSudokusThread-00069 SilverPlate: serate's first step is a 10.1 chain (complexity
    # 154) on the puzzle, on its 7 other rotations and reflections and under every JVM
    # identity-hash mode; the forum's ED 10.5 is not serate's.
    "1.......7.2.4...6...3...5...9..4........62.4....9..8....5.....3.6.2...8.7....1...":
        "serate 1.2.1.3's first step is rated 10.1, as ours (ED)",
    # HardestSudokusThread-00190 First_Peak: serate's first step is a level-2 chain of
    # complexity 266 (r3c9-9), 9.5 + 1.3 = 10.8, ours; the forum's ED 10.7 is not serate's.
    "12.3.....4...5......6..17..5..2......3..1..4...1..68....9....7....1..9.......9.68":
        "serate 1.2.1.3's first step is rated 10.8, as ours (ED)",
    # HardestSudokusThread-01167: serate's first 8 steps are ours and its 6th is rated 11.3
    # (level 3, complexity 298), so its ER and EP are at least 11.3; the forum has 11.2.
    "1..4...8..5...9..6....3.1...9...5..7..8.2.4.........2.7.5..3....3.69............3":
        "serate 1.2.1.3's 6th step is rated 11.3 (its first 8 steps are ours), ER >= 11.3",
    # HardestSudokusThread-00641: serate's first 16 steps are ours (the 15th rated 11.2) and its
    # next step at that grid is rated 11.3 (level 3, complexity 305), so ER >= 11.3, not 11.1.
    "...4...8...7..9....8..3.1..2.....9..7....53...3..6..1..6..9...15....46....2....9.":
        "serate 1.2.1.3's first 17 steps are ours, the 17th rated 11.3, ER >= 11.3",
}


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
        compared = agree = known = 0
        diffs = collections.Counter()
        for r in records:
            if r["input"] not in forum:
                continue
            want = forum[r["input"]]
            if r["status"] != "rated":
                print(f"   not comparable ({r['status']}): {r['input']} forum {want[0]}/{want[1]}/{want[2]} {want[3]}")
                continue
            if r["input"] in FORUM_KNOWN_WRONG:
                known += 1
                print(f"   forum row known wrong: {r['input']} forum {'/'.join(want[:3])} {want[3]}: {FORUM_KNOWN_WRONG[r['input']]}")
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
        if compared or known:
            print(
                f"   forum ER/EP/ED: {agree} of {compared} agree; differences by field: {dict(diffs)}; "
                f"{known} forum rows known wrong (not compared)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
