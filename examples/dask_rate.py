"""Solve, canonicalise and rate a large puzzle collection on a Dask cluster, into Parquet.

    python examples/dask_rate.py puzzles.txt out/ --workers 2             # a LocalCluster
    python examples/dask_rate.py puzzles.txt out/ --scheduler tcp://host:8786
    python examples/dask_rate.py puzzles.parquet out/ --column puzzle --ops solve,canon
    python examples/dask_rate.py puzzles.txt out/ --no-dask               # one process

The input is a text file with one puzzle per line (any one-line form sudokit reads; blank lines
are skipped) or a Parquet file or directory with a column of puzzle strings. It is cut into
partitions (byte blocks of the text file, the Parquet file's row groups or files); each Dask
task reads its own partition, runs ``sudokit.solve_many`` / ``canon_many`` / ``rate_many`` on
it (the engine's threads, the GIL released) and writes ``OUT/part.NNNNNN.parquet``. Reading
OUT (``pandas.read_parquet(OUT)``) gives one row per puzzle in input order, with the column
``index`` (0-based position among the input's puzzles) to prove it.

Columns: ``index``, ``puzzle``; with ``solve``: ``solution`` (None without one) and
``solve_status`` (unique, multiple, none, invalid, error); with ``canon``: ``canonical``;
with ``rate``: ``rating_status``, ``er``, ``ep``, ``ed`` (NaN without), ``score`` (-1
without), ``level``, ``hardest``.

On a real cluster every worker needs ``pip install sudokit`` (the wheel), pandas and pyarrow,
and must reach INPUT and OUT by the same path: a shared file system, or any URL fsspec reads
(``s3://...`` with s3fs installed).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np
import pandas as pd

import sudokit

OPS = ("solve", "canon", "rate")


# ---------------------------------------------------------------------------------------------
# The work on one partition: plain functions of the puzzles, the same in every mode.


def solutions_as_text(solutions: np.ndarray, status: np.ndarray) -> list:
    """(N, 81) digits as 81-character strings, None where there is no solution."""
    digits = np.ascontiguousarray(solutions + ord("0"), dtype=np.uint8)
    lines = digits.view("S81").ravel()
    found = np.isin(status, [0, 1])  # unique, multiple
    return [line.decode() if ok else None for line, ok in zip(lines, found)]


def process(puzzles: list, first_index: int, ops: tuple, options: dict) -> pd.DataFrame:
    """The output rows of one partition: `puzzles` are the input's puzzles from position
    `first_index` on."""
    threads = options.get("threads")
    frame = {
        "index": np.arange(first_index, first_index + len(puzzles), dtype=np.int64),
        "puzzle": puzzles,
    }
    if "solve" in ops:
        solutions, status = sudokit.solve_many(puzzles, threads=threads)
        frame["solution"] = solutions_as_text(solutions, status)
        frame["solve_status"] = [sudokit.STATUS_NAMES[code] for code in status]
    if "canon" in ops:
        frame["canonical"] = sudokit.canon_many(puzzles, threads=threads)
    if "rate" in ops:
        ratings = sudokit.rate_many(
            puzzles,
            nested=options.get("nested", False),
            time_limit=options.get("time_limit"),
            threads=threads,
        )
        nan = float("nan")
        frame["rating_status"] = [r.status for r in ratings]
        frame["er"] = np.array([nan if r.er is None else r.er for r in ratings], dtype=float)
        frame["ep"] = np.array([nan if r.ep is None else r.ep for r in ratings], dtype=float)
        frame["ed"] = np.array([nan if r.ed is None else r.ed for r in ratings], dtype=float)
        frame["score"] = np.array(
            [-1 if r.score is None else r.score for r in ratings], dtype=np.int64
        )
        frame["level"] = [r.level for r in ratings]
        frame["hardest"] = [r.hardest for r in ratings]
    return pd.DataFrame(frame)


def write_part(frame: pd.DataFrame, out: str, number: int) -> int:
    """Writes one partition's rows as OUT/part.NNNNNN.parquet; returns the row count."""
    # Zero-padded, so that every reader's file order (by name) is the input order.
    path = f"{out.rstrip('/')}/part.{number:06d}.parquet"
    frame.to_parquet(path, index=False)
    return len(frame)


# ---------------------------------------------------------------------------------------------
# Reading partitions: text blocks or Parquet pieces, each loaded by the task that works on it.


