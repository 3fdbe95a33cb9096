"""A battle against the computer at the terminal (issue 47, item 1): design, placement and
every phase's orders typed as a person would, mistakes taught and nothing played of them, the
record at the end checked again by `battles play`."""

from __future__ import annotations

from battles_support import cli
from terminal_support import typed

from battles.computer.terminal import TerminalBattle


def _battle(lines: list[str], seed: str = "t") -> str:
    out: list[str] = []
    TerminalBattle(typed(lines, out), out.append, seed).run()
    return "\n".join(out)


def _record(text: str) -> str:
    return text.split("The record of the battle, with the dice seed:\n", 1)[1].strip() + "\n"


def test_design_and_orders_mistakes_are_taught_and_play_nothing() -> None:
    text = _battle(
        [
            "foo",
            "Lancer E-SAI(Gf)I(Xf)IZV",
            "Lancer E-SAI(Gf)I(Xf)IIV",
            "Kite E-AI(Mf)(Gf)IIID at 5,5 N",
            "Warden F-ASIII(Ef)Y(Mf)O at 0,7 N",
            "done",
            "Lancer FFFFFFFFF",
            "Lancer FFFF; Warden FFF",
            "Lancer > Nobody",
            "none",
            "resign",
        ]
    )
    assert "`foo` is no word here and no ship" in text
    assert "`E-SAI(Gf)I(Xf)IZV` could not be read" in text, text
    assert "Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,8 N: cost 87; 87 of 300 spent" in text
    assert "Kite would start at 5,5, 5 hexes from 0,8" in text and "[R16]" in text
    assert "The computer's ships:" in text
    # A move too long for the ship's speed: the rule, and nothing played.
    refused = text.split("turn 1 movement> ", 2)[1].strip()
    assert refused.startswith("Nothing was played:") and "[III.A.1]" in refused, refused
    assert "(line " not in refused  # no place in a record the player never saw
    assert "1 A move Lancer FFFF to 0,4 N" in text
    assert "`Lancer > Nobody`" in text and "Nothing was played" in text.split("turn 1 fire> ")[1]
    assert "You resigned: the computer wins." in text
    assert '[Result "B wins (A resigned)"]' in _record(text)
    code, output = cli("battles", "play", "-", input=_record(text))
    assert code == 0, output


def test_a_whole_battle_with_a_random_fleet_ends_and_its_record_checks() -> None:
    text = _battle(["random", "done", *(["none"] * 400)], seed="whole")
    assert "The battle is over:" in text, text[-2000:]
    record = _record(text)
    assert "[DiceSeed " in record and "A ship " in record and "B ship " in record
    code, output = cli("battles", "play", "-", input=record)
    assert code == 0 and "record consistent" in output, output


def test_the_command_line_plays_a_battle_without_a_record() -> None:
    code, output = cli("battles", "play", "--seed", "c", input="random\ndone\nresign\n")
    assert code == 0, output
    assert "Spaceship Battles against the computer" in output
    assert "You resigned: the computer wins." in output
    code, output = cli("battles", "play", "--level", "hard", input="")
    assert code == 2 and "the battle computer has one level, standard" in output, output
