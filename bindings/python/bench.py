"""Benchmarks of the sudokit Python package, printed as tables (figures in docs/design.md,
"Python package").

    pip install target/wheels/sudokit-*.whl pencilmark "dask[distributed]" pandas pyarrow
    cargo build --release -p sudoku-cli
    python bindings/python/bench.py                 # all three parts
    python bindings/python/bench.py --only solve    # solve, pencilmark or dask

1. ``solve``: ``solve_many`` over kaggle_10k x 100 (999,900 puzzles) as a list of strings and
   as a (N, 81) uint8 array, on 1 and 2 threads, against ``sudoku solve --threads N`` on the
   same file (output to /dev/null), best of ``--runs``.
2. ``pencilmark``: time per puzzle of ``pencilmark.solve`` / ``pencilmark.rate`` (PyPI) and of
   ``sudokit.solve`` / ``sudokit.rate`` on the same puzzles: the first 100 of kaggle_10k and
   the first 10 of top95.
3. ``dask``: examples/dask_rate.py over 100,000 puzzles (solve and canon), one process on 2
   threads against a LocalCluster of 2 worker processes, and a rating run over 2,000.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import sudokit

REPO = Path(__file__).resolve().parents[2]


def best_of(runs: int, work) -> float:
    """The fastest of `runs` timings of `work()`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def row(name: str, seconds: float, count: int) -> None:
    print(f"| {name:<44} | {count / seconds:>12,.0f} | {seconds / count * 1e6:>9.2f} |")


def bench_solve(data: Path, cli: Path | None, runs: int, repeat: int) -> None:
    lines = (data / "kaggle_10k.txt").read_text().split()
    expected = (data / "kaggle_10k.solutions.txt").read_text().split()
    puzzles = lines * repeat
    array = np.array(
        [[0 if ch == "." else int(ch) for ch in p] for p in lines], dtype=np.uint8
    )
    array = np.tile(array, (repeat, 1))
    n = len(puzzles)
    solutions, status = sudokit.solve_many(array[: len(lines)])
    assert ["".join(map(str, r)) for r in solutions] == expected, "wrong solutions"
    assert (status == 0).all()
    print(f"\nsolve: kaggle_10k x {repeat} = {n:,} puzzles, best of {runs}")
    print(f"| {'what':<44} | {'puzzles/s':>12} | {'us/puzzle':>9} |")
    print(f"|{'-' * 46}|{'-' * 14}|{'-' * 11}|")
    for threads in (1, 2):
        row(f"solve_many(list of str, threads={threads})",
            best_of(runs, lambda: sudokit.solve_many(puzzles, threads=threads)), n)
        row(f"solve_many(uint8 array, threads={threads})",
            best_of(runs, lambda: sudokit.solve_many(array, threads=threads)), n)
    if cli is None:
        print("(no sudoku binary: cargo build --release -p sudoku-cli)")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
        path = f.name
    try:
        for threads in (1, 2):
            def run():
                subprocess.run(
                    [str(cli), "solve", "--threads", str(threads), "--no-progress", path],
                    stdout=subprocess.DEVNULL, check=True,
                )
            row(f"sudoku solve --threads {threads} (file -> /dev/null)", best_of(runs, run), n)
    finally:
        os.unlink(path)


def per_puzzle(work, puzzles) -> list:
    """Seconds per call of `work(p)` for each puzzle."""
    out = []
    for p in puzzles:
        start = time.perf_counter()
        work(p)
        out.append(time.perf_counter() - start)
    return out


def bench_pencilmark(data: Path, kaggle: int, top95: int) -> None:
    import pencilmark

    sets = {
        f"kaggle_10k[:{kaggle}]": (data / "kaggle_10k.txt").read_text().split()[:kaggle],
        f"top95[:{top95}]": (data / "top95.txt").read_text().split()[:top95],
    }
    print("\nper puzzle (mean, median), one thread, pencilmark", pencilmark.__version__
          if hasattr(pencilmark, "__version__") else "")
    print(f"| {'set':<16} | {'function':<18} | {'mean':>10} | {'median':>10} |")
    print(f"|{'-' * 18}|{'-' * 20}|{'-' * 12}|{'-' * 12}|")

    def fmt(seconds: float) -> str:
        return f"{seconds * 1e3:.3f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.2f} us"

    for name, puzzles in sets.items():
        for label, work in (
            ("sudokit.solve", sudokit.solve),
            ("pencilmark.solve", pencilmark.solve),
            ("sudokit.rate", sudokit.rate),
            ("pencilmark.rate", pencilmark.rate),
        ):
            work(puzzles[0])  # warm up: imports, tables, caches
            times = per_puzzle(work, puzzles)
            print(f"| {name:<16} | {label:<18} | {fmt(statistics.mean(times)):>10} "
                  f"| {fmt(statistics.median(times)):>10} |", flush=True)


def bench_dask(data: Path, workers: int) -> None:
    script = REPO / "examples" / "dask_rate.py"
    lines = []
    for name in ("kaggle_10k.txt", "17_clue.txt", "sudoku_exchange_diabolical.txt",
                 "top1465.txt"):
        lines += (data / name).read_text().split()
    lines = lines[:100_000]
    rate_lines = (data / "kaggle_10k.txt").read_text().split()[:2_000]
    print(f"\ndask: examples/dask_rate.py, LocalCluster of {workers} worker processes")
    print(f"| {'run':<52} | {'seconds':>8} | {'puzzles/s':>10} |")
    print(f"|{'-' * 54}|{'-' * 10}|{'-' * 12}|")
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "100k.txt"
        big.write_text("\n".join(lines) + "\n")
        small = Path(tmp) / "2k.txt"
        small.write_text("\n".join(rate_lines) + "\n")
        for source, ops, n in ((big, "solve,canon", len(lines)), (small, "rate", 2_000)):
            for label, extra in (
                ("one process, 2 threads", ["--no-dask", "--threads", "2"]),
                (f"{workers} workers (startup included)", ["--workers", str(workers),
                                                           "--blocksize", str(1 << 19)]),
            ):
                out = Path(tmp) / f"out-{ops}-{label[:3]}"
                start = time.perf_counter()
                subprocess.run([sys.executable, str(script), str(source), str(out),
                                "--ops", ops, *extra], check=True,
                               stderr=subprocess.DEVNULL)
                seconds = time.perf_counter() - start
                print(f"| {ops + ', ' + label:<52} | {seconds:>8.2f} | {n / seconds:>10,.0f} |",
                      flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--cli", type=Path, default=REPO / "target" / "release" / "sudoku")
    parser.add_argument("--only", choices=["solve", "pencilmark", "dask"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--kaggle", type=int, default=100)
    parser.add_argument("--top95", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    cli = args.cli if args.cli.exists() else None
    print(f"sudokit {sudokit.__file__}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}")
    if args.only in (None, "solve"):
        bench_solve(args.data, cli, args.runs, args.repeat)
    if args.only in (None, "pencilmark"):
        bench_pencilmark(args.data, args.kaggle, args.top95)
    if args.only in (None, "dask"):
        bench_dask(args.data, args.workers)


if __name__ == "__main__":
    main()
