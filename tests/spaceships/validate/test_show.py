"""`spaceships show`: the spaces as the five 5x5 grids of 11.3, as a player may know them or
as the umpire sees them; colour on request or on a terminal, plain when piped; a legend."""

from __future__ import annotations

import re

from validate_support import SAMPLES, game, run, run_files

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SAMPLE = SAMPLES / "results-syntax.ssr"  # turn 1 of a 2.6.1 game, both fleets known


def grid_rows(text: str, title: str) -> list[str]:
    """The five rows of the grids under `title`."""
    lines = text.splitlines()
    start = lines.index(title)
    return lines[start + 3 : start + 8]


def test_the_umpire_sees_both_spaces_with_ships_damage_fired_missiles_and_misses() -> None:
    out = run_files("show", SAMPLE).output
    assert "the umpire's view" in out
    b_rows = grid_rows(out, "Player B's space")
    # B's MD Ov5 Ow5 Ox5: Ov5 fired (*), Ow5 and Ox5 destroyed by A's missile explosion (m).
    assert b_rows[4].split()[6:9] == ["*", "m", "m"]
    a_rows = grid_rows(out, "Player A's space")
    assert a_rows[0].split()[1:3] == ["D", "d"]  # Rv1 undamaged, Rw1 hit
    assert "legend:" in out


def test_a_player_never_sees_the_opponents_undamaged_unknown_ships() -> None:
    out = run_files("show", SAMPLE, extra=("--player", "A")).output
    known = grid_rows(out, "Player B's space, as known to A")
    # Row 4 (after its label): B's death star cells Gw4, Bv4, Bw4 were never struck: unknown
    # to A, drawn empty (Gv4 was hit: x).
    row = known[3].split()
    assert row[16:18] == ["x", "."] and row[21:23] == [".", "."]
    # A's strikes: Rx3 hit (x), Rv1 a miss (o); the fired missile Ov5 is not A's to know.
    assert known[2].split()[3] == "x" and known[0].split()[1] == "o"
    assert "*" not in "\n".join(known)
    own = grid_rows(out, "Player A's space (own)")
    assert own[0].split()[1:3] == ["D", "d"]


def test_turn_0_is_the_fleets_after_setup() -> None:
    out = run_files("show", SAMPLE, extra=("--turn", "0")).output
    assert "after setup" in out
    rows = "\n".join(grid_rows(out, "Player A's space"))
    assert "d" not in rows and "o" not in rows


def test_colour_when_asked_plain_otherwise() -> None:
    coloured = run_files("show", SAMPLE, extra=("--colour",)).output
    plain = run_files("show", SAMPLE).output  # the test runner is no terminal
    assert ANSI.search(coloured) and not ANSI.search(plain)
    assert ANSI.sub("", coloured) == plain
    assert not ANSI.search(run_files("show", SAMPLE, extra=("--no-colour",)).output)


def test_a_record_without_fleets_is_not_drawn() -> None:
    result = run("show", game("1 A: Gx1", a=None, b=None))
    assert result.exit_code == 1 and "no fleets" in result.output


def grids_only(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:3].strip() in {"1", "2", "3", "4", "5"}]


def test_a_private_record_draws_what_the_players_view_of_the_whole_game_shows() -> None:
    whole = SAMPLES / "game-2.6.1-long.ssr"
    for player in "AB":
        own = SAMPLES / "private" / f"game-2.6.1-long-{player}.ssr"
        for turn in ("3", "17", "31"):
            private = run_files("show", own, extra=("--turn", turn)).output
            view = run_files("show", whole, extra=("--turn", turn, "--player", player)).output
            assert grids_only(private) == grids_only(view)
            assert f"player {player}'s view from {player}'s own record" in private


def test_a_private_record_shows_only_its_owners_view() -> None:
    own = SAMPLES / "private" / "game-2.6.1-long-A.ssr"
    result = run_files("show", own, extra=("--player", "B"))
    assert result.exit_code == 1 and "shows only A's view" in result.output
