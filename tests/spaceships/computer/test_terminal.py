"""`spaceships play`: a game against the computer in the terminal, played as a person would:
mistakes get the judge's messages, EOF and Ctrl-C leave quietly, the record comes at the end."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from terminal_support import typed

from notation.spaceships.fleets import Fleet
from notation.spaceships.format import format_fleet
from notation.spaceships.orders import Order
from notation.spaceships.parse import parse_fleet, parse_orders, parse_record
from spaceships.computer.cli import play
from spaceships.computer.player import Computer
from spaceships.computer.terminal import TerminalGame
from spaceships.engine import PlayerView, Ruleset, check_fleet
from spaceships.engine.testing import FLEET_A
from spaceships.validate.validation import validate_record


def _game(lines: list[str], level: str = "hunt", ruleset: str = "2.6.1"):
    out: list[str] = []
    ask = typed(lines, out)
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


FLEET_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)
# The same fleet with its PC and MD elsewhere, on cells the player's orders below never touch.
FLEET_B_SWAPPED = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gv5 Gw5 Gx5 Gy5; "
    "MD Bz3 Bz4 Bz5; LS Yv5"
)


@dataclass(frozen=True)
class _Scripted:
    """A computer seat with a given fleet and each turn's orders (missiles from its MD)."""

    fleet_text: str
    turns: tuple[str, ...]
    level: str = "hunt"
    seed: str = "t"

    def fleet(self, ruleset: Ruleset, seat: str) -> Fleet:
        return parse_fleet(self.fleet_text)

    def orders(self, view: PlayerView) -> tuple[Order, ...]:
        return parse_orders(self.turns[view.turn - 1])


def test_1_4_swap_the_computers_hidden_ships_and_launch_cell_and_the_player_reads_the_same() -> (
    None
):
    """Swap test [1.4, 11.5.3]: where the computer's PC and MD lie, and the missile's launch
    cell, change nothing the player reads until the end (the record then shows them)."""
    lines = [FLEET_A, "Rx4 Rx5", "Bv1 Bv2 Bv3", "pass"]

    def transcript(fleet: str, *orders: str) -> str:
        out: list[str] = []
        computer = _Scripted(fleet, orders)
        ask = typed(lines, out)
        TerminalGame(Ruleset.from_tags("2.6.1"), computer, ask, out.append).run()  # type: ignore[arg-type]
        return "\n".join(out)

    one = transcript(FLEET_B, "mYz3 Rv1 Rv2", "mYz4 Rw1 Rw2", "mYz5 Gx3 Gx4")
    two = transcript(FLEET_B_SWAPPED, "mBz3 Rv1 Rv2", "mBz4 Rw1 Rw2", "mBz5 Gx3 Gx4")
    assert "Turn 3" in one and "Left the game" in one
    assert one == two


def test_ctrl_c_leaves_without_a_traceback() -> None:
    def ask(prompt: str) -> str:
        raise KeyboardInterrupt

    out: list[str] = []
    game = TerminalGame(Ruleset.from_tags("classic"), Computer("random", "t"), ask, out.append)
    assert game.run() is None
    assert "Interrupted: left the game" in out[-1] and game.interrupted


def _wait_until_reading(pid: int) -> None:
    """Until the process sleeps in a read of a pipe, as the kernel tells (/proc/PID/wchan); at
    most 30 s, after which it goes on regardless (a kernel that hides wchan)."""
    import time
    from pathlib import Path

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if "pipe_read" in Path(f"/proc/{pid}/wchan").read_text():
                return
        except OSError:
            return
        time.sleep(0.01)


