"""Helpers for the Spaceship Battles tests: build a small record and replay it through the
`spaceships battles play --json` command, the interface players and tools use.

Records here are rolled by hand (no seed): the dice written are taken as thrown (reading R13),
so each test chooses its dice and works out the rest in a comment.
"""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from spaceships_cli import main

# Designs used across the tests (numbers as the tables make them):
LANCER = "E-SAI(Gf)I(Xf)IIV-87-1-4"  # S A I (Gf) I (Xf) I I V: speed 4, turn mode 1
RAIDER = "C-SSI(Lf)II(Gf)(Rf)D-167-2-3"  # speed 3, turn mode 2, tractor beam, DataLink
BRICK = "D-AAAASSIIII-171-3-4"  # no weapons: D hull 123 + 4 engines 32 + 4 A 8 + 2 S 8

_RUNNER = CliRunner()


def record(
    *lines: str,
    a: str = f"Lancer {LANCER} at 0,0 N",
    b: str = f"Raider {RAIDER} at 0,-5 S",
    extra: str = "",
) -> str:
    ships = [f"A ship {s.strip()}" for s in a.split(";") if s.strip()]
    ships += [f"B ship {s.strip()}" for s in b.split(";") if s.strip()]
    return "\n".join(['[Game "Spaceship Battles"]', *ships, *extra.splitlines(), *lines]) + "\n"


def play(text: str) -> dict[str, Any]:
    result = _RUNNER.invoke(main, ["battles", "play", "-", "--json"], input=text)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def ship(report: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in report["ships"] if s["name"] == name)


def problems(report: dict[str, Any]) -> list[str]:
    return [f"{p['message']} [{p['rule']}]" for p in report["problems"]]


def rules(report: dict[str, Any]) -> list[str]:
    return [p["rule"] for p in report["problems"]]


def cli(*args: str, input: str | None = None) -> tuple[int, str]:
    result = _RUNNER.invoke(main, list(args), input=input)
    return result.exit_code, result.output


HAWK = "E-AI(Mf)(Gf)IIID-110-2-4"  # A I (Mf) (Gf) I I I D: missile, gun, DataLink
WARDEN = "F-ASIII(Ef)Y(Mf)O-188-2-3"  # energy beam, point defense, overload damper
EYE = "F-U(Gf)(Gr)II-122-2-2"  # Multiplex Tracking, guns front and right
EYE_D = "F-U(Gf)(Gr)IID-162-2-2"  # the same with a DataLink
SUN = "F-(Ef)II-122-2-2"  # one energy beam
PIKE = "F-(Pf)II-132-2-2"  # one primary beam
SHEAR = "D-AAAASSIIIIH-186-3-4"  # the brick with a Shear Plane
MOTE = "E-A-35-2-0"  # one system: destroyed by one point
