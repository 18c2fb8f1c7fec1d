"""examples/dask_rate.py on a LocalCluster of 2 worker processes gives the single-process
output: 100,000 puzzles solved and canonicalised from a text file, and a slice rated from
Parquet. Data-set tier (reads ../shared/data); about a minute on 2 cores. Run with
`pytest -m dask`."""

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from conftest import REPO, is_valid_solution, shared_file

pytestmark = pytest.mark.dask

SCRIPT = REPO / "examples" / "dask_rate.py"
#: Lines put in place of puzzles: not a puzzle, and givens that break the rules.
BAD = {7: "not a puzzle", 54_321: "55" + "." * 79}


def run(*args):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done


def puzzles_100k():
    """100,000 lines: the Kaggle sample, all 17-clue puzzles and the diabolical set (easy to
    moderate), with two bad lines."""
    lines = []
    for name in ("kaggle_10k.txt", "17_clue.txt", "sudoku_exchange_diabolical.txt", "top1465.txt"):
        lines += shared_file(name).read_text().split()
    lines = lines[:100_000]
    assert len(lines) == 100_000
    for at, bad in BAD.items():
        lines[at] = bad
    return lines


def test_solve_and_canon_100k_on_two_workers_equal_one_process(tmp_path):
    lines = puzzles_100k()
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(lines) + "\n")
    run(source, tmp_path / "one", "--no-dask", "--ops", "solve,canon", "--threads", "2")
    # 16 partitions of about 512 KiB, over 2 worker processes.
    run(source, tmp_path / "dask", "--workers", "2", "--ops", "solve,canon",
        "--blocksize", 1 << 19)
    assert len(list((tmp_path / "dask").glob("part.*.parquet"))) > 8
    one = pd.read_parquet(tmp_path / "one")
    spread = pd.read_parquet(tmp_path / "dask")
    pd.testing.assert_frame_equal(one, spread)
    assert len(spread) == 100_000
    assert np.array_equal(spread["index"].to_numpy(), np.arange(100_000))
    assert spread["puzzle"].tolist() == lines
    assert spread.loc[7, "solve_status"] == "error" and pd.isna(spread.loc[7, "solution"])
    assert spread.loc[54_321, "solve_status"] == "invalid"
    assert (spread["solve_status"] == "unique").sum() == 100_000 - len(BAD)
    for row in spread.iloc[::997].itertuples():
        if row.Index not in BAD:
            assert is_valid_solution(row.solution, row.puzzle)


def test_rate_a_parquet_slice_on_two_workers_equals_one_process(tmp_path):
    kaggle = shared_file("kaggle_10k.txt").read_text().split()[:2_000]
    hard = shared_file("sudoku_exchange_diabolical.txt").read_text().split()[:16]
    puzzles = kaggle + hard + [".." + "." * 79]
    source = tmp_path / "puzzles.parquet"
    pd.DataFrame({"puzzle": puzzles}).to_parquet(source, row_group_size=250)
    for name, where in (("one", ["--no-dask", "--threads", "2"]), ("dask", ["--workers", "2"])):
        run(source, tmp_path / name, "--column", "puzzle", "--ops", "rate,solve,canon", *where)
    one = pd.read_parquet(tmp_path / "one")
    spread = pd.read_parquet(tmp_path / "dask")
    pd.testing.assert_frame_equal(one, spread)
    assert spread["puzzle"].tolist() == puzzles
    assert spread["rating_status"].iloc[-1] == "multiple"
    assert np.isnan(spread["er"].iloc[-1]) and spread["score"].iloc[-1] == -1
    assert (spread["rating_status"].iloc[:-1] == "rated").all()
    assert (spread["er"].iloc[2_000:2_016] >= 5.0).all()  # the diabolical set: SE 5.0 and up
