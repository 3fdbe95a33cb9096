"""The rules of Space Chess, one behaviour a test, with the working in comments; SC numbers are
the readings of docs/space-chess-readings.md.

Inside a rhombus the cells form a hex lattice: Cb2's neighbours are Cb1 Ca2 Ca3 Cb3 Cc2 Cc1, and
ranks (Cb1 Cb2 Cb3 Cb4), files (Ca2 Cb2 Cc2 Cd2) and the other diagonal (Ca3 Cb2 Cc1) are
straight lines.
"""

from __future__ import annotations

import pytest

from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from notation.spacechess.board import NEIGHBOURS
from notation.spacechess.cells import CELLS, cell_name
from notation.spacechess.pieces import (
    ALIENS,
    COMMAND,
    FIGHTER,
    GUNSHIP,
    MINE,
    SUPPORT,
    TERRANS,
    unit,
)
from spacechess.engine.position import Impactor, setup, start
from spacechess.engine.rules import IllegalAction, legal_actions, perft, play


def c(name: str) -> int:
    return CELLS[name].number


def act(text: str) -> Action:
    """Actions as written in the tests: `Cb2-Cb4`, `Cb2>Cb3`, `M@Cb3`, `G@Cb3`, `pass`."""
    if text == "pass":
        return Action(PASS)
    if "-" in text:
        a, b = text.split("-")
        return Action(MOVE, c(a), c(b))
    if ">" in text:
        a, b = text.split(">")
        return Action(FIRE, c(a), c(b))
    letter, cell = text.split("@")
    return Action(REBUILD, -1, c(cell), {"G": GUNSHIP, "F": FIGHTER, "S": SUPPORT}[letter])


def mine(support: str, cell: str) -> Action:
    return Action(MINE_LAYING, c(support), c(cell), MINE)


def at(position, name: str) -> int:
    return position.board[c(name)]


# Two lone command ships far apart keep the game going in most tests.
FAR = {"Aa1": "TC", "Hd4": "AC"}


def test_start_position_each_fleet_round_its_command_ship_next_to_a_pole():
    # SC1: Terrans round Aa1 (next to N), Aliens the mirror image through the centre.
    p = start()
    assert p.to_move == TERRANS and p.actions_left == 1  # SC2: Terrans open with one action
    for side in (TERRANS, ALIENS):
        kinds = sorted(code & 7 for _, code in p.units(side))
        assert kinds == [COMMAND, GUNSHIP, GUNSHIP, FIGHTER, FIGHTER, SUPPORT]
    command = next(cell for cell, code in p.units(TERRANS) if code & 7 == COMMAND)
    assert cell_name(command) == "Aa1"
    assert {cell for cell, _ in p.units(TERRANS)} == {command, *NEIGHBOURS[command]} - {0}


def test_the_first_turn_has_one_action_then_two_each():
    p = start()
    p, _ = play(p, act("Ab1-Ab3"))
    assert (p.to_move, p.actions_left, p.turn) == (ALIENS, 2, 2)
    p, _ = play(p, act("pass"))
    assert (p.to_move, p.actions_left, p.turn) == (TERRANS, 2, 3)
    p, _ = play(p, act("Ab3-Ab4"))
    assert (p.to_move, p.actions_left) == (TERRANS, 1)


def test_a_ship_moves_up_to_two_in_a_straight_line_and_never_bends():
    p = setup({**FAR, "Cb1": "TS"})
    goals = {cell_name(a.target) for a in legal_actions(p) if a.origin == c("Cb1")}
    assert {"Cb2", "Cb3"} <= goals and "Cb4" not in goals  # 3 along the rank: too far (SC3)
    with pytest.raises(IllegalAction, match=r"SC3") as caught:
        play(p, act("Cb1-Cc2"))  # Cb1 > Cb2 > Cc2 bends
    assert "Cb2" in caught.value.hint


def test_a_fighter_runs_up_to_three_in_a_line():
    p = setup({**FAR, "Cb1": "TF"})
    p2, events = play(p, act("Cb1-Cb4"))  # SC4
    assert at(p2, "Cb4") == unit(TERRANS, FIGHTER) and events[0].what == "moved"


def test_a_move_may_not_jump_a_ship_a_mine_or_an_impactor():
    p = setup({**FAR, "Cb1": "TF", "Cb2": "TS"})
    with pytest.raises(IllegalAction, match=r"Cb2 holds a Terran support ship"):
        play(p, act("Cb1-Cb3"))
    p = setup({**FAR, "Cb1": "TF"}, impactors=(("Cb3", "Cc3", "A"),))
    assert act("Cb1-Cb2") in legal_actions(p)
    assert act("Cb1-Cb4") not in legal_actions(p)  # SC3: an impactor's cell is not free
    with pytest.raises(IllegalAction, match=r"holds an impactor"):
        play(p, act("Cb1-Cb3"))


