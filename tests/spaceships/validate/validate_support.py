"""Helpers for the record-checker tests: run `spaceships validate` / `show` on record text or
files, and read the `--json` findings."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from spaceships_cli import main

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
_RUNNER = CliRunner()


def run(command: str, *texts: str, extra: tuple[str, ...] = ()) -> Result:
    """`spaceships COMMAND FILE [FILE2] [extra...]` on records written to temporary files."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, text in enumerate(texts):
            path = Path(tmp) / f"game{i + 1}.ssr"
            path.write_text(text, encoding="utf-8")
            paths.append(str(path))
        return _RUNNER.invoke(main, [command, *paths, *extra])


def run_files(command: str, *paths: Path, extra: tuple[str, ...] = ()) -> Result:
    return _RUNNER.invoke(main, [command, *(str(p) for p in paths), *extra])


def report(*texts: str) -> dict[str, Any]:
    """The `validate --json` report of one or two records (either exit code)."""
    result = run("validate", *texts, extra=("--json",))
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    assert data["ok"] == (result.exit_code == 0)
    return data


def problems(*texts: str) -> list[dict[str, Any]]:
    return report(*texts)["problems"]


def summary(found: list[dict[str, Any]]) -> list[tuple[int | None, str | None, str]]:
    """(turn, player, rule) of each problem, in the order reported."""
    return [(p["turn"], p["player"], p["rule"]) for p in found]


STD = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)


def game(*lines: str, a: str | None = STD, b: str | None = STD, ruleset: str | None = None) -> str:
    """A record: both fleets (the same standard fleet, see STD) unless left out, then lines."""
    out = [] if ruleset is None else [f'[Ruleset "{ruleset}"]']
    if a is not None:
        out.append(f"A fleet: {a}")
    if b is not None:
        out.append(f"B fleet: {b}")
    return "\n".join([*out, *lines]) + "\n"
