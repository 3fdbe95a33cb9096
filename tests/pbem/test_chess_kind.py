"""Who Space Chess is to the judge (issue 22; the plan's identity fields): its title, its
computer's levels and their mistakes, how a result scores, settings it has not refused with
why, and its records told from the other games' by their text alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from spacechess.judge import GAME

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_its_title_words_and_stored_ruleset() -> None:
    assert (GAME.name, GAME.about.title) == ("chess", "Space Chess")
    assert (
        "chess" in GAME.about.words
        and GAME.about.rulesets("chess")
        and not GAME.about.rulesets("2.6.1")
    )
    assert GAME.records.record_suffix == ".scr" and GAME.show.private_results is False


def test_its_levels_the_default_and_a_level_it_has_not() -> None:
    assert GAME.about.levels == ("random", "greedy", "search", "deep")
    assert GAME.about.default_level == "search"
    assert GAME.about.level_named(None) == "search"
    assert GAME.about.level_named(" Greedy ") == "greedy"
    with pytest.raises(ValueError, match=r"`hunt` is not a level of the Space Chess computer"):
        GAME.about.level_named("hunt")


def test_every_level_has_its_measured_rating_stronger_levels_higher() -> None:
    # Measured by bench/ladder.py: a level counted at 1500 unmeasured would be a rating to farm.
    ratings = GAME.about.computer_ratings
    assert set(ratings) == set(GAME.about.levels)
    assert [ratings[level].mu for level in GAME.about.levels] == sorted(
        ratings[level].mu for level in GAME.about.levels
    )


def test_a_win_a_loss_a_draw_and_a_cancel_score_for_the_terrans_sc11_sc12() -> None:
    assert GAME.about.score is not None
    assert GAME.about.score({"winner": "A", "reason": "the enemy command ship is destroyed"}) == 1.0
    assert GAME.about.score({"winner": "B", "reason": "resigned"}) == 0.0
    assert GAME.about.score({"winner": None, "reason": "the same position a third time"}) == 0.5
    assert GAME.about.score({"winner": None, "drawn": True, "reason": "drawn by agreement"}) == 0.5
    agreed = {"winner": "draw", "drawn": True, "reason": "drawn by agreement [SC12]"}
    assert GAME.about.score(agreed) == 0.5  # as an agreed draw is stored (issue 36, item 6)
    assert GAME.about.score({"winner": None, "cancelled": True, "reason": "cancelled"}) is None


def test_a_setting_of_another_game_is_refused_with_why() -> None:
    assert "[SC2]" in GAME.about.describe_settings({"deadline": "48h"})
    with pytest.raises(ValueError, match=r"Space Chess has no `budget`"):
        GAME.about.describe_settings({"budget": "300"})


def test_its_records_are_told_from_the_other_games_by_their_text() -> None:
    assert GAME.records.sniff((SAMPLES / "spacechess/short.scr").read_text())
    untagged = "1 T: M@Ab2\n2 A: M@Hb4 M@Gd2\n"
    assert GAME.records.sniff(untagged)
    for other in ("game-2.6.1-long.ssr", "battles/full-battle.sbr"):
        assert not GAME.records.sniff((SAMPLES / other).read_text()), other


def test_help_chess_by_mail_and_in_discord() -> None:
    mail, discord = (GAME.about.help_topics["chess"](front) for front in ("mail", "discord"))
    assert "orders 3: Eb1-Eb4 Ba1>Bb1" in mail and "PASSWORD" in mail
    assert "/spaceships orders text:Eb1-Eb4 Ba1>Bb1" in discord and "PASSWORD" not in discord
    assert any("create NAME chess" in line for line in GAME.about.create_usage)
