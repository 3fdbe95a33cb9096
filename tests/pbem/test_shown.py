"""The game-neutral form (pbem.kinds.shown): a sight's text, who may see which picture [1.4.1], and
the judge dropping a sight its game gave the wrong reader."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pbem_support import FLEET_A, FLEET_B, Table

from pbem import registry
from pbem.kinds import gamekinds
from pbem.kinds.shown import ALL, MOMENTS, Sight, SightError, entitled, picture_for
from pbem.messages import Outbound
from pbem.steps.desk import Refusal
from pbem.storage.store import GameRow, Store

ALICE, BOB, GM, EVE = "alice@example.org", "bob@example.org", "gm@example.org", "eve@example.org"

sights = st.builds(
    Sight,
    st.sampled_from(MOMENTS),
    st.none() | st.integers(0, 500),
    st.sampled_from((None, "A", "B", ALL)),
    st.none() | st.integers(1, 20),
)


# -- a sight's text ----------------------------------------------------------------------------
@given(sights)
def test_a_sight_reads_back_its_own_text(sight: Sight) -> None:
    assert Sight.parse(str(sight)) == sight


def test_a_sight_is_written_without_its_empty_last_parts() -> None:
    assert str(Sight("turn", 3, "A")) == "turn:3:A"
    assert str(Sight("end", seat=ALL, number=2)) == "end::*:2"
    assert str(Sight("now")) == "now"
    assert Sight.parse("start::B") == Sight("start", seat="B")


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("later:3", 0, "`later` is not a moment"),
        ("turn:x:A", 5, "the turn `x` is not a whole number"),
        ("turn:3:C", 7, "`C` is not a seat"),
        ("end::*:two", 7, "the number `two` is not a whole number"),
        ("turn:3:A:2:9", 10, "too many parts"),
    ],
)
def test_a_sight_that_does_not_read_says_what_and_where(
    text: str, position: int, words: str
) -> None:
    with pytest.raises(SightError) as caught:
        Sight.parse(text)
    assert isinstance(caught.value, ValueError)
    assert caught.value.text == text
    assert caught.value.position == position
    assert words in str(caught.value)
    assert f"character {position + 1}" in str(caught.value)


# -- who may see what ----------------------------------------------------------------------------
def _game(table: Table, name: str = "alpha") -> GameRow:
    game = table.store.game(name, lock=False)
    assert game is not None
    return game


def test_a_players_own_view_is_theirs_alone_and_swapped_seats_swap_it(started: Table) -> None:
    """Swap: the same sight of seat A is Alice's and never Bob's, and seat B's the reverse."""
    game, store = _game(started), started.store
    for seat, owner, other in (("A", ALICE, BOB), ("B", BOB, ALICE)):
        sight = Sight("turn", 1, seat)
        assert entitled(store, game, sight, owner)
        assert not entitled(store, game, sight, other)
        assert not entitled(store, game, sight, GM)  # the game master plays no seat here
        with pytest.raises(Refusal, match=r"not for .*\[1\.4\.1\]"):
            picture_for(store, game, sight, other)


def test_everything_is_shown_only_once_the_game_is_over(started: Table) -> None:
    store = started.store
    reveal = Sight("end", seat=ALL)
    for reader in (ALICE, BOB, GM, EVE):
        assert not entitled(store, _game(started), reveal, reader)
    started.people[ALICE].send(started.people[ALICE].sign_on() + "resign")
    assert _game(started).phase == "over"
    for reader in (ALICE, BOB, GM, EVE):
        assert entitled(store, _game(started), reveal, reader)
    picture = picture_for(store, _game(started), reveal, BOB)
    assert picture is not None and picture.filename == "alpha-reveal.png"
    assert picture.png.startswith(b"\x89PNG")


def test_a_private_games_public_board_is_not_for_outsiders(table: Table) -> None:
    gm = table.person(GM)
    gm.send("create beta private")
    alice, bob = table.person(ALICE), table.person(BOB)
    alice.join("beta")
    bob.join("beta")
    alice.fleet(FLEET_A, "beta")
    bob.fleet(FLEET_B, "beta")
    game = _game(table, "beta")
    assert game.private and game.phase == "playing"
    board = Sight("now")
    for reader in (ALICE, BOB, GM):
        assert entitled(table.store, game, board, reader)
    assert not entitled(table.store, game, board, EVE)
    with pytest.raises(Refusal):
        picture_for(table.store, game, board, EVE)


def test_a_players_own_picture_is_drawn_for_them(started: Table) -> None:
    started.people[ALICE].orders(1, "")
    started.people[BOB].orders(1, "")
    picture = picture_for(started.store, _game(started), Sight("turn", 1, "A"), ALICE)
    assert picture is not None and picture.filename == "alpha-turn1-A.png"


# -- the judge decorates, and drops what is not the reader's --------------------------------------
def _turn_messages(table: Table) -> dict[str, Outbound]:
    table.people[ALICE].orders(1, "")
    table.people[BOB].orders(1, "")
    return {m.to[0]: m for m in table.log if m.kind == "turn" and m.turn == 1}


def test_each_player_gets_their_own_sight_of_a_turn(started: Table) -> None:
    sent = _turn_messages(started)
    assert sent[ALICE].sights == (Sight("turn", 1, "A"),)
    assert sent[BOB].sights == (Sight("turn", 1, "B"),)


def test_a_sight_of_the_other_seat_is_dropped_and_logged(
    started: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A game whose decorate names the wrong seat: the judge sends the message without it."""

    def swapped(store: Store, game: GameRow, out: Outbound, seat: str | None) -> Outbound:
        other = {"A": "B", "B": "A"}.get(seat or "")
        return replace(out, sights=(Sight("turn", out.turn, other),)) if other else out

    real = registry.kind_named("spaceships")
    wrong = replace(real, show=replace(real.show, decorate=swapped))
    monkeypatch.setattr(gamekinds, "kind_of", lambda game: wrong)
    with caplog.at_level(logging.ERROR, logger="pbem.judge"):
        sent = _turn_messages(started)
    assert sent[ALICE].sights == ()
    assert sent[BOB].sights == ()
    assert "turn:1:B" in caplog.text and "not theirs to see" in caplog.text
