"""`spaceships play`: a game against the computer in the terminal, played as a person would:
mistakes get the judge's messages, EOF and Ctrl-C leave quietly, the record comes at the end."""

from __future__ import annotations

import re

from click.testing import CliRunner

from computer.cli import play
from computer.player import Computer
from computer.terminal import TerminalGame
from engine import Ruleset
from engine.testing import FLEET_A
from notation.parse import parse_record
from validate.validation import validate_record


def _game(lines: list[str], level: str = "hunt", ruleset: str = "2.6.1"):
    out: list[str] = []
    feed = iter(lines)

    def ask(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    game = TerminalGame(Ruleset.from_tags(ruleset), Computer(level, "t"), ask, out.append)
    state = game.run()
    return state, "\n".join(out)


def test_a_whole_game_ends_with_the_record_which_the_checker_accepts() -> None:
    state, text = _game([FLEET_A] + ["pass"] * 100)
    assert state is not None and state.over
    assert "The computer wins" in text
    record_text = text.split("The record of the game:\n", 1)[1]
    record = parse_record(record_text)
    assert validate_record(record).ok
    assert "Player B's space, as known" in text


def test_mistakes_get_the_judges_messages_and_the_game_goes_on() -> None:
    state, text = _game(
        [
            "DS Rv1",  # a fleet that breaks the rules
            FLEET_A,
            "",
            "Gx3 Qx4",  # not a cell
            "Gx3 Gx4 Gx5 Gy1 Gy2 Gy3 Gy4 Gy5 Gz1 Gz2",  # more strikes than entitled
            "help",
            "Gx3 mYw3 Gx4",
        ]
    )
    assert "Your fleet breaks the rules" in text
    assert "Your orders could not be read; nothing changed." in text
    assert "`Qx4` is not a cell" in text and "^^^" in text
    assert "break the rules and are refused whole; nothing changed:" in text
    assert "[4.4.1]" in text
    assert "a missile launch from your missile" in text
    assert "Your orders: Gx3 mYw3 Gx4" in text
    assert "Turn 1\n  A: strike Gx3" in text
    assert "Left the game. Nothing is kept." in text  # input ran out: EOF
    assert state is None


def test_the_player_never_sees_the_computers_orders_or_fleet_before_the_end() -> None:
    """Swap test [1.4, 2.2.2]: two computers with different fleets and launch habits but the
    same visible play would print the same; here, simply: no launch cell, no fleet line."""
    state, text = _game([FLEET_A, "pass", "pass"], level="expert")
    before_end = text
    assert state is None  # input ran out before the end
    assert not re.search(r"(?<![A-Za-z])m[ROYGBv-z1-5]{1,3}\b", before_end.replace("missile", ""))
    computer_fleet = Computer("expert", "t").fleet(Ruleset.from_tags("2.6.1"), "B")
    for ship in computer_fleet.ships:
        assert str(ship) not in before_end


def test_ctrl_c_leaves_without_a_traceback() -> None:
    def ask(prompt: str) -> str:
        raise KeyboardInterrupt

    out: list[str] = []
    game = TerminalGame(Ruleset.from_tags("classic"), Computer("random", "t"), ask, out.append)
    assert game.run() is None
    assert "Left the game" in out[-1]


def test_resign_prints_the_record_so_far() -> None:
    state, text = _game(["random", "Gx3", "resign"])
    assert "You resigned; the computer wins." in text
    assert '[Termination "A resigned"]' in text


def test_the_command_line_plays_with_a_seed_and_refuses_a_bad_ruleset() -> None:
    runner = CliRunner()
    result = runner.invoke(
        play, ["--seed", "5", "--level", "Random", "--ruleset", "classic"], input="random\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "level random" in result.output
    assert "HF" in result.output  # a classic fleet
    bad = runner.invoke(play, ["--ruleset", "3.0"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    assert "3.0" in bad.output
