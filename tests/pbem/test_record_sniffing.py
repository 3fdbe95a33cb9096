"""Which game a record is for, asked of the registered kinds (pbem.registry): each game scores
its own records (notation/<game>/sniff.py), the tag first, then the lines; the command lines,
the replay page and `spaceships check` all ask this one question [issue 31, item 1]."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.spaceships.sniff import spaceships_lines
from pbem.registry import record_kind, tagged_game, which_game

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("example-2.6.1.ssr", "Spaceships"),
        ("game-classic.ssr", "Spaceships"),
        ("battles/full-battle.sbr", "Spaceship Battles"),
        ("battles/opening.sbr", "Spaceship Battles"),
        ("spacechess/short.scr", "Space Chess"),
        ("spacechess/long.scr", "Space Chess"),
    ],
)
def test_each_sample_is_named_for_its_own_game(name: str, title: str) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert which_game(text) == title
    assert record_kind(text).about.title == title


def test_a_tag_outweighs_the_lines_unless_told_to_read_the_lines_alone() -> None:
    chess = (SAMPLES / "spacechess/short.scr").read_text(encoding="utf-8")
    body = "\n".join(line for line in chess.splitlines() if not line.startswith("[Game"))
    tagged = '[Game "Spaceship Battles"]\n' + body
    assert which_game(tagged) == "Spaceship Battles"
    assert which_game(tagged, by_tag=False) == "Space Chess"
    assert tagged_game(tagged) == ("Spaceship Battles", 1)


def test_a_tag_names_a_game_by_its_title_in_any_case_else_nothing() -> None:
    assert tagged_game('[Event "club"]\n[Game "space chess"]\n') == ("Space Chess", 2)
    assert tagged_game('[Game "alpha"]\n1 A: Gx3\n') is None  # a Spaceships game's own name
    assert tagged_game("1 A: Gx3\n") is None


def test_text_of_no_game_is_named_for_none() -> None:
    assert which_game("") is None
    assert which_game("Dear judge, how are you?\n") is None


def test_a_space_chess_turn_is_not_counted_as_a_spaceships_one() -> None:
    # `2 A: ...` starts like a Spaceships turn; a first action with a sign never is one.
    assert spaceships_lines("2 A: M@Hb4\n3 A: Eb1-Eb4\n4 A: pass\n") == 0
    assert spaceships_lines("A fleet: Gx3\n1 A: Rv3 Ov3\n1 A results: Rv3 miss\n") == 3
