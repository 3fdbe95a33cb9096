"""Battle maps (issue 47, item 6): a ship's name never sits over a hex's coordinates, and a
movement phase's map draws a trail of where each ship came from."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from battles.engine.play import play_record
from battles.pictures import battle_picture, battle_svg, draw_map, plan_map
from battles.pictures.trails import movement_trails
from notation.battles.hexes import Hex
from notation.battles.parse import parse_record
from notation.battles.records import Move
from notation.ink import PAPER
from notation.labels import overlap
from notation.vector import VectorDraw

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "battles"
COORDINATES = re.compile(r"-?\d+,-?\d+")


class Recording(VectorDraw):
    """The SVG drawing, keeping where each hex's coordinates and each name's ground went."""

    def __init__(self) -> None:
        super().__init__()
        self.coordinates: list[Any] = []
        self.grounds: list[Any] = []

    def text(self, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        if COORDINATES.fullmatch(text) and kwargs.get("anchor") == "mm":
            self.coordinates.append(self.textbbox(xy, text, font=kwargs.get("font"), anchor="mm"))
        super().text(xy, text, *args, **kwargs)

    def rectangle(self, xy: Any, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("fill") == PAPER:
            self.grounds.append(tuple(xy))
        super().rectangle(xy, *args, **kwargs)


def test_no_ships_name_is_written_over_a_hexs_coordinates() -> None:
    record = parse_record((SAMPLES / "full-battle.sbr").read_text())
    crowded = 0
    for k in range(1, len(record.events) + 1):
        ships = play_record(dataclasses.replace(record, events=record.events[:k])).state.ships
        draw = Recording()
        draw_map(draw, plan_map("t", ships))
        assert draw.grounds and draw.coordinates
        covered = [(c, g) for c in draw.coordinates for g in draw.grounds if overlap(c, g)]
        assert covered == [], (k, covered)
        crowded += len(draw.coordinates) < len(plan_map("t", ships).centres)
    assert crowded  # some maps had a name with no free place: that hex's coordinates gave way


def test_a_movement_maps_trail_runs_from_where_each_ship_began() -> None:
    record = parse_record((SAMPLES / "full-battle.sbr").read_text())
    at = [k for k, e in enumerate(record.events) if isinstance(e, Move) and e.turn == 2]
    moves = [record.events[k] for k in at]

    def ships(upto: int) -> Any:
        cut = dataclasses.replace(record, events=record.events[:upto])
        return play_record(cut, open_turn=True).state.ships

    before, after = ships(at[0]), ships(at[-1] + 1)
    trails = movement_trails(before, moves, after)
    (lancer,) = [key for key in trails if key[1] == "Lancer"]
    assert trails[lancer] == (Hex(0, 4), Hex(0, 3), Hex(0, 2), Hex(0, 1), Hex(0, 0))
    assert all(
        t[-1] == next(s.hex for s in after if (s.side, s.name) == k) for k, t in trails.items()
    )
    drawn = battle_picture("t", after, trails=trails)
    assert drawn != battle_picture("t", after)
    svg = battle_svg("t", after, trails=trails)
    assert "where a ship came from this phase" in svg and "<polyline" in svg
    assert "where a ship came from" not in battle_svg("t", after)  # no trail, no key line
