"""The peers of `sudoku-bench variant`: pencilmark's solver and an OR-Tools CP-SAT model.

The benchmark binary spawns this script (in the venv that scripts/bench-variant-venv.sh makes) and
writes one JSON object per line to its standard input:

    {"id": 3, "puzzle": {our JSON document: size, boxes or regions, givens, rules}}

and it answers, for each puzzle and each peer, one line on standard output:

    {"id": 3, "peer": "pencilmark", "ns": 81234, "solution": "4172...", "error": null}

`ns` is the process CPU time (time.process_time_ns: every thread of this process) of the timed
call alone: the interpreter's start-up, reading the line and converting our document to the
peer's input are outside it. Each peer answers the uniqueness question, as `pencilmark.solve` does
(it searches for two solutions and raises NotUnique when it finds them):

- pencilmark: `pencilmark.solve(p)` on the puzzle already read by `pencilmark.load` (its JSON
  reading is not timed; its conversion to the C++ engine inside `solve` is);
- cpsat: building the CP-SAT model (AllDifferent per house, the rules as sums, inequalities and
  tables), solving it, then solving again with the solution excluded (must be infeasible);
  one search worker, as our engine runs on one thread.

The first line written is {"versions": {...}}. A puzzle a peer cannot take (a rule it does not
model) gets "error" and no time. The script reads until the end of its input.
"""
from __future__ import annotations

import json
import sys
import time


def cells_of(doc):
    n = doc["size"]
    return n, [[r * n + c for c in range(n)] for r in range(n)]


def pos(text):
    """'r3c4' -> (2, 3)"""
    r, c = text[1:].lower().split("c")
    return int(r) - 1, int(c) - 1


def box_dims(doc):
    n = doc["size"]
    if doc.get("boxes"):
        r, c = doc["boxes"].lower().split("x")
        return int(r), int(c)
    if doc.get("regions"):
        return None
    rows = max(r for r in range(1, n + 1) if n % r == 0 and r * r <= n)
    return rows, n // rows


def houses(doc):
    """rows, columns and regions, as lists of cell indices"""
    n = doc["size"]
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    dims = box_dims(doc)
    if dims:
        br, bc = dims
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                out.append([(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)])
    else:
        regions = {}
        for r, row in enumerate(doc["regions"]):
            for c, g in enumerate(row):
                regions.setdefault(g, []).append(r * n + c)
        out += [regions[g] for g in sorted(regions)]
    return out


def windows(n, br, bc):
    def starts(length):
        s, k = [], 0
        while 1 + k * (length + 1) + length < n + 1 + 0:
            s.append(1 + k * (length + 1))
            k += 1
        return s
    out = []
    for r0 in starts(br):
        for c0 in starts(bc):
            out.append([(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)])
    return out


