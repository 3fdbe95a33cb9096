"""Views [1.4, 2.2, 7, 11.3; docs/architecture.md]: a player sees exactly what the rules let them
see. The strongest check: two games that differ only in what B keeps hidden give A the same
view."""

from __future__ import annotations

from notation.spaceships.cells import Cell
from spaceships.engine import observer_view, player_view
from spaceships.engine.testing import FLEET_B, play


def c(text: str) -> Cell:
    return Cell(text[0], text[1], int(text[2]))


def test_missile_or_conventional_strike_looks_the_same_to_the_opponent() -> None:
    # B strikes Rv3 and Gx1 either conventionally or with one as a missile from Ow5.
    plain = play("1 A: Rx3\n1 B: Rv3 Gx1\n2 A: Ry3")
    missile = play("1 A: Rx3\n1 B: mOw5 Rv3 Gx1\n2 A: Ry3")
    assert player_view(plain.state, "A") == player_view(missile.state, "A")
    assert observer_view(plain.state) == observer_view(missile.state)
    # B itself sees its own launch.
    assert player_view(plain.state, "B") != player_view(missile.state, "B")


def test_opponents_unseen_ships_and_materiel_are_hidden() -> None:
    # B's flying saucer or a patrol cruiser (same cost, other materiel layout), never struck.
    other_b = FLEET_B.replace("FS Yy1 Yy2 Yz1 Yz2", "PC Yy1 Yy2 Yy3 Yy4")
    turns = "1 A: Rx3 Rz1\n1 B: Rv1"
    one, two = play(turns), play(turns, b=other_b)
    assert player_view(one.state, "A") == player_view(two.state, "A")
    view = player_view(one.state, "A")
    assert view.opponent_fleet is None and view.opponent_materiel is None and view.result is None


def test_opponents_missile_launch_cells_appear_nowhere_in_the_view() -> None:
    launch = repr(c("Ox5"))
    view = player_view(play("1 B: mOx5 Rv3").state, "A")
    assert launch not in repr(view)
    assert launch in repr(player_view(play("1 B: mOx5 Rv3").state, "B"))


def test_player_sees_both_sides_aspects_results_and_flashcube_data() -> None:
    g = play("1 A: Gz4 Gz5 sRx3\n1 B: Oz5")
    view = player_view(g.state, "A")
    (turn,) = view.turns
    assert [str(e.cell) for e in turn.entries("A")] == ["Gz4", "Gz5", "Rx3"]
    assert [str(e.cell) for e in turn.entries("B")] == ["Oz5"]
    assert [str(x.ship) for x in view.enemy_destroyed] == ["HS"]
    assert [str(f) for f in view.flashcube] == ["Oz5 empty"]  # B's space at A's scout
    assert view.enemy[c("Rx3")].ship is True and view.enemy[c("Rx3")].destroyed is False
    assert view.enemy[c("Gz4")].type == "HS"
    # A's own side: its light scout is destroyed.
    assert c("Oz5") in view.destroyed and view.materiel == 21


def test_marks_for_grid_drawings() -> None:
    g = play("1 A: mv Gz4 Gz5 Rz1 sRx3\n1 B: Oz5 Rz5")
    view = player_view(g.state, "A")
    own = view.own_marks()
    assert own[c("Rv1")] == "D" and own[c("Yv3")] == "*" and own[c("Oz5")] == "l"
    assert own[c("Rz5")] == "o" and c("Rz4") not in own
    enemy = view.enemy_marks()
    assert enemy[c("Gz4")] == "h" and enemy[c("Rz1")] == "o" and enemy[c("Rx3")] == "#"


def test_everything_is_revealed_once_the_game_is_over() -> None:
    g = play("1 A: mRv1 Bz5", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    view = player_view(g.state, "A")
    assert view.over and view.opponent_fleet is not None and view.opponent_materiel == 0
    assert view.result is not None and view.result.winner == "A"
    obs = observer_view(g.state)
    assert obs.fleets is not None and obs.result is not None


def test_observer_view_holds_no_materiel_while_the_game_runs() -> None:
    obs = observer_view(play("1 A: Rx3").state)
    assert obs.result is None and obs.fleets is None
    assert "materiel" not in repr(obs)


def test_grids_draw_both_spaces_with_the_marks() -> None:
    view = player_view(play("1 A: Gz4 Gz5\n1 B: Oz5").state, "A")
    text = view.grids()
    assert "Your space (A)" in text and "Player B's space, as known" in text
    assert text.count(" h ") + text.count(" h\n") >= 1
