"""No input ends in a traceback: mangled records replayed, mangled designs and orders sent to
the judge; each gets an answer (exit 1 with a message, or a refusal)."""

from __future__ import annotations

import sys
from pathlib import Path

from battles_support import cli, play, problems, record
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

SAMPLE = (Path(__file__).resolve().parents[2] / "samples" / "battles" / "opening.sbr").read_text(
    encoding="utf-8"
)
CHARS = "0123456789 ABFLRSd=r.;:>+()GfXMEPIV-,\n"


@settings(max_examples=examples(15, 45), deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.sampled_from(CHARS)), max_size=4))
def test_a_mangled_record_is_answered_not_crashed(edits: list[tuple[int, str]]) -> None:
    text = list(SAMPLE)
    for index, char in edits:
        text[min(index, len(text) - 1)] = char
    code, out = cli("battles", "play", "-", "--json", input="".join(text))
    assert code in (0, 1) and out.strip()


WORDS = [
    "Lancer",
    "Warden",
    "Raider",
    "Zed",
    " > ",
    "+",
    " (Gf)",
    " (Xf)",
    ", ",
    "; ",
    "tractor ",
    "\n",
    "FFRF",
    "stay",
    "held",
    "E-SAI(Gf)",
    "(I)",
    " at 0,8 N",
    "@",
    "?",
]


@settings(max_examples=examples(8, 24), deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
)
def test_mangled_designs_and_orders_get_an_answer(design: list[str], orders: list[str]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pbem"))
    from pbem_support import Table

    from pbem.storage.store import open_store

    table = Table(open_store(":memory:"))
    gm = table.person("gm@example.org")
    a, b = table.person("a@example.org"), table.person("b@example.org")
    gm.send("create duel battles")
    a.join("duel")
    b.join("duel")
    assert a.send(a.sign_on("duel") + "design\n" + "".join(design)).body
    a.send(a.sign_on("duel") + "design\nLancer E-SAI(Gf)I(Xf)IIV")
    b.send(b.sign_on("duel") + "design\nRaider C-SSI(Lf)II(Gf)(Rf)D")
    assert a.send(a.sign_on("duel") + "orders 1: " + "".join(orders)).body
    a.send(a.sign_on("duel") + "orders 1: Lancer FF")
    b.send(b.sign_on("duel") + "orders 1: Raider FF")
    assert a.send(a.sign_on("duel") + "orders 1: " + "".join(orders)).body


def test_play_json_reports_a_syntax_error_as_json() -> None:
    import json

    from click.testing import CliRunner

    from spaceships_cli import main

    text = '[Game "Spaceship Battles"]\nA ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,0 N\n1 bogus\n'
    result = CliRunner().invoke(main, ["battles", "play", "--json", "-"], input=text)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["game"] == "Spaceship Battles"
    (problem,) = report["problems"]
    assert problem["rule"] == "syntax" and problem["line"] == 3 and problem["message"]
    assert set(report) >= {"dice", "turn", "result", "winner", "ships", "events", "lapsed"}


def test_an_empty_file_is_no_battle_not_a_draw() -> None:
    from click.testing import CliRunner

    from spaceships_cli import main

    for text in ("", '[Game "Spaceship Battles"]\n'):
        result = CliRunner().invoke(main, ["battles", "play", "-"], input=text)
        assert result.exit_code == 1
        assert "no battle in this file" in result.output and "draw" not in result.output


def test_a_turn_without_its_initiative_line_is_said_once() -> None:
    r = play(record("1 A move Lancer F", "1 B move Raider F", "1 A volley Lancer > Raider"))
    assert problems(r) == ["turn 1 has no initiative line [II]"]


def test_a_later_turn_without_its_initiative_line_is_said_once_and_nothing_follows_from_it() -> (
    None
):
    # Turn 2 lost its initiative line: one message, not one for every later line [II].
    r = play(
        record(
            "1 initiative A 5 B 3",
            "1 A move Lancer F",
            "1 B move Raider F",
            "2 A move Lancer F",
            "2 B move Raider F",
            "3 initiative A 2 B 6",
            "3 A move Lancer F",
        )
    )
    assert problems(r) == ["turn 2 has no initiative line [II]"]


def test_counts_of_one_are_singular() -> None:
    # A Mote has one engine: moving two hexes says "1 working engine".
    r = play(record("1 initiative A 5 B 3", "1 A move Mote FF", a="Mote E-AI-38-2-1 at 0,0 N"))
    assert any("(1 working engine)" in p for p in problems(r)), problems(r)


def test_a_syntax_error_names_what_was_expected_in_the_notations_words() -> None:
    # A misspelt tractor result is answered with the words to write, never the grammar's own
    # names for them (`tractor_result`).
    from click.testing import CliRunner

    from spaceships_cli import main

    text = '[Game "Spaceship Battles"]\n1 B tractor Raider > Brick: r3 d5=mis\n'
    result = CliRunner().invoke(main, ["battles", "play", "-"], input=text)
    assert result.exit_code == 1
    assert "expected hit or miss" in result.output and "_" not in result.output.splitlines()[0]


def test_a_record_that_cannot_be_read_is_named_in_the_error(tmp_path: Path) -> None:
    # Like `chess check` and compilers: `FILE: line L, column C: ...`, so a player checking
    # several records (or a script) knows which one is wrong.
    path = tmp_path / "duel.sbr"
    path.write_text("A ship Lancer\n", encoding="utf-8")
    for command in (["play"], ["roll", "--seed", "s"]):
        code, out = cli("battles", *command, str(path))
        assert code == 1 and out.startswith(f"{path}: line 1, column "), out


def test_a_battle_tagged_as_another_game_is_refused_with_that_games_command() -> None:
    import json

    text = record("1 initiative A 2 B 3").replace("Spaceship Battles", "Space Chess")
    code, output = cli("battles", "play", "-", input=text)
    assert code == 1 and output.count("\n") == 1, output
    assert 'line 1: the tag [Game "Space Chess"] names another game' in output
    assert '`spaceships chess check RECORD`, or tag it [Game "Spaceship Battles"]' in output
    code, output = cli("battles", "play", "--json", "-", input=text)
    (problem,) = json.loads(output)["problems"]
    assert (
        code == 1 and problem["rule"] == "game" and "spaceships chess check" in problem["message"]
    )
    # Tagged as a battle, the same lines play.
    assert cli("battles", "play", "-", input=record("1 initiative A 2 B 3"))[0] == 0
