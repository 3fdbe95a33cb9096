"""spaceships.engine.views (a fix made by the record checker): a player's own grid tells a fired
missile from a destroyed flying saucer cell; both used to be drawn `f`."""

from __future__ import annotations

from validate_support import STD

from notation.spaceships.cells import Cell
from notation.spaceships.parse import parse_record
from spaceships.engine.game import play_record
from spaceships.engine.views import LEGEND_OWN, player_view

FS_FLEET = STD.replace("PC Bz1 Bz2 Bz3 Bz4", "FS Bv4 Bv5 Bw4 Bw5")


def test_own_marks_draw_a_fired_missile_apart_from_a_destroyed_flying_saucer_cell() -> None:
    # Turn 1: A launches the missile at Yv3; B hits A's flying saucer at Bv4.
    text = f"A fleet: {FS_FLEET}\nB fleet: {STD}\n1 A: mYv3 Rz5\n1 B: Bv4\n"
    state = play_record(parse_record(text)).state
    assert state is not None
    marks = player_view(state, "A").own_marks()
    assert marks[Cell("Y", "v", 3)] == "*" and marks[Cell("B", "v", 4)] == "f"
    assert "*: fired missile" in LEGEND_OWN
