#!/usr/bin/env python3
"""Writes a kaggle-like input for `sudoku rate` at scale (issue 37): the puzzles of
kaggle_10k, each drawn again and again under a random validity-preserving symmetry (digit
relabelling, rows within bands, bands, columns within stacks, stacks, transposition), mixed
with generated puzzles read from a file, in a seeded random order.

    million.py KAGGLE GENERATED TOTAL SEED > out.txt

Every line of GENERATED is used once; the rest of TOTAL comes from KAGGLE. The same arguments
give the same file (Python's `random.Random` with a fixed seed is stable across versions for
the calls used here: `random`, `shuffle`, `randrange`)."""

import random
import sys


def transform(puzzle: str, rng: random.Random) -> str:
    digits = list("123456789")
    rng.shuffle(digits)
    relabel = {str(i + 1): d for i, d in enumerate(digits)}
    relabel["."] = "."

    def lines() -> list[int]:
        bands = [0, 1, 2]
        rng.shuffle(bands)
        order = []
        for band in bands:
            inner = [0, 1, 2]
            rng.shuffle(inner)
            order.extend(3 * band + r for r in inner)
        return order

    rows, cols = lines(), lines()
    flip = rng.random() < 0.5
    out = []
    for r in range(9):
        for c in range(9):
            src_r, src_c = rows[r], cols[c]
            if flip:
                src_r, src_c = src_c, src_r
            out.append(relabel[puzzle[9 * src_r + src_c]])
    return "".join(out)


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    kaggle_path, generated_path, total, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(kaggle_path) as f:
        kaggle = [line.strip() for line in f if line.strip()]
    with open(generated_path) as f:
        generated = [line.strip() for line in f if line.strip()]
    if len(generated) > total or not kaggle:
        print("million.py: more generated puzzles than TOTAL, or no kaggle puzzles", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    # Which slots hold a generated puzzle: a seeded choice, so the kinds are mixed evenly.
    slots = [True] * len(generated) + [False] * (total - len(generated))
    rng.shuffle(slots)
    out = sys.stdout
    g = 0
    for is_generated in slots:
        if is_generated:
            out.write(generated[g] + "\n")
            g += 1
        else:
            out.write(transform(kaggle[rng.randrange(len(kaggle))], rng) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