def test_no_move_crosses_or_ends_on_a_pentagon():
    # Ca4 is a pentagon: Ca2 > Ca3 > Ca4 stops at Ca3.
    p = setup({**FAR, "Ca2": "TF"})
    goals = {cell_name(a.target) for a in legal_actions(p) if a.origin == c("Ca2")}
    assert "Ca3" in goals and "Ca4" not in goals
    assert all(not CELLS[g].is_pentagon for g in goals)


def test_a_fired_impactor_stands_in_front_then_flies_four_in_the_battle_stage():
    # SC6, SC7: fired from Cb1 towards Cb2; the turn's battle stage flies it Cb3 Cb4 and on.
    p = setup({**FAR, "Cb1": "TG"})
    p, events = play(p, act("Cb1>Cb2"))
    assert p.impactors == (Impactor(c("Cb2"), c("Cb1"), TERRANS),)
    p, events = play(p, act("pass"))
    (flight,) = [e for e in events if e.what == "advanced"]
    assert [cell_name(x) for x in flight.cells][:3] == ["Cb2", "Cb3", "Cb4"]
    assert len(flight.cells) == 5 and p.impactors[0].cell == flight.cells[-1]


def test_an_impactor_destroys_the_first_unit_in_its_path_friend_or_foe():
    # The impactor at Cb2 (from Cb1) flies Cb3 Cb4 Gb1 Gb2: the own fighter at Cb4 goes, the
    # alien fighter behind it at Gb2 is safe, and the impactor is used up (SC7).
    p = setup({**FAR, "Cb4": "TF", "Gb2": "AF"}, impactors=(("Cb2", "Cb1", "T"),))
    p2, events = play(p, act("pass"))
    assert at(p2, "Cb4") == 0 and at(p2, "Gb2") == unit(ALIENS, FIGHTER)
    assert p2.impactors == ()
    assert [e.what for e in events if e.cells[-1:] == (c("Cb4"),)] == ["advanced", "destroyed"]


def test_an_impactor_dissipates_on_a_pentagon():
    # Ca2 > Ca3 > Ca4 (a pentagon): gone after two cells (SC7).
    p = setup(FAR, impactors=(("Ca2", "Ca1", "A"),))
    p2, events = play(p, act("pass"))
    assert p2.impactors == ()
    (gone,) = [e for e in events if e.what == "dissipated"]
    assert cell_name(gone.cells[-1]) == "Ca4"


def test_two_impactors_meeting_head_on_are_both_lost():
    # Cb1 (heading Cb2...) and Cb4 (heading Cb3...) cross between Cb2 and Cb3 (SC7).
    p = setup(FAR, impactors=(("Cb2", "Cb1", "T"), ("Cb3", "Cb4", "A")))
    p2, events = play(p, act("pass"))
    assert p2.impactors == ()
    assert sorted(e.what for e in events if e.what == "collided") == ["collided", "collided"]


def test_a_full_orbit_brings_an_impactor_home():
    # An impactor on a loop of 20 comes back to its gunship after 5 advances of 4.
    p = setup({**FAR, "Cb2": "TG"})
    p, _ = play(p, act("Cb2>Cc2"))  # along the file Cc2 Cd2 ... round the ball
    for _ in range(4):
        p, _ = play(p, act("pass"))
        assert at(p, "Cb2") == unit(TERRANS, GUNSHIP)
    p, events = play(p, act("pass"))
    assert at(p, "Cb2") == 0, [str(e) for e in events]


def test_firing_point_blank_destroys_the_unit_in_front():
    p = setup({**FAR, "Cb2": "TG", "Cb3": "AF"})
    p2, events = play(p, act("Cb2>Cb3"))  # SC6
    assert at(p2, "Cb3") == 0 and p2.impactors == ()
    assert events[1].what == "destroyed"


def test_no_firing_into_a_pentagon_and_at_most_four_in_flight():
    p = setup({**FAR, "Ca3": "TG"})
    with pytest.raises(IllegalAction, match=r"pentagon.*SC6"):
        play(p, act("Ca3>Ca4"))
    four = tuple((f"Eb{k}", f"Eb{k - 1}", "T") for k in (2, 3, 4)) + (("Db2", "Db1", "T"),)
    p = setup({**FAR, "Cb2": "TG"}, impactors=four)
    assert not any(a.verb == FIRE for a in legal_actions(p))
    with pytest.raises(IllegalAction, match=r"all 4 of your impactors"):
        play(p, act("Cb2>Cb3"))


