"""A game is one registry line (issue 21): a made-up fourth game, registered only in this test,
gets its `create` word, its help, and its own ladder without one edit of the judge core."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pbem_support import Table

from pbem import ladder, registry
from pbem.commands import Command
from pbem.desk import Desk
from pbem.gamekinds import GameKind


def _create(command: Command, desk: Desk) -> str:
    return f"Space Go {command.name} would be made with {dict(command.settings)}"


@pytest.fixture
def go(monkeypatch: pytest.MonkeyPatch) -> GameKind:
    """Space Go: a kind of its own (the battles' handlers lent where the test needs none)."""
    kind = replace(
        registry.kind_named("battles"),
        name="go",
        create=_create,
        title="Space Go",
        words=("go", "space-go"),
        rulesets="go".__eq__,
        computer_ratings={},
        score=ladder.score_of,
        create_usage=("go size=9|13|19 for Space Go",),
        help_topics={"go": lambda front_end: f"Space Go, the whole game by {front_end}."},
    )
    real = registry.kinds()
    monkeypatch.setattr(registry, "kinds", lambda: (*real, kind))
    return kind


def test_a_registered_game_is_created_by_its_word_and_only_its_kind_makes_it(
    table: Table, go: GameKind
) -> None:
    ann = table.person("ann@example.org", "Ann")
    for text in ("create g1 go", "create g1 Space-Go", "create g1 vs computer go"):
        made = ann.send(text).body
        assert "Space Go g1 would be made with" in made and "'game': 'go'" in made, text
    assert table.store.game("g1") is None  # nothing of Spaceships' create ran


def test_a_registered_game_is_in_the_help_with_its_create_settings_and_its_own_topic(
    table: Table, go: GameKind
) -> None:
    ann = table.person("ann@example.org", "Ann")
    assert "  go size=9|13|19 for Space Go" in ann.send("help").body.splitlines()
    assert "  go size=9|13|19 for Space Go" in ann.send("help create").body.splitlines()
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
    draughts = replace(go, name="draughts", title="Space Draughts", words=("draughts",), score=None)
    real = registry.kinds()
    monkeypatch.setattr(registry, "kinds", lambda: (*real, draughts))
    assert "draughts" not in ladder.GAME_NAMES and "go" in ladder.GAME_NAMES
    assert "chess" in ladder.GAME_NAMES  # Space Chess has its ladder (issue 34)
    refused = table.person("ann@example.org", "Ann").send("ladder draughts").body
    assert "names no game with a ladder" in refused
