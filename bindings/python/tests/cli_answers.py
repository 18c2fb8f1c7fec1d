"""The CLI's answers on a few committed puzzles, for the parity test: computed by running the
`sudoku` binary when one is built (target/debug or target/release, or $SUDOKU_CLI), and
otherwise read from cli_expected.json, which `python cli_answers.py` rewrites from the
binary."""

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
EXPECTED = HERE / "cli_expected.json"

#: Easy, medium, hard, SE 9.x (dynamic chains), stuck without nested chains, a full grid.
PUZZLES = [
    ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4",
    "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
]
#: The puzzles whose whole paths are compared (the long SE 9.x paths are left out to keep
#: cli_expected.json small).
EXPLAINED = [0, 1, 2, 3, 5]
#: `sudoku generate` runs: (arguments, the Python keyword arguments that mean the same).
GENERATE = [
    (["--count", "3", "--seed", "7"], {"n": 3, "seed": 7}),
    (
        ["--count", "2", "--seed", "11", "--symmetry", "rot180", "--minimal"],
        {"n": 2, "seed": 11, "symmetry": "rot180", "minimal": True},
    ),
    (
        ["--count", "2", "--seed", "3", "--level", "hard"],
        {"n": 2, "seed": 3, "level": "hard"},
    ),
    (["--count", "2", "--seed", "5", "--clues", "30"], {"n": 2, "seed": 5, "clues": 30}),
    (
        ["--count", "2", "--seed", "4", "--rating", "2.0..3.0"],
        {"n": 2, "seed": 4, "rating": "2.0..3.0"},
    ),
]


def cli_path():
    """The `sudoku` binary to ask, or None."""
    named = os.environ.get("SUDOKU_CLI")
    if named:
        return Path(named)
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "sudoku"
        if path.exists():
            return path
    return None


def run(cli, args, stdin):
    done = subprocess.run(
        [str(cli), *args], input=stdin, capture_output=True, text=True, check=False
    )
    return done.stdout


def json_lines(cli, args, stdin):
    return [json.loads(line) for line in run(cli, args, stdin).splitlines() if line]


def drop_location(record):
    return {k: v for k, v in record.items() if k not in ("file", "line", "input", "time_us")}


def compute(cli):
    """Every answer the parity test compares, from the binary."""
    text = "\n".join(PUZZLES) + "\n"
    solve = [r["solution"] for r in json_lines(cli, ["solve", "--json"], text)]
    canon = [r["canonical"] for r in json_lines(cli, ["canon", "--json"], text)]
    rate = [drop_location(r) for r in json_lines(cli, ["rate", "--json"], text)]
    hint = [r.get("step") for r in json_lines(cli, ["hint", "--json"], text)]
    few = "\n".join(PUZZLES[i] for i in EXPLAINED) + "\n"
    explain = [r.get("steps") for r in json_lines(cli, ["explain", "--json"], few)]
    # With a target each line also carries the rating: the puzzle is the first field.
    generate = [
        [line.split()[0] for line in run(cli, ["generate", *args], "").splitlines() if line]
        for args, _ in GENERATE
    ]
    return {
        "solve": solve,
        "canon": canon,
        "rate": rate,
        "hint": hint,
        "explain": explain,
        "generate": generate,
    }


def answers():
    """The CLI's answers: live from the binary when there is one, else the committed ones."""
    cli = cli_path()
    if cli is not None:
        return compute(cli), str(cli)
    return json.loads(EXPECTED.read_text()), str(EXPECTED)


if __name__ == "__main__":
    cli = cli_path()
    if cli is None:
        sys.exit("no sudoku binary: cargo build -p sudoku-cli first")
    found = compute(cli)
    EXPECTED.write_text(
        "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in found.items()) + "\n}\n"
    )
    print(f"wrote {EXPECTED} from {cli}")
