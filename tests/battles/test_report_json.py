"""The report of `spaceships battles play --json` (docs/battles.md, "Checking a record"):
every event as an object, enough for another program to check a battle again without the
record's text. The checker here knows the rules' tables and the hex map, and nothing of the
engine: it reads the JSON alone."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from battles_support import HAWK, LANCER, PIKE, RAIDER, SUN, WARDEN, play, record

from battles.computer.plain import autoplay_battle
from battles.engine.tables import COMBAT_TABLES, HULLS, MISSILE, POINT_DEFENCE
from notation.battles.parse import parse_record
from notation.battles.records import format_record

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "battles"
TABLES = {t.name: t for t in COMBAT_TABLES.values()}
SKIPS = {"E": "AC", "P": "SA"}  # [IV.C.2, IV.C.3]


def distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = (map(int, a.split(",")), map(int, b.split(",")))
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))  # axial coordinates (R1)


class Ship:
    def __init__(self, j: dict[str, Any]) -> None:
        self.name, self.side, code = j["name"], j["side"], j["code"]
        hull, systems = code.split("-")[0], code.split("-")[1]
        self.hull = hull
        self.systems = re.findall(r"\([A-Z][a-z]\)|[A-Z]", systems)
        self.crossed = [False] * len(self.systems)
        self.hex, self.facing = j["start_hex"], j["start_facing"]
        self.carry = Fraction(0)
        self.primary_fired: dict[int, int] = {}

    def working(self, letter: str) -> int:
        return sum(
            1
            for s, x in zip(self.systems, self.crossed, strict=True)
            if s.strip("()")[0] == letter and not x
        )

    @property
    def speed(self) -> int:
        return min(self.working("I"), 6)

    @property
    def turn_mode(self) -> int:
        return max(1, HULLS[self.hull].turn_mode - self.working("V"))


def recheck(report: dict[str, Any]) -> int:
    """Check every step of a report against the rules; returns how many shots it checked."""
    # A ship is its side and name: the two sides may use the same names (reading R17).
    ships = {(j["side"], j["name"]): Ship(j) for j in report["ships"]}
    x_mode = report["x_weapon"]
    shots_checked = 0
    assert len(report["steps"]) == len(report["events"])
    for step, line in zip(report["steps"], report["events"], strict=True):
        assert step["text"] == line
        if step["kind"] == "initiative":
            *ties, last = step["rolls"]
            assert all(a == b for a, b in ties) and last[0] != last[1]
            assert step["winner"] == ("A" if last[0] > last[1] else "B")
            for pull in step["pulled"]:
                pulled = ships[pull["side"], pull["ship"]]
                assert pulled.hex == pull["from"]
                assert distance(pull["from"], pull["to"]) == 1
                pulled.hex = pull["to"]
        elif step["kind"] == "move":
            ship = ships[step["side"], step["ship"]]
            assert (ship.hex, ship.facing) == (step["from"]["hex"], step["from"]["facing"])
            assert step["how"].count("F") <= ship.speed == step["speed"]
            assert distance(ship.hex, step["to"]["hex"]) <= step["how"].count("F")
            ship.hex, ship.facing = step["to"]["hex"], step["to"]["facing"]
        elif step["kind"] == "volley":
            if step["result"] != "fired":
                assert not step["shots"]
                continue
            shots_checked += check_volley(step, ships, x_mode)
        else:
            ship = ships[step["side"], step["ship"]]
            target = ships[step["target_side"], step["target"]]
            if step["result"] in ("hit", "miss"):
                assert step["range"] == distance(ship.hex, target.hex) <= 5
                assert ship.systems[step["beam_index"]].startswith("(R")
                hits = step["die"] + target.turn_mode - step["range"] > target.speed  # R10
                assert step["result"] == ("hit" if hits else "miss")
    for j in report["ships"]:
        ship = ships[j["side"], j["name"]]
        assert [i for i, x in enumerate(ship.crossed) if x] == j["crossed"]
        assert (ship.hex, ship.facing) == (j["hex"], j["facing"])
        assert ship.carry == Fraction(j["carry"].replace(".5", "1/2") if j["carry"] != "0" else 0)
        assert all(ship.crossed) == j["destroyed"]
    return shots_checked


def check_volley(step: dict[str, Any], ships: dict[tuple[str, str], Ship], x_mode: str) -> int:
    shots = step["shots"]
    points: list[Fraction] = []
    for shot in shots:
        shooter = ships[step["side"], shot["shooter"]]
        target = ships[step["target_side"], shot["target"]]
        i = shot["index"]
        assert shooter.systems[i] == f"({shot['weapon']})" and not shooter.crossed[i]
        assert shot["from"]["hex"] == shooter.hex and shot["at"] == target.hex
        assert shot["range"] == distance(shooter.hex, target.hex)
        letter = shot["weapon"][0]
        if letter == "P":  # every other turn, per beam (R20)
            assert shooter.primary_fired.get(i) != step["turn"] - 1
            shooter.primary_fired[i] = step["turn"]
        if letter == "X":  # reading R5, the battle's mode
            table = MISSILE if x_mode == "missile" or shot["range"] > 10 else TABLES["Gun"]
            if x_mode == "best":
                table = TABLES["Gun"] if shot["range"] <= 2 else MISSILE
            assert shot["table"] == table.name
        table = TABLES[shot["table"]]
        cell = table.cell(min(shot["die"] + shot["bonus"], 6), shot["range"]) or 0
        assert Fraction(shot["damage"]) == cell
        stopped = False
        for pd in shot["point_defence"]:
            assert bool(POINT_DEFENCE.cell(pd["die"], pd["missile_hits"])) == pd["stops"]
            stopped |= pd["stops"]
        points.append(Fraction(0) if stopped else Fraction(shot["damage"]))
    for damage in step["damage"]:
        assert damage["side"] == step["target_side"] != step["side"]
        target = ships[damage["side"], damage["ship"]]
        mine = [k for k, s in enumerate(shots) if s["target"] == damage["ship"]]
        soak = Fraction(damage["soaked"])
        left = {k: points[k] for k in mine}
        for k in mine:  # dampers soak Energy Beam points, shot by shot (IV.E.1, R7)
            if shots[k]["weapon"][0] == "E":
                take = min(left[k], soak)
                left[k], soak = left[k] - take, soak - take
        assert soak == 0
        crossed = iter(damage["crossed"])
        for _ in range(damage["dampers_burned"]):
            burned = next(crossed)
            assert burned["system"] == "O" and burned["by"] is None
            assert not target.crossed[burned["index"]]
            target.crossed[burned["index"]] = True
        for k in mine:
            total = target.carry + left[k]
            target.carry = total - int(total)
            picks = iter(shots[k]["picks"])
            for _ in range(int(total)):
                if all(target.crossed):
                    break
                one = next(crossed)
                assert one["by"] == k
                uncrossed = [i for i, x in enumerate(target.crossed) if not x]
                skip = SKIPS.get(shots[k]["weapon"][0], "")
                eligible = [i for i in uncrossed if target.systems[i] not in tuple(skip)]
                eligible = eligible or uncrossed  # only skipped systems left (R9)
                if shots[k]["weapon"][0] == "P" and len(eligible) > 1:
                    pick = next(picks)
                    assert pick["among"] == len(eligible)
                    expected = eligible[pick["die"] - 1]
                else:
                    expected = eligible[0]
                assert one["index"] == expected, (step["text"], one, expected)
                target.crossed[expected] = True
        assert next(crossed, None) is None
        if all(target.crossed):
            target.carry = Fraction(0)
        assert damage["carry"] == bool(target.carry)
        assert damage["destroyed"] == all(target.crossed)
    return len(shots)


def test_the_full_battle_sample_is_checked_again_from_its_report_alone() -> None:
    report = play((SAMPLES / "full-battle.sbr").read_text(encoding="utf-8"))
    assert report["ok"] and report["budget"] == 300 and report["turn_limit"] is None
    assert recheck(report) > 30


@pytest.mark.parametrize("seed", ["report-1", "report-2", "report-3"])
def test_whole_battles_with_every_system_are_checked_again_from_their_reports(seed: str) -> None:
    # Missiles against point defence, energy beams against dampers, primary beams' picks, a
    # tractor beam and a fire group's DataLink: two sides played to the end by autoplay.
    text = record(
        a=f"Warden {WARDEN} at 0,4 N; Pike {PIKE} at 1,4 N; Lancer {LANCER} at -1,4 N",
        b=f"Raider {RAIDER} at 0,-4 S; Hawk {HAWK} at 1,-4 S; Sun {SUN} at -1,-4 S",
        extra='[XWeapon "best"]\n[TurnLimit "12"]',
    )
    battle = format_record(autoplay_battle(parse_record(text), seed, turns=12))
    report = play(battle)
    assert report["ok"], report["problems"]
    assert report["x_weapon"] == "best" and report["turn_limit"] == 12
    assert recheck(report) > 5


def test_a_battle_whose_sides_name_their_ships_alike_is_checked_again_from_its_report_r17() -> None:
    # Both sides call their ships Lancer, Hawk and Warden, other ships under each name: the
    # checker tells them apart by the report's sides alone (a step's side, its target_side).
    text = record(
        a=f"Lancer {WARDEN} at 0,4 N; Hawk {RAIDER} at 1,4 N; Warden {LANCER} at -1,4 N",
        b=f"Lancer {RAIDER} at 0,-4 S; Hawk {HAWK} at 1,-4 S; Warden {WARDEN} at -1,-4 S",
        extra='[TurnLimit "10"]',
    )
    report = play(format_record(autoplay_battle(parse_record(text), "alike", turns=10)))
    assert report["ok"], report["problems"]
    assert sorted((s["side"], s["name"]) for s in report["ships"]) == [
        (side, name) for side in "AB" for name in ("Hawk", "Lancer", "Warden")
    ]
    assert recheck(report) > 5


def test_a_report_with_a_slip_in_it_fails_the_check() -> None:
    # The checker is not a rubber stamp: move a shot's die and it finds the table disagrees.
    report = play((SAMPLES / "full-battle.sbr").read_text(encoding="utf-8"))
    shot = next(
        s for st in report["steps"] if st["kind"] == "volley" for s in st["shots"] if s["damage"]
    )
    shot["die"] = 1
    with pytest.raises(AssertionError):
        recheck(report)


def test_the_dampers_soaking_and_burning_are_in_the_report_r7() -> None:
    # Turn 1: Sun at range 4, die 4: 2 energy points; Warden's damper soaks 1 and is kept, S.
    # Turn 2: range 2, die 6: 5 points; burning the damper soaks 4 (R7): O, then I.
    text = record(
        "1 initiative A 3 B 5",
        "1 B volley Sun > Warden: Ef r4 d4=2; Warden loses S",
        "2 initiative A 3 B 5",
        "2 B move Sun FF to 0,-2 S",
        "2 B volley Sun > Warden: Ef r2 d6=5; Warden loses O I",
        a=f"Warden {WARDEN} at 0,0 N",
        b=f"Sun {SUN} at 0,-4 S",
    )
    report = play(text)
    assert report["ok"], report["problems"]
    damage = [st["damage"][0] for st in report["steps"] if st["kind"] == "volley"]
    assert [(d["soaked"], d["dampers_burned"]) for d in damage] == [(1, 0), (4, 1)]
    assert [c["by"] for c in damage[1]["crossed"]] == [None, 0]
    recheck(report)