def test_mines_go_next_to_the_support_ship_never_next_to_an_enemy():
    # Support ship on Cb2 (neighbours Cb1 Ca2 Ca3 Cb3 Cc2 Cc1); an Alien fighter on Cd1 touches
    # Cc1 and Cc2 (Cd1 is a neighbour of both), so only Cb1 Ca2 Ca3 Cb3 take a mine (SC9).
    p = setup({**FAR, "Cb2": "TS", "Cd1": "AF"})
    targets = {cell_name(a.target) for a in legal_actions(p) if a.verb == MINE_LAYING}
    assert targets == {"Cb1", "Ca2", "Ca3", "Cb3"}
    with pytest.raises(IllegalAction, match=r"next to the Alien fighter at Cd1.*SC9"):
        play(p, mine("Cb2", "Cc2"))
    p = setup({**FAR, "Cb2": "TS", "Cd2": "AM"})
    with pytest.raises(IllegalAction, match=r"next to the Alien mine at Cd2.*SC9"):
        play(p, mine("Cb2", "Cc2"))


def test_a_refused_mine_is_told_only_the_cells_it_may_take():
    # Same board as above plus a Terran fighter on Cb1: of Cb2's neighbours, Cb1 is taken and
    # Cc1 Cc2 touch the Alien fighter on Cd1, so Ca2 Ca3 Cb3 are the only cells to name (SC9).
    p = setup({**FAR, "Cb2": "TS", "Cb1": "TF", "Cd1": "AF"})
    for wrong in ("Cd3", "Cb1", "Cc2"):
        with pytest.raises(IllegalAction) as caught:
            play(p, mine("Cb2", wrong))
        assert caught.value.hint == "one of Ca2 Ca3 Cb3", wrong


def test_a_side_has_five_mines_on_the_board_at_most():
    mines = {n: "TM" for n in ("Ea2", "Ea3", "Eb2", "Eb3", "Ec2")}
    p = setup({**FAR, **mines, "Cb2": "TS"})
    assert p.mines_in_stock(TERRANS) == 0
    assert not any(a.verb == MINE_LAYING for a in legal_actions(p))


def test_battle_the_weaker_or_equal_side_is_destroyed():
    # Cb2 (T fighter, with a friend at Cb1: power 1) against Cb3 (A fighter alone: power 0).
    p = setup({**FAR, "Cb1": "TF", "Cb2": "TF", "Cb3": "AF"})
    p2, _ = play(p, act("pass"))
    assert at(p2, "Cb3") == 0 and at(p2, "Cb2") and at(p2, "Cb1")


def test_battle_equal_power_destroys_both():
    p = setup({**FAR, "Cb2": "TF", "Cb3": "AF"})
    p2, _ = play(p, act("pass"))
    assert at(p2, "Cb2") == 0 and at(p2, "Cb3") == 0


def test_a_unit_lost_in_two_pairs_is_told_the_strongest_enemy():
    # The lone T fighter Cb2 (power 0) loses to Cb1 (power 2) and to Cb3 (power 3): its reason
    # names the stronger enemy, the one a player sees it fall to (SC8), not the first string.
    p = setup(
        {**FAR, "Cb2": "TF", "Cb1": "AF", "Ca1": "AF", "Da1": "AF"}
        | {"Cb3": "AF", "Ca4": "AF", "Cb4": "AF", "Cc3": "AF"}
    )
    _, events = play(p, act("pass"))
    (fell,) = [e for e in events if e.what == "destroyed" and e.cells == (c("Cb2"),)]
    assert fell.why == "power 0 against 3 [SC8]"


def test_battle_mines_fight_give_power_and_are_spent():
    # T fighter Cb2 with T mine Cb1 (power 1) against A fighter Cb3 (power 0): the A fighter
    # is destroyed and the mine that gave its power is spent (SC8).
    p = setup({**FAR, "Cb1": "TM", "Cb2": "TF", "Cb3": "AF"})
    p2, events = play(p, act("pass"))
    assert at(p2, "Cb3") == 0 and at(p2, "Cb2") and at(p2, "Cb1") == 0
    assert {e.what for e in events} >= {"destroyed", "spent"}
    # A lone mine and a lone ship: power 0 against 0, both go.
    p = setup({**FAR, "Cb2": "TM", "Cb3": "AF"})
    p2, _ = play(p, act("pass"))
    assert at(p2, "Cb2") == 0 and at(p2, "Cb3") == 0


def test_rebuild_takes_both_actions_next_to_the_command_ship():
    p = setup({"Cb2": "TC", "Hd4": "AC"})  # every other Terran ship is lost
    rebuilds = [a for a in legal_actions(p) if a.verb == REBUILD]
    assert {a.kind for a in rebuilds} == {GUNSHIP, FIGHTER, SUPPORT}
    assert {a.target for a in rebuilds} == set(NEIGHBOURS[c("Cb2")])
    p2, _ = play(p, act("G@Cb3"))
    assert at(p2, "Cb3") == unit(TERRANS, GUNSHIP) and p2.to_move == ALIENS  # SC10
    p1, _ = play(p, act("Cb2-Cb3"))
    with pytest.raises(IllegalAction, match=r"both actions.*SC10"):
        play(p1, act("F@Cb2"))


