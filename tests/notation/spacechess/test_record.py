"""Space Chess records and actions: what the reader accepts, the errors that teach (line,
column, caret, hint), and round trips through the canonical writer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from notation.errors import NotationError
from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from notation.spacechess.cells import CELLS
from notation.spacechess.pieces import FIGHTER, GUNSHIP, MINE, SUPPORT
from notation.spacechess.record import Comment, Record, Tag, Turn, parse_action
from spacechess.engine.game import Game
from spacechess.engine.rules import legal_actions


def c(name: str) -> int:
    return CELLS[name].number


def test_every_kind_of_action_reads_and_writes_back():
    assert parse_action("Ab1-Ab3") == Action(MOVE, c("Ab1"), c("Ab3"))
    assert parse_action(" ab1>AB2 ") == Action(FIRE, c("Ab1"), c("Ab2"))
    assert parse_action("m@Ab2") == Action(MINE_LAYING, -1, c("Ab2"), MINE)
    assert parse_action("G@Ab2") == Action(REBUILD, -1, c("Ab2"), GUNSHIP)
    assert parse_action("PASS") == Action(PASS)
    for text in ("Ab1-Ab3", "Ab1>Ab2", "M@Ab2", "G@Ab2", "F@Ab2", "S@Ab2", "pass"):
        assert str(parse_action(text)) == text


def test_a_record_reads_tags_turns_and_comments_and_keeps_them():
    text = (
        "# opening\n"
        '[Game "Space Chess"]\n'
        '[Terrans "Al \\"the\\" Fox"]\n'
        "\n"
        "1 T: ab1-ab3   # fighter out\n"
        "2 a: Hd3-Hd1, Gc3>Gc2,\n"
        "3 T: S@Aa2\n"
    )
    record = Record.parse(text)
    assert record.tags["Terrans"] == 'Al "the" Fox'
    assert record.items[0] == Comment("opening")
    (first, second, third) = record.turns
    assert first == Turn(1, 0, (Action(MOVE, c("Ab1"), c("Ab3")),), "fighter out")
    assert second.side == 1 and len(second.actions) == 2
    assert third.actions == (Action(REBUILD, -1, c("Aa2"), SUPPORT),)
    assert str(record) == (
        "# opening\n"
        '[Game "Space Chess"]\n'
        '[Terrans "Al \\"the\\" Fox"]\n'
        "\n"
        "1 T: Ab1-Ab3                # fighter out\n"
        "2 A: Hd3-Hd1 Gc3>Gc2\n"
        "3 T: S@Aa2\n"
    )
    assert Record.parse(str(record)) == record


@pytest.mark.parametrize(
    ("text", "line", "column", "said", "hint"),
    [
        ("1 T: Ab1-Ae3\n", 1, 10, "`Ae3` is not a cell", "files are a-d"),
        ("1 T: Ab1-Ab3\n2 A Hd3-Hd1\n", 2, 5, "unexpected 'Hd3'", "side and a colon"),
        ("1. T: Ab1-Ab3\n", 1, 2, "unexpected '.'", "`2 A: Hd3-Hd1`"),
        ("1 B: pass\n", 1, 3, "`B` is not a side", "T for the Terrans"),
        ("1 T: X@Ab1\n", 1, 6, "drops no piece", "M@Ab2 lays a mine"),
        ("1 T: Ab1\n", 1, 6, "`Ab1` is not an action", "`Ab1-...` moves"),
        ("1 T: resign\n", 1, 6, "`resign` is not an action", "Result tag"),
        ("1 T: Ab1 to Ab3\n", 1, 6, "`Ab1 to Ab3` is not an action", "`Ab1-Ab3` moves there"),
        ("1 T: Ab1xAb2\n", 1, 6, "`Ab1xAb2` is not an action", "`x` is no sign here"),
        ("[Game Space]\n", 1, 7, "unexpected 'Space'", 'tags `[Name "value"]`'),
        ("1 T: Ab1-\n", 1, 10, "the line ends too early", "a move `Ab1-Ab3`"),
        ("T: Ab1-Ab3\n", 1, 1, "a turn line starts with its number", "3 T: Ab1-Ab3"),
    ],
)
def test_mistakes_say_what_where_and_how_to_fix_them(text, line, column, said, hint):
    with pytest.raises(NotationError) as caught:
        Record.parse(text)
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert said in error.message and hint in (error.hint or "")
    assert "^" in str(error)  # the caret under the place


def test_several_misspelt_cells_are_all_reported():
    with pytest.raises(NotationError) as caught:
        Record.parse("1 T: Ab1-Ae3\n2 A: Zz1>Hd3\n")
    assert [(e.line, e.column) for e in caught.value.errors] == [(1, 10), (2, 6)]


def _games(picks: list[int]) -> Record:
    """A record of a random game, written as the judge would."""
    game = Game()
    turns: list[Turn] = []
    for k, pick in enumerate(picks):
        position = game.position
        if position.result is not None:
            break
        actions = legal_actions(position)
        action = actions[pick % len(actions)]
        if action.verb == MINE_LAYING:
            action = action._replace(origin=-1)
        if turns and turns[-1].number == position.turn:
            last = turns[-1]
            turns[-1] = Turn(last.number, last.side, (*last.actions, action))
        else:
            turns.append(
                Turn(position.turn, position.to_move, (action,), f"note {k}" * (k % 3 == 0))
            )
        game.play(legal_actions(position)[pick % len(actions)])
    return Record((Tag("Game", "Space Chess"), Comment("random"), *turns, Tag("Result", "*")))


@settings(max_examples=examples(40, 120), deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=40))
def test_records_round_trip_through_the_writer(picks):
    record = _games(picks)
    text = str(record)
    again = Record.parse(text)
    assert again == record
    assert str(again) == text


@settings(max_examples=examples(100, 300), deadline=None)
@given(st.sampled_from(sorted(CELLS)), st.sampled_from(sorted(CELLS)), st.sampled_from("-><"))
def test_actions_round_trip(a, b, sign):
    if sign == "<":
        action = Action(REBUILD, -1, c(b), FIGHTER)
    else:
        action = Action(MOVE if sign == "-" else FIRE, c(a), c(b))
    assert parse_action(str(action)) == action
    assert parse_action(str(action).lower()) == action


def test_chess_fmt_writes_a_record_canonically_and_refuses_a_bad_one():
    from click.testing import CliRunner

    from spaceships_cli import main

    typed = '[Game "Space Chess"]\n1 t: ab1-ab3   #out\n2 a: hd3-hd1,gd4>gc4\n'
    result = CliRunner().invoke(main, ["chess", "fmt", "-"], input=typed)
    assert result.exit_code == 0
    assert result.output == (
        '[Game "Space Chess"]\n\n1 T: Ab1-Ab3                # out\n2 A: Hd3-Hd1 Gd4>Gc4\n'
    )
    bad = CliRunner().invoke(main, ["chess", "fmt", "-"], input="1 t: ab1-ae3\n")
    assert bad.exit_code == 1 and "hint: the files are a-d" in bad.output


def test_a_dash_as_phones_type_it_moves_too():
    # Mail programs and phones turn `-` into `–` or `—`; the judge reads them and writes `-`.
    record = Record.parse("1 T: Ab1–Ab3\n2 A: Hd3 — Hd1\n")
    assert str(record) == "1 T: Ab1-Ab3\n2 A: Hd3-Hd1\n"
    assert parse_action("ab1–ab2") == Action(MOVE, c("Ab1"), c("Ab2"))


@settings(max_examples=examples(100, 300), deadline=None)
@given(
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40),
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20),
)
def test_comments_and_tag_values_survive_the_writer(comment, value):
    # Whatever a player writes in a comment or a tag comes back (blanks around a comment aside).
    record = Record(
        (
            Tag("Terrans", value),
            Comment(comment.strip()),
            Turn(1, 0, (Action(PASS),), comment.strip()),
        )
    )
    assert Record.parse(str(record)) == record
