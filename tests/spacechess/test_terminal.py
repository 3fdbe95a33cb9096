"""`spaceships chess play`: Space Chess against the computer in the terminal, played as a person
would: mistakes are explained and play nothing, Ctrl-C and EOF leave with the record so far, and
the record at the end replays through `spaceships chess check`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image
from terminal_support import typed

from notation.spacechess.record import Record
from spacechess.computer.player import Computer
from spacechess.computer.terminal import TerminalGame
from spacechess.engine.check import replay

ROOT = Path(__file__).resolve().parents[2]


def _game(lines: list[str], side: int = 0, pictures: Path | None = None, interrupt: bool = False):
    out: list[str] = []
    ask = typed(lines, out, interrupt)
    game = TerminalGame(Computer("random", "t"), ask, out.append, side, pictures)
    position = game.run()
    return position, "\n".join(out)


def _record(text: str) -> Record:
    return Record.parse(text.split("The record of the game:\n", 1)[1])


def test_mistakes_are_explained_and_play_nothing() -> None:
    _, text = _game(["Ab1-Ab9", "Ab1-Ab3 Ba1>Bb1", "Ab3-Ac2", "Ab1-Ac3", "Eb1-Eb3", "resign"])
    # A misspelt cell: where, and the ranks there are.
    assert "`Ab9` is not a cell" in text and "the ranks are 1-4" in text
    # Two actions on the first turn, which has one [SC2].
    assert "That is 2 actions; this turn has 1 [SC2]. Nothing was played." in text
    # No ship there: the player's own ships are listed.
    assert "Ab3 holds nothing" in text and "act with a ship of your own" in text
    # Not a straight line [SC3].
    assert "[SC3]" in text
    record = _record(text)
    assert [str(a) for a in record.turns[0].actions] == ["Eb1-Eb3"]


def test_resigning_gives_a_record_the_checker_accepts() -> None:
    _, text = _game(["Eb1-Eb3", "resign"])
    assert "The computer wins: you resigned." in text
    record = _record(text)
    assert record.tags["Termination"] == "resignation"
    assert record.tags["Result"] == "Aliens win"
    assert replay(record).problem is None


def test_ctrl_c_leaves_with_the_record_so_far() -> None:
    _, text = _game(["Eb1-Eb3"], interrupt=True)
    assert "Left the game." in text and "Traceback" not in text
    record = _record(text)
    assert record.tags["Result"] == "*" and replay(record).problem is None


def test_a_whole_game_played_to_the_end_replays() -> None:
    # Passing every turn: the random computer ends the game one way or the other.
    position, text = _game(["Eb1-Eb3"] + ["pass"] * 200, side=0)
    record = _record(text)
    done = replay(record)
    assert done.problem is None and done.position is not None
    assert done.position.result == position.result


def test_pictures_are_drawn_before_the_first_turn_and_after_each(tmp_path: Path) -> None:
    # Two turns and a resignation: a picture before any turn, then one after each.
    _game(["Eb1-Eb3", "pass", "resign"], side=0, pictures=tmp_path)
    drawn = sorted(tmp_path.glob("*.png"))
    assert len(drawn) >= 3 and all(Image.open(p).format == "PNG" for p in drawn)


def test_playing_the_aliens_the_computer_moves_first_and_moves_shows_a_ships_options() -> None:
    _, text = _game(["moves Hd3", "moves Ab1", "moves", "board", "resign"], side=1)
    assert "Turn 1, the computer (Terrans):" in text
    assert "The fighter on Hd3:" in text
    assert "Ab1 holds no ship of yours." in text
    assert "Say which ship: `moves Ab1`." in text


def test_the_command_line_plays_and_never_shows_a_traceback() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "spaceships_cli",
            "chess",
            "play",
            "--level",
            "random",
            "--seed",
            "1",
        ],
        input="help\nZz9-Ab1\nEb1-Eb3\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert "`Zz9` is not a cell" in run.stdout or "Zz9" in run.stdout
    assert '[Result "*"]' in run.stdout


# -- issue 36, item 14 ---------------------------------------------------------------------------


def test_an_action_written_with_spaces_is_explained_not_counted_as_three() -> None:
    position, out = _game(["Ab1 - Ab3", "M@Ab2"])
    assert "`Ab1 - Ab3` has spaces in it: an action is one word, `Ab1-Ab3`" in out, out
    assert "That is 3 actions" not in out
    assert position.turn >= 2  # the next line was played


def test_the_same_computer_again_keeps_the_side() -> None:
    _, out = _game(["resign"], side=1)
    assert "`spaceships chess play --level random --side aliens --seed t`" in out, out
    _, out = _game(["resign"], side=0)
    assert "`spaceships chess play --level random --seed t`" in out, out


def _command_line(*args: str, lines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spaceships_cli", "chess", "play", *args],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
        timeout=300,
    )


def test_think_sets_the_computers_time_and_the_end_says_how_to_play_it_again() -> None:
    """`--think 0.2` with a seed: the deep level plays as the Terrans, and the line to play the
    same computer again carries the level, the thinking time and the seed."""
    run = _command_line(
        "--level", "deep", "--think", "0.2", "--seed", "7", "--side", "aliens", lines="quit\n"
    )
    assert run.returncode == 0, run.stderr
    assert "level deep: the strongest" in run.stdout
    assert "Turn 1, the computer (Terrans):" in run.stdout
    assert "spaceships chess play --level deep --side aliens --think 0.2 --seed 7" in run.stdout


def test_a_thinking_time_of_nothing_is_refused_without_a_traceback() -> None:
    run = _command_line("--think", "0", lines="quit\n")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "--think" in run.stderr and "0.05" in run.stderr


def test_the_board_is_drawn_as_text_from_the_start() -> None:
    # Issue 47 item 2: no game played blind; every rhombus a grid whose cells are named by eye.
    _, text = _game(["resign"])
    start = text.split("Turn 1: your move")[0]
    assert "A  a b c d   B  a b c d   C  a b c d   D  a b c d   E  a b c d" in start, start
    assert "1  C F . .   1  G . . ." in start  # Aa1 command ship, Ab1 fighter, Ba1 gunship
    assert "4  # . s c   4  # . . g" in start  # Hc4 support ship, Hd4 command ship, Jd4
    assert "Terrans in capitals, Aliens in small letters" in start
    assert "in the box: 5 mines, 4 impactors" in start  # the stock is still said


def test_a_word_that_is_no_command_and_no_action_is_told_so_not_called_a_cell() -> None:
    _, text = _game(["foo", "Zz9", "Ab1", "resign"])
    assert "`foo` is no command here and no action" in text, text
    assert "the other words are help, board, moves CELL, picture, resign, quit" in text
    assert "`Zz9` is no cell either: a cell is a rhombus" in text
    assert "a cell alone is no action: `Ab1-...` moves" in text  # a real cell alone
    assert text.count("a cell alone is no action") == 1, text


def test_a_refused_second_action_says_its_hint_reads_the_board_after_the_first() -> None:
    _, text = _game(["Eb1-Eb3", "Eb3-Eb4 Eb3-Ec3", "resign"])
    said = text.split("`Eb3-Ec3`: ", 1)[1].split("turn 3>", 1)[0]
    assert "Eb3 holds nothing" in said, said
    assert "(as the board stands after `Eb3-Eb4`, which comes first in this turn)" in said, said
    assert "fighter Eb4" in said  # the ships listed are where the first action leaves them


def test_a_shot_point_blank_into_ones_own_ship_is_warned_of_and_played_when_repeated() -> None:
    position, text = _game(["Ea1>Eb1", "Ea1>Eb1", "resign"])
    assert "`Ea1>Eb1` fires point-blank into your own fighter on Eb1" in text, text
    assert "type the same line again to play it" in text
    record = _record(text)
    assert [str(a) for a in record.turns[0].actions] == ["Ea1>Eb1"]