def test_destroying_the_enemy_command_ship_wins_at_once():
    p = setup({"Aa1": "TC", "Cb2": "TG", "Cb3": "AC"})
    p2, events = play(p, act("Cb2>Cb3"))
    assert p2.result == "T" and events[-1].what == "won"
    assert legal_actions(p2) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        play(p2, act("pass"))


def test_both_command_ships_lost_in_one_battle_is_a_draw():
    p = setup({"Cb2": "TC", "Cb3": "AC"})
    p2, events = play(p, act("pass"))  # 0 against 0: both (SC8, SC11)
    assert p2.result == "draw" and events[-1].what == "drawn"


def test_acting_with_what_is_not_yours_says_so():
    p = setup({**FAR, "Cb2": "AF"})
    with pytest.raises(IllegalAction, match=r"Cb2 holds the Alien fighter") as caught:
        play(p, act("Cb2-Cb3"))
    assert "command ship Aa1" in caught.value.hint


# Pinned like a chess engine's perft: any change to the rules or the start shows here.
@pytest.mark.parametrize(("depth", "count"), [(1, 49), (2, 2303), (3, 123849)])
def test_perft_from_the_start(depth, count):
    assert perft(start(), depth) == count


def test_the_same_position_a_third_time_is_a_draw():
    # The command ships step out and back: the position after each back-step repeats (SC12).
    from spacechess.engine.game import Game

    game = Game(setup(FAR, turn=2))
    moves = ["Aa1-Aa2", "pass", "Hd4-Hc4", "pass", "Aa2-Aa1", "pass", "Hc4-Hd4", "pass"]
    events = []
    for text in moves * 3:
        events = game.play(act(text))
        if game.position.result is not None:
            break
    assert game.position.result == "draw"
    assert "third time [SC12]" in str(events[-1])
    # The start stands again after 4 turns (8 actions) and a third time after 8 turns.
    assert len(game.actions) == 16


def test_fifty_quiet_turns_and_turn_300_are_draws():
    p = setup(FAR)
    quiet = p.__class__(p.board, (), 0, 2, 10, 49)
    p2, events = play(quiet, act("pass"))
    assert p2.result == "draw" and "50 turns in a row without a loss" in str(events[-1])
    late = p.__class__(p.board, (), 0, 2, 300, 0)
    p2, events = play(late, act("pass"))
    assert p2.result == "draw" and "300 turns" in str(events[-1])
    # A loss resets the count: a point-blank shot on turn 10 of a quiet spell.
    shooting = setup({**FAR, "Cb2": "TG", "Cb3": "AF"})
    shooting = shooting.__class__(shooting.board, (), 0, 2, 10, 49)
    p2, _ = play(shooting, act("Cb2>Cb3"))
    p3, _ = play(p2, act("pass"))
    assert p3.result is None and p3.quiet == 0


def test_a_rebuilt_support_ship_lays_from_the_sides_box():
    # Four mines on the board and the support ship lost: rebuilt, it may lay the fifth (SC9, SC10).
    mines = {n: "TM" for n in ("Ea2", "Ea3", "Eb2", "Eb3")}
    p = setup(
        {"Cb2": "TC", "Hd4": "AC", **mines, "Ab1": "TG", "Ab2": "TG", "Ab3": "TF", "Ac1": "TF"}
    )
    p, _ = play(p, act("S@Cb3"))
    p, _ = play(p, act("pass"))
    assert any(a.verb == MINE_LAYING for a in legal_actions(p))
    p, _ = play(p, mine("Cb3", "Cb4"))
    assert p.mines_in_stock(TERRANS) == 0


def test_a_rebuild_of_a_ship_not_lost_says_what_may_be_rebuilt_in_words():
    # Issue 36, item 16: "you may rebuild fighter", "you may rebuild nothing now" were said.
    with pytest.raises(IllegalAction) as nothing:
        play(start(), act("G@Ab2"))
    assert nothing.value.hint == "none of your ships is destroyed, so there is nothing to rebuild"
    p = setup({"Aa1": "TC", "Ba1": "TG", "Ea1": "TG", "Ab1": "TF", "Aa2": "TS", "Hd4": "AC"})
    with pytest.raises(IllegalAction) as one:
        play(p, act("G@Ab2"))
    assert one.value.hint == (
        "you may rebuild a fighter (`F@` and a free cell next to your command ship)"
    )
