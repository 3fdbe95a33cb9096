"""Helpers for the DATC-style rules tests: build a tiny record, run the `spaceships` command on
it (the only interface these tests use), and read the `--json` report of the record format.

Fleets used across the tests (cells chosen so that nothing overlaps and hand-working is easy):

STD (2.6.1, 22 cells): a cube death star in Red/Orange v-w 1-2; a kill cruiser Green x-y 1-3
(a 2x3 sheet: Gx1 Gx2 Gx3 / Gy1 Gy2 Gy3); a patrol cruiser Bz1-Bz4; a missile destroyer along the
letters Yv3 Yw3 Yx3; a light scout Oz5. Conventional strikes at full strength [4.4.1, 6.2.4]:
DS 1 + KC 3 + PC 2 + MD 1 + LS 0 = 7, plus one missile strike [8.1.3].

STD_HS (23 cells): STD with a flying saucer Bv4 Bv5 Bw4 Bw5 for the patrol cruiser and a heavy
scout Oz4 Oz5 for the light scout: DS 1 + KC 3 + FS 2 + MD 1 + HS 1 = 8 conventional strikes.

CLASSIC (23 cells): cube DS, the same KC, FS Bv4 Bv5 Bw4 Bw5, MD Yv3 Yw3 Yx3, HF Oz4 Oz5.
Classic counts distinct adjacent pairs [classic 4.3.1]: DS 1 + KC 7 + FS 4 + MD 2 + HF 1 = 15.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from spaceships_cli import main

DS_CUBE = "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2"
KC = "KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3"
PC = "PC Bz1 Bz2 Bz3 Bz4"
FS = "FS Bv4 Bv5 Bw4 Bw5"
MD = "MD Yv3 Yw3 Yx3"
LS = "LS Oz5"
HS = "HS Oz4 Oz5"

STD = f"{DS_CUBE}; {KC}; {PC}; {MD}; {LS}"
STD_HS = f"{DS_CUBE}; {KC}; {FS}; {MD}; {HS}"
CLASSIC = f"{DS_CUBE}; {KC}; {FS}; {MD}; HF Oz4 Oz5"

STD_MATERIEL = 22
STD_HS_MATERIEL = 23
CLASSIC_MATERIEL = 23

_RUNNER = CliRunner()


def record(
    *turns: str,
    a: str = STD,
    b: str = STD,
    ruleset: str | None = None,
    options: str | None = None,
) -> str:
    """A record in the shared format: tags, both fleets, then the turn lines as given."""
    lines: list[str] = []
    if ruleset is not None:
        lines.append(f'[Ruleset "{ruleset}"]')
    if options is not None:
        lines.append(f'[Options "{options}"]')
    lines.append(f"A fleet: {a}")
    lines.append(f"B fleet: {b}")
    lines.extend(turns)
    return "\n".join(lines) + "\n"


def run(command: str, text: str, *extra: str) -> Result:
    """Run `spaceships COMMAND RECORD [extra...]` on a record written to a temporary file."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.ssr"
        path.write_text(text, encoding="utf-8")
        return _RUNNER.invoke(main, [command, str(path), *extra])


def _explain(result: Result, text: str) -> str:
    return f"exit {result.exit_code}\n--- record\n{text}--- output\n{result.output}" + (
        f"\n--- exception\n{result.exception!r}" if result.exception else ""
    )


def adjudicate(text: str) -> dict[str, Any]:
    """The `--json` report of a record that must be accepted (exit 0)."""
    result = run("adjudicate", text, "--json")
    assert result.exit_code == 0, _explain(result, text)
    return json.loads(result.stdout)


def refused(text: str, command: str = "adjudicate") -> str:
    """Everything a refused record prints (exit 1)."""
    extra = ("--json",) if command == "adjudicate" else ()
    result = run(command, text, *extra)
    assert result.exit_code == 1, _explain(result, text)
    return result.output


def rule_pattern(rule: str) -> str:
    """A citation of `rule` or of one of its sub-rules: rule "8.3" matches [8.3.1.2]; a prefix
    such as "classic " inside the brackets is allowed."""
    return r"\[[A-Za-z ]*" + re.escape(rule) + r"(?:\.\d+)*\]"


Rules = str | Sequence[str]


def assert_refused(
    text: str,
    *,
    player: str,
    rules: Sequence[Rules],
    turn: int | None = None,
    command: str = "adjudicate",
) -> str:
    """The record is refused (exit 1) and, for EACH item of `rules` (a rule number, or a tuple of
    acceptable alternative numbers), some line of the message names the turn (if given), the
    player and that rule. Returns the output for further checks."""
    output = refused(text, command)
    lines = output.splitlines()
    who = re.compile(rf"\b[Pp]layer {player}\b|\b{player} fleet\b|\b[Ff]leet {player}\b")
    when = re.compile(rf"\bturn {turn}\b", re.I) if turn is not None else None
    # With no rule given, some line must still say where: the turn and the player.
    for item in rules or [()]:
        choices = (item,) if isinstance(item, str) else tuple(item)
        patterns = [re.compile(rule_pattern(r)) for r in choices] or [re.compile(r"\[.+\]")]
        ok = any(
            any(p.search(line) for p in patterns)
            and who.search(line)
            and (when is None or when.search(line))
            for line in lines
        )
        assert ok, (
            f"no line names turn {turn}, player {player} and rule {' or '.join(choices)}:\n"
            f"{output}\n--- record\n{text}"
        )
    return output


def turn_of(report: dict[str, Any], turn: int) -> dict[str, Any]:
    found = [t for t in report["turns"] if t["turn"] == turn]
    assert len(found) == 1, f"turn {turn} not once in {report['turns']}"
    return found[0]


def entries(report: dict[str, Any], turn: int, player: str) -> list[dict[str, Any]]:
    """The visible aspects of `player`'s actions in `turn`, in report order."""
    return list(turn_of(report, turn)["reports"][player])


def results(report: dict[str, Any], turn: int, player: str) -> list[tuple[str, str, str | None]]:
    """(action, cell, result) of each entry: the short form most tests compare."""
    return [(e["action"], e["cell"], e.get("result")) for e in entries(report, turn, player)]


def entry(report: dict[str, Any], turn: int, player: str, index: int) -> dict[str, Any]:
    return entries(report, turn, player)[index]


def explosions(e: dict[str, Any]) -> list[str]:
    return list(e.get("explosions") or [])


def destroyed(e: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(d["ship"], list(d["cells"])) for d in (e.get("destroyed") or [])]


def materiel(report: dict[str, Any], turn: int) -> tuple[int, int]:
    m = turn_of(report, turn)["materiel"]
    return (m["A"], m["B"])