def test_ctrl_c_in_the_terminal_exits_130_with_one_line_and_no_traceback() -> None:
    """As shells expect of a command left with Ctrl-C (issue 24): not 0, which reads as a game
    played out. A real process and a real SIGINT, sent once it asks for the fleet."""
    import os
    import signal
    import subprocess
    import sys

    # Ctrl-C reaches it as it reaches a shell's job, which Python answers with
    # KeyboardInterrupt: the test's own process may ignore SIGINT (pytest-xdist's workers do),
    # and an ignored signal stays ignored in the processes it starts.
    start = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from spaceships_cli import main; main()"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", start, "play", "--seed", "5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        text=True,
    )
    assert process.stdout is not None
    seen = ""
    while "`help` says more" not in seen:  # the fleet's prompt has come: input() waits
        line = process.stdout.readline()
        assert line, seen
        seen += line
    # Sent only once it is blocked reading its input: a signal that lands in the instant between
    # the prompt and the read is noted but not acted on until the next input, which never comes
    # (CPython checks for signals between steps of Python code, not inside one C call).
    _wait_until_reading(process.pid)
    process.send_signal(signal.SIGINT)
    # Its input stays open until it has gone: closed at once (as communicate() does), the end
    # of input could reach it before the signal and read as a player leaving (exit 0).
    process.wait(timeout=60)
    out, err = seen + process.stdout.read(), process.stderr.read()  # type: ignore[union-attr]
    process.stdin.close()  # type: ignore[union-attr]
    assert process.returncode == 130, (out, err)
    assert "Interrupted: left the game. Nothing is kept." in out
    assert "Traceback" not in out + err and "Aborted" not in out + err


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


def test_a_fleet_in_lower_case_gets_one_paragraph_with_the_fleet_in_capitals() -> None:
    lower = FLEET_A.lower()
    state, text = _game([lower, "quit"])
    assert state is None
    answer = text.split("Your fleet could not be read; nothing changed.\n", 1)[1]
    answer = answer.split("fleet> ", 1)[0]
    assert answer.count("written in capitals") == 1  # one paragraph, not an error a word
    assert "[11.4]" in answer and "[11.6]" in answer
    assert format_fleet(parse_fleet(FLEET_A)) in answer
    assert "line 1, column" not in answer


def test_help_at_the_fleet_prompt_explains_the_fleet_and_orders_there_are_named_as_orders() -> None:
    state, text = _game(["help", "Gx3 Gx4", "quit"])
    assert state is None
    assert "unexpected `help`" not in text
    assert "DS death star, 8 cells" in text  # the fleet's help: each ship, its size [6.1]
    assert "`Gx3 Gx4` reads as orders" in text and "first your fleet" in text
    assert "did you mean LG3" not in text
    assert text.rstrip().endswith("Left the game. Nothing is kept.")


def test_none_and_orders_written_as_in_mail_are_understood_at_the_turn_prompt() -> None:
    state, text = _game([FLEET_A, "none", "orders 5: Gx4", "orders 2: Gx4"])
    assert "Turn 1\n  A: no actions" in text
    assert "Turn 2\n  A: strike Gx4" in text
    assert "These orders are for turn 5, but this is turn 2" in text


@pytest.mark.parametrize(
    "ruleset", ["2.6.1", "classic", "2.6.1 fleet=cost:24", "2.6.1 RYGOB", "classic RYGOB"]
)
def test_3_7_the_example_fleet_shown_is_legal_under_the_games_rules(ruleset: str) -> None:
    name, *options = ruleset.split()
    options = [o if "=" in o else f"colours={o}" for o in options]
    rs = Ruleset.from_tags(name, tuple(options))
    out: list[str] = []
    game = TerminalGame(rs, Computer("random", "t"), lambda prompt: "quit", out.append)
    game.run()
    example = "\n".join(out).split("one line, e.g.\n", 1)[1].splitlines()[0].strip()
    assert not check_fleet(parse_fleet(example, rs.colour_order), rs), example


def test_1_4_the_computers_seed_is_told_only_when_the_game_is_over() -> None:
    """The seed decides the computer's fleet: told at the start, a second `spaceships play
    --seed S` (resigned at once) would show the fleet of the game still being played."""
    result = CliRunner().invoke(play, ["--level", "random"], input="random\npass\nresign\n")
    assert result.exit_code == 0, result.output
    before, after = result.output.split("You resigned", 1)
    seed = re.search(r"--seed (\w+)", after)
    assert seed, after
    assert seed.group(1) not in before and "seed" not in before
    quitting = CliRunner().invoke(play, ["--level", "random"], input="random\nquit\n")
    assert "seed" not in quitting.output