def lines_of(block: bytes) -> list:
    """The puzzles of a text block: its non-blank lines, without line ends."""
    return [line.strip() for line in block.decode().splitlines() if line.strip()]


def text_partitions(path: str, blocksize: int):
    """Delayed loaders of the text file's blocks (cut at line ends)."""
    from dask.bytes import read_bytes

    _, blocks = read_bytes(path, delimiter=b"\n", blocksize=blocksize, sample=False)
    return [block for file_blocks in blocks for block in file_blocks]


def parquet_partitions(path: str, column: str):
    """Delayed loaders of the Parquet input's pieces (row groups or files)."""
    import dask.dataframe as dd

    frame = dd.read_parquet(path, columns=[column])
    return [part for part in frame.to_delayed()]


def puzzles_of(part, column: str | None) -> list:
    """The puzzle strings of a loaded partition."""
    if isinstance(part, (bytes, bytearray)):
        return lines_of(bytes(part))
    return [str(p) for p in part[column].tolist()]


def count_part(part, column):
    return len(puzzles_of(part, column))


def run_part(part, column, first_index, ops, options, out, number):
    return write_part(process(puzzles_of(part, column), first_index, ops, options), out, number)


def run_dask(args, ops, options, client) -> int:
    """Runs every partition on the cluster; returns the number of rows written."""
    import dask
    from dask import delayed

    if args.column:
        parts = parquet_partitions(args.input, args.column)
    else:
        parts = text_partitions(args.input, args.blocksize)
    # First pass: the puzzles per partition (cheap), for each partition's first index.
    counts = dask.compute(*[delayed(count_part)(p, args.column) for p in parts])
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(int).tolist()
    os.makedirs(args.output, exist_ok=True)
    tasks = [
        delayed(run_part)(part, args.column, offset, ops, options, args.output, number)
        for number, (part, offset) in enumerate(zip(parts, offsets))
    ]
    return sum(dask.compute(*tasks))


def run_single(args, ops, options) -> int:
    """The reference: the whole input as one partition, in this process."""
    if args.column:
        puzzles = [str(p) for p in pd.read_parquet(args.input, columns=[args.column])[args.column]]
    else:
        puzzles = lines_of(Path(args.input).read_bytes())
    os.makedirs(args.output, exist_ok=True)
    return write_part(process(puzzles, 0, ops, options), args.output, 0)


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("input", help="a text file (one puzzle per line) or Parquet input")
    parser.add_argument("output", help="the output directory of part.NNNNNN.parquet files")
    parser.add_argument("--column", help="the puzzle column: the input is Parquet")
    parser.add_argument(
        "--ops", default="solve,canon,rate", help="what to compute: solve, canon, rate"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a running cluster's scheduler address")
    where.add_argument(
        "--workers", type=int, default=2, help="LocalCluster worker processes (default 2)"
    )
    where.add_argument("--no-dask", action="store_true", help="run in this process only")
    parser.add_argument(
        "--threads", type=int, default=1, help="engine threads per task (default 1)"
    )
    parser.add_argument(
        "--blocksize", type=int, default=1 << 20, help="text bytes per partition (default 1 MiB)"
    )
    parser.add_argument("--nested", action="store_true", help="rate with nested chains")
    parser.add_argument("--time-limit", type=float, help="seconds per rating")
    args = parser.parse_args(argv)
    ops = tuple(op.strip() for op in args.ops.split(",") if op.strip())
    unknown = [op for op in ops if op not in OPS]
    if unknown or not ops:
        parser.error(f"--ops takes {', '.join(OPS)}, not {args.ops!r}")
    return args, ops


def main(argv=None) -> int:
    args, ops = parse_args(argv)
    options = {"threads": args.threads, "nested": args.nested, "time_limit": args.time_limit}
    if args.no_dask:
        rows = run_single(args, ops, options)
    else:
        from dask.distributed import Client, LocalCluster

        if args.scheduler:
            with Client(args.scheduler) as client:
                rows = run_dask(args, ops, options, client)
        else:
            with LocalCluster(
                n_workers=args.workers, threads_per_worker=1, processes=True,
                dashboard_address=None,
            ) as cluster, Client(cluster) as client:
                rows = run_dask(args, ops, options, client)
    print(f"{rows} puzzles -> {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
