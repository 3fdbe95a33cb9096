"""Before and after: a bench run on an older commit beside this tree, printed as one table.

A bench measures through the project's public names only, so the same bench script can run
against an older tree: `--against REV` exports that commit with `git archive` into a temporary
directory and runs the bench there in a subprocess (`--tree DIR --json`), on the same machine
and the same generated inputs, then prints both columns and the speed-up.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# One figure: (label, value, unit, higher_is_better).
Figure = tuple[str, float, str, bool]


def use_tree(argv: Sequence[str]) -> None:
    """Put the tree named by `--tree DIR` (default: this checkout) first on sys.path."""
    tree = ROOT
    if "--tree" in argv:
        tree = Path(argv[list(argv).index("--tree") + 1]).resolve()
    sys.path.insert(0, str(tree))


@contextmanager
def exported(rev: str) -> Iterator[tuple[str, Path]]:
    """Commit `rev` exported with git archive into a temporary directory: (short rev, tree)."""
    short = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", rev],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", short],
            check=True,
            capture_output=True,
        ).stdout
        tar_path = Path(tmp) / "tree.tar"
        tar_path.write_bytes(archive)
        tree = Path(tmp) / "tree"
        with tarfile.open(tar_path) as tar:
            tar.extractall(tree, filter="data")
        yield short, tree


def run_against(
    rev: str, script: str, args: Sequence[str], rounds: int = 3
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """`script` (under bench/) run with `--json` on commit `rev` and on this tree, in turns,
    `rounds` times each (the machine's load changes; alternating spreads it over both sides).
    Returns (short rev, before, now), each the best figures and the digests."""
    with exported(rev) as (short, tree):
        runs: dict[Path, list[dict[str, Any]]] = {tree: [], ROOT: []}
        for _ in range(rounds):
            for side in runs:
                out = subprocess.run(
                    [sys.executable, str(ROOT / "bench" / script), *args]
                    + ["--tree", str(side), "--json"],
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=tree.parent,
                ).stdout
                runs[side].append(json.loads(out))
    return short, _best(runs[tree]), _best(runs[ROOT])


def _best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    figures = {}
    for run in runs:
        for label, value, unit, higher in run["figures"]:
            was = figures.get(label)
            if was is None or (value > was[1] if higher else value < was[1]):
                figures[label] = (label, value, unit, higher)
    return {"figures": list(figures.values()), "digests": runs[0]["digests"]}


def emit(figures: list[Figure], digests: dict[str, str]) -> None:
    """The `--json` output that run_against reads."""
    print(json.dumps({"figures": figures, "digests": digests}))


def report(
    title: str, now: dict[str, Any], before: tuple[str, dict[str, Any]] | None = None
) -> None:
    """The table, then whether the results are the same as before (by digest)."""
    old = None if before is None else (before[0], [tuple(f) for f in before[1]["figures"]])
    print_figures(title, [tuple(f) for f in now["figures"]], old)  # type: ignore[misc]
    for name, digest in now["digests"].items():
        line = f"  results digest, {name}: {digest[:16]}"
        if before is not None:
            was = before[1]["digests"].get(name)
            line += "  (same as before)" if was == digest else f"  (DIFFERENT: was {was})"
        print(line)


def print_figures(
    title: str, now: list[Figure], before: tuple[str, list[Figure]] | None = None
) -> None:
    """A table: figure, unit, (before,) now (, speed-up)."""
    rows = [["figure", "unit"]]
    if before is not None:
        rows[0] += [f"before ({before[0]})", "now", "speed-up"]
    else:
        rows[0] += ["now"]
    old = {label: value for label, value, _, _ in before[1]} if before else {}
    for label, value, unit, higher in now:
        row = [label, unit]
        if before is not None:
            was = old.get(label)
            row.append(_number(was) if was is not None else "-")
            row.append(_number(value))
            if was:
                ratio = value / was if higher else was / value
                row.append(f"{ratio:.1f}x")
            else:
                row.append("-")
        else:
            row.append(_number(value))
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print(title)
    for n, row in enumerate(rows):
        pairs = enumerate(zip(row, widths, strict=True))
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in pairs]
        print("  " + "  ".join(cells).rstrip())
        if n == 0:
            print("  " + "  ".join("-" * w for w in widths))


def _number(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"
