"""A front end's submission of one command (`Inbound.command`) is read as exactly that
command [issue 27, item 1]: a fleet's, design's or orders' later lines belong to it or are
refused with it; any other command is one line. Mail keeps its language of several commands."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pbem_support import FLEET_A

from pbem.judge import Judge
from pbem.language.commands import Command, CommandError, parse_one
from pbem.messages import Inbound
from pbem.storage.store import Store, open_store

FLEET_LINES = FLEET_A.replace("; ", "\n")


@pytest.fixture
def store() -> Iterator[Store]:
    opened = open_store(":memory:")
    yield opened
    opened.close()


def seated(store: Store) -> Judge:
    """A game `alpha` of two authenticated members, as the Discord front end makes one."""
    judge = Judge(store, accounts=True)
    for text, who in (("create alpha", "a"), ("join alpha", "a"), ("join alpha", "b")):
        judge.handle(Inbound(f"discord:{who}", text, authenticated=True, command=text.split()[0]))
    return judge


def as_member(judge: Judge, text: str, command: str | None) -> str:
    inbound = Inbound("discord:a", text, authenticated=True, game="alpha", command=command)
    return judge.handle(inbound)[0].body


def test_a_command_under_a_fleet_is_refused_with_its_line_and_nothing_done(store: Store) -> None:
    judge = seated(store)
    answer = as_member(judge, f"fleet\n{FLEET_LINES}\n\nresign\ncreate sneaky", "fleet")
    assert "line 8, column 1" in answer and "`resign`" in answer, answer
    assert "resigned" not in answer and "created" not in answer
    game = store.game("alpha")
    assert game is not None and game.phase == "setup"
    assert all(p.fleet is None for p in store.players(game.id).values())
    assert store.game("sneaky") is None


def test_a_setting_with_a_second_line_changes_nothing_and_is_answered_alone(
    store: Store,
) -> None:
    judge = seated(store)
    answer = as_member(judge, "deadline 48h\ncancel", "deadline")
    assert "line 2, column 1: `deadline` is one line" in answer, answer
    # One command refused, not a mail without commands: no advice on writing mail.
    assert "found no command" not in answer and "mail" not in answer, answer
    game = store.game("alpha")
    assert game is not None and game.phase == "setup" and game.deadline_rule == ""


def test_mail_still_reads_several_commands(store: Store) -> None:
    """The same text as a script (no `command`): the fleet, then a second command."""
    judge = seated(store)
    answer = as_member(judge, f"fleet\n{FLEET_LINES}\n\ncreate second", None)
    assert "Your fleet is accepted" in answer and store.game("second") is not None, answer


@pytest.mark.parametrize(
    ("text", "keyword", "expected"),
    [
        ("deadline 48h\nresign", "deadline", "line 2, column 1: `deadline` is one line"),
        ("deadline 48h\n\n  cancel", "deadline", "line 3, column 3: `deadline` is one line"),
        ("status alpha\x1eresign", "status", "line 2, column 1: `status` is one line"),
        ("resign", "deadline", "expected the command `deadline`, not `resign`"),
        ("  \n", "orders", "`orders` is empty"),
        ("orders2: Gx3", "orders2:", "`orders2:` is not a command"),
    ],
)
def test_anything_but_the_one_command_is_one_error(text: str, keyword: str, expected: str) -> None:
    [parsed] = parse_one(text, keyword)
    assert isinstance(parsed, CommandError) and expected in str(parsed), parsed


def test_a_block_runs_to_the_end_of_the_text_and_a_closing_end_is_its_own() -> None:
    [parsed] = parse_one("orders 3: Gx3\n\nresign\nend\n", "orders")
    assert isinstance(parsed, Command) and parsed.turn == 3
    assert parsed.body.split("\n") == [" Gx3", "", "resign"]
    [one] = parse_one("deadline   48h  ", "deadline")
    assert isinstance(one, Command) and one.body == "48h"
