"""A game is its folder and one registry line (issues 21 and 31): Space Go, a made-up fourth
game in tests/space_go/, gets its `create` word, its help, its own ladder and a whole game by
mail without one edit of the judge core; tests/bot/test_space_go.py plays it in Discord and
tests/pbem/web/test_space_go.py on the club page."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from pbem_support import Table
from space_go.registered import registered

from pbem import registry
from pbem.club import ladder
from pbem.kinds.gamekinds import GameKind


@pytest.fixture
def go() -> Iterator[GameKind]:
    """Space Go (tests/space_go/): its own folder and one registry line."""
    with registered() as kind:
        yield kind


def test_a_registered_game_is_created_by_its_word_and_only_its_kind_makes_it(
    table: Table, go: GameKind
) -> None:
    ann = table.person("ann@example.org", "Ann")
    for number, text in enumerate(("create g1 go", "create g2 Space-Go")):
        made = ann.send(text).body
        assert f"Space Go game g{number + 1} created: 3 turns on a 5x5 board." in made, made
        assert table.store.game(f"g{number + 1}").ruleset == "go"  # its own create made it
    refused = ann.send("create g3 vs computer go").body
    assert "Space Go has no computer player yet" in refused, refused


def test_a_registered_game_is_in_the_help_with_its_create_settings_and_its_own_topic(
    table: Table, go: GameKind
) -> None:
    ann = table.person("ann@example.org", "Ann")
    assert "  go size=5 for Space Go" in ann.send("help").body.splitlines()
    assert "  go size=5 for Space Go" in ann.send("help create").body.splitlines()
    assert "Space Go, the whole game by mail." in ann.send("help go").body


def test_a_registered_game_has_its_own_ladder_by_its_words(table: Table, go: GameKind) -> None:
    ann = table.person("ann@example.org", "Ann")
    for text in ("ladder go", "ladder space go"):
        assert "The Space Go ladder" in ann.send(text).body, text
    assert ladder.GAME_NAMES["go"] == "Space Go"
    refused = ann.send("ladder checkers").body
    assert "`ladder go`" in refused and "names no game with a ladder" in refused


def test_a_game_without_a_score_has_no_ladder(
    table: Table, go: GameKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kind without `score` (Space Draughts, made up here) has no ladder of its own."""
    about = replace(go.about, title="Space Draughts", words=("draughts",), score=None)
    draughts = replace(go, name="draughts", about=about)
    real = registry.kinds()
    monkeypatch.setattr(registry, "kinds", lambda: (*real, draughts))
    assert "draughts" not in ladder.GAME_NAMES and "go" in ladder.GAME_NAMES
    assert "chess" in ladder.GAME_NAMES  # Space Chess has its ladder (issue 34)
    refused = table.person("ann@example.org", "Ann").send("ladder draughts").body
    assert "names no game with a ladder" in refused


def test_a_registered_game_is_played_by_mail_with_the_cores_join_turns_and_resign(
    table: Table, go: GameKind
) -> None:
    ann, bob = table.person("ann@example.org", "Ann"), table.person("bob@example.org", "Bob")
    ann.send("create duel go")
    assert "You joined duel as player A (Ann)." in ann.join("duel").body
    joined = bob.join("duel").body
    assert "Both players are in: the game begins." in joined, joined
    assert "Turn 1 of duel: name a point" in bob.inbox[-1].body
    assert bob.inbox[-1].subject.endswith("duel: the game begins")
    ann.send(ann.sign_on("duel") + "orders 1: c3")
    said = bob.send(bob.sign_on("duel") + "orders 1: c3").body
    assert "Both players' orders are in: the turn is played" in said, said
    assert "both named c3: a clash" in ann.inbox[-1].body
    ann.send(ann.sign_on("duel") + "orders 2: a1")
    assert "Your opponent's orders for turn 2 of duel are in." in bob.inbox[-1].body
    bob.send(bob.sign_on("duel") + "orders 2: b2")
    ann.send(ann.sign_on("duel") + "orders 3: a2")
    bob.send(bob.sign_on("duel") + "orders 3: a2")
    over = ann.inbox[-1].body
    assert "The game duel is over: B wins; the last turn is played." in over, over
    assert "The Space Go ladder" in ann.send("ladder go").body
    ann.send("create again go")
    ann.join("again")
    bob.join("again")
    resigned = bob.send(bob.sign_on("again") + "resign").body
    assert "You resigned again. The board goes to everyone." in resigned, resigned
    assert "The game again is over: A wins; B resigned." in ann.inbox[-1].body