def disjoint_groups(n, br, bc):
    return [[(R * br + r) * n + C * bc + c for R in range(n // br) for C in range(n // bc)]
            for r in range(br) for c in range(bc)]


def extra_houses(doc, rule):
    """the houses a house-type rule adds"""
    n = doc["size"]
    t = rule["type"]
    if t == "diagonal":
        return [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if t == "windoku":
        return windows(n, *box_dims(doc))
    if t == "disjoint":
        return disjoint_groups(n, *box_dims(doc))
    if t == "house":
        return [[a * n + b for a, b in map(pos, rule["cells"])]]
    return None


def offsets_pairs(n, offsets):
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in offsets:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n and (r2, c2) > (r, c):
                    out.append((r * n + c, r2 * n + c2))
    return out


KNIGHT = [(1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1)]
KING = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHO = [(0, 1), (1, 0)]


def givens_of(doc):
    g = doc["givens"]
    n = doc["size"]
    if isinstance(g, str):
        vals = []
        for ch in g:
            if ch in ".0_-*":
                vals.append(0)
            elif ch.isdigit():
                vals.append(int(ch))
            else:
                vals.append(ord(ch.upper()) - ord("A") + 10)
        return vals
    return [v for row in g for v in row]


SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def grid_text(values):
    return "".join(SYMBOLS[v - 1] for v in values)


def unmarked_pairs(n, marked):
    keep = {frozenset(p) for p in marked}
    return [(a, b) for a, b in offsets_pairs(n, ORTHO) if frozenset((a, b)) not in keep]


# ---------------------------------------------------------------- pencilmark
def to_pencilmark(doc):
    """our document -> pencilmark's puzzle JSON (pencilmark/puzzle_json.py)"""
    n = doc["size"]
    rc = lambda c: f"r{c // n + 1}c{c % n + 1}"
    out = {"digits": n, "numbers": "".join("." if v == 0 else SYMBOLS[v - 1] for v in givens_of(doc))}
    regions, rules = [], []
    dims = box_dims(doc)
    if dims:
        out["box"] = f"{dims[0]}x{dims[1]}"
    else:
        # explicit regions replace the implied rows / columns / boxes: list them all
        for k, h in enumerate(houses(doc)):
            kind = "row" if k < n else "col" if k < 2 * n else "region"
            regions.append({"kind": kind, "cells": [rc(c) for c in h]})
    for rule in doc.get("rules", []):
        t = rule["type"]
        extra = extra_houses(doc, rule)
        if extra is not None:
            kind = {"diagonal": "diag", "windoku": "window"}.get(t, "extra")
            regions += [{"kind": kind, "cells": [rc(c) for c in h]} for h in extra]
        elif t == "anti-knight":
            rules.append({"type": "antiknight"})
        elif t == "anti-king":
            rules.append({"type": "antiking"})
        elif t == "non-consecutive":
            rules.append({"type": "nonconsecutive"})
        elif t == "killer":
            cage = {"kind": "cage", "cells": rule["cells"], "unique": True}
            if rule.get("sum") is not None:
                cage["sum"] = rule["sum"]
            regions.append(cage)
        elif t == "thermo":
            rules.append({"type": "line", "kind": "thermo", "cells": rule["cells"]})
        elif t == "arrow":
            rules.append({"type": "arrow", "circle": rule["circle"], "line": rule["cells"]})
        elif t in ("kropki", "xv"):
            first, second = ("white", "black") if t == "kropki" else ("x", "v")
            for key in (first, second):
                for a, b in rule.get(key, []):
                    if t == "kropki":
                        rules.append({"type": "kropki", "color": key, "cells": [a, b]})
                    else:
                        rules.append({"type": "xv", "letter": key.upper(), "cells": [a, b]})
            if rule.get("negative"):
                marked = [tuple(r * n + c for r, c in map(pos, m)) for m in rule.get(first, []) + rule.get(second, [])]
                free = [[rc(a), rc(b)] for a, b in unmarked_pairs(n, marked)]
                if free and t == "kropki":
                    rules.append({"type": "pairs", "rel": "notdiff", "params": [1], "cells": free})
                    rules.append({"type": "pairs", "rel": "notratio", "params": [2], "cells": free})
                elif free:
                    rules.append({"type": "pairs", "rel": "notsum", "params": [10], "cells": free})
                    rules.append({"type": "pairs", "rel": "notsum", "params": [5], "cells": free})
        elif t == "sandwich":
            if rule.get("row"):
                line = [(rule["row"] - 1) * n + c for c in range(n)]
            else:
                line = [r * n + rule["col"] - 1 for r in range(n)]
            rules.append({"type": "sandwich", "cells": [rc(c) for c in line], "total": rule["sum"]})
        elif t == "even-odd":
            if rule.get("even"):
                rules.append({"type": "parity", "parity": "even", "cells": rule["even"]})
            if rule.get("odd"):
                rules.append({"type": "parity", "parity": "odd", "cells": rule["odd"]})
        elif t == "little-killer":
            rules.append({"type": "little_killer", "cells": rule["cells"], "total": rule["sum"]})
        else:
            raise NotImplementedError(f"rule {t}")
    if regions:
        out["regions"] = regions
    if rules:
        out["rules"] = rules
    return out


def pencilmark_peer():
    import pencilmark

    def prepare(doc):
        return pencilmark.load(to_pencilmark(doc))

    def run(p):
        return grid_text(pencilmark.solve(p))

    return prepare, run


# ---------------------------------------------------------------- CP-SAT
def cpsat_peer():
    from ortools.sat.python import cp_model

    def build(doc):
        n = doc["size"]
        m = cp_model.CpModel()
        given = givens_of(doc)
        x = [m.NewIntVar(v, v, f"x{c}") if v else m.NewIntVar(1, n, f"x{c}") for c, v in enumerate(given)]
        at = lambda p: x[pos(p)[0] * n + pos(p)[1]]
        for h in houses(doc):
            m.AddAllDifferent([x[c] for c in h])
        for rule in doc.get("rules", []):
            t = rule["type"]
            extra = extra_houses(doc, rule)
            if extra is not None:
                for h in extra:
                    m.AddAllDifferent([x[c] for c in h])
            elif t in ("anti-knight", "anti-king"):
                for a, b in offsets_pairs(n, KNIGHT if t == "anti-knight" else KING):
                    m.Add(x[a] != x[b])
            elif t == "non-consecutive":
                table = [(u, v) for u in range(1, n + 1) for v in range(1, n + 1) if abs(u - v) != 1 and u != v]
                for a, b in offsets_pairs(n, ORTHO):
                    m.AddAllowedAssignments([x[a], x[b]], table)
            elif t == "killer":
                vs = [at(p) for p in rule["cells"]]
                m.AddAllDifferent(vs)
                if rule.get("sum") is not None:
                    m.Add(sum(vs) == rule["sum"])
            elif t == "thermo":
                vs = [at(p) for p in rule["cells"]]
                for u, v in zip(vs, vs[1:]):
                    m.Add(u < v)
            elif t == "arrow":
                circle = [at(p) for p in rule["circle"]]
                value = sum(v * 10 ** (len(circle) - 1 - k) for k, v in enumerate(circle))
                m.Add(sum(at(p) for p in rule["cells"]) == value)
            elif t in ("kropki", "xv"):
                if t == "kropki":
                    first = lambda u, v: abs(u - v) == 1
                    second = lambda u, v: u == 2 * v or v == 2 * u
                    keys = ("white", "black")
                else:
                    first = lambda u, v: u + v == 10
                    second = lambda u, v: u + v == 5
                    keys = ("x", "v")
                digits = range(1, n + 1)
                for key, holds in zip(keys, (first, second)):
                    table = [(u, v) for u in digits for v in digits if holds(u, v)]
                    for a, b in rule.get(key, []):
                        m.AddAllowedAssignments([at(a), at(b)], table)
                if rule.get("negative"):
                    marked = [tuple(r * n + c for r, c in map(pos, mk)) for mk in rule.get(keys[0], []) + rule.get(keys[1], [])]
                    table = [(u, v) for u in digits for v in digits if not first(u, v) and not second(u, v)]
                    for a, b in unmarked_pairs(n, marked):
                        m.AddAllowedAssignments([x[a], x[b]], table)
            elif t == "sandwich":
                if rule.get("row"):
                    line = [x[(rule["row"] - 1) * n + c] for c in range(n)]
                else:
                    line = [x[r * n + rule["col"] - 1] for r in range(n)]
                is1, isn = [], []
                for v in line:
                    b1, bn = m.NewBoolVar(""), m.NewBoolVar("")
                    m.Add(v == 1).OnlyEnforceIf(b1)
                    m.Add(v != 1).OnlyEnforceIf(b1.Not())
                    m.Add(v == n).OnlyEnforceIf(bn)
                    m.Add(v != n).OnlyEnforceIf(bn.Not())
                    is1.append(b1)
                    isn.append(bn)
                p1, pn = m.NewIntVar(0, n - 1, ""), m.NewIntVar(0, n - 1, "")
                m.Add(p1 == sum(i * b for i, b in enumerate(is1)))
                m.Add(pn == sum(i * b for i, b in enumerate(isn)))
                lo, hi = m.NewIntVar(0, n - 1, ""), m.NewIntVar(0, n - 1, "")
                m.AddMinEquality(lo, [p1, pn])
                m.AddMaxEquality(hi, [p1, pn])
                parts = []
                for i, v in enumerate(line):
                    after, before, inside = m.NewBoolVar(""), m.NewBoolVar(""), m.NewBoolVar("")
                    m.Add(lo < i).OnlyEnforceIf(after)
                    m.Add(lo >= i).OnlyEnforceIf(after.Not())
                    m.Add(hi > i).OnlyEnforceIf(before)
                    m.Add(hi <= i).OnlyEnforceIf(before.Not())
                    m.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
                    m.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
                    part = m.NewIntVar(0, n, "")
                    m.Add(part == v).OnlyEnforceIf(inside)
                    m.Add(part == 0).OnlyEnforceIf(inside.Not())
                    parts.append(part)
                m.Add(sum(parts) == rule["sum"])
            elif t == "even-odd":
                for key, rest in (("even", 0), ("odd", 1)):
                    for p in rule.get(key, []):
                        m.AddModuloEquality(rest, at(p), 2)
            elif t == "little-killer":
                m.Add(sum(at(p) for p in rule["cells"]) == rule["sum"])
            else:
                raise NotImplementedError(f"rule {t}")
        return m, x

    def run(doc):
        m, x = build(doc)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        status = solver.Solve(m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise ValueError("no solution" if status == cp_model.INFEASIBLE else f"status {solver.StatusName(status)}")
        values = [solver.Value(v) for v in x]
        # uniqueness: some cell must differ from the first solution
        differs = []
        for v, val in zip(x, values):
            b = m.NewBoolVar("")
            m.Add(v != val).OnlyEnforceIf(b)
            differs.append(b)
        m.AddBoolOr(differs)
        status = solver.Solve(m)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise ValueError("more than one solution")
        if status != cp_model.INFEASIBLE:
            raise ValueError(f"status {solver.StatusName(status)} on the second solve")
        return grid_text(values)

    return (lambda doc: doc), run


PEERS = {"pencilmark": pencilmark_peer, "cpsat": cpsat_peer}


def versions(names):
    from importlib.metadata import version, PackageNotFoundError
    out = {"python": sys.version.split()[0]}
    for pkg in {"pencilmark": "pencilmark", "cpsat": "ortools"}.values():
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = None
    return out


def main(argv):
    names = [a for a in argv[1:] if not a.startswith("-")] or list(PEERS)
    peers = {}
    for name in names:
        if name not in PEERS:
            print(f"variant_peers.py: unknown peer {name!r} (known: {', '.join(PEERS)})", file=sys.stderr)
            return 2
        peers[name] = PEERS[name]()
    out = sys.stdout
    out.write(json.dumps({"versions": versions(names)}) + "\n")
    out.flush()
    clock = time.process_time_ns
    for raw in sys.stdin:
        if not raw.strip():
            continue
        item = json.loads(raw)
        doc = item["puzzle"]
        for name, (prepare, run) in peers.items():
            answer = {"id": item["id"], "peer": name, "ns": None, "solution": None, "error": None}
            try:
                ready = prepare(doc)
                start = clock()
                answer["solution"] = run(ready)
                answer["ns"] = clock() - start
            except Exception as e:  # one puzzle a peer cannot take must not end the run
                answer["error"] = f"{type(e).__name__}: {e}"
            out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
