"""Space Chess on the club ladder (issue 34, item 4): games between people are rated unless
created `casual`, against the computer only when created `rated` (then against its level's
measured rating, which stays fixed); a draw scores half [SC12]; a game over before its first
turn counts for nobody; `ladder chess` shows the Space Chess ladder."""

from __future__ import annotations

import random
import re

from pbem_support import Person, Table

from pbem.club import ladder
from pbem.club.ratings import Rating, rate
from pbem.storage.store import open_store
from spacechess.judge import GAME


def _table() -> Table:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(3)
    return table


def _duel(table: Table, settings: str = "") -> tuple[str, Person, Person]:
    """Gus creates `duel`; Alice (Terrans) and Bob (Aliens) join; the creation's reply."""
    created = table.person("gus@example.org", "Gus").send(f"create duel chess {settings}").body
    alice, bob = table.person("alice@example.org", "Alice"), table.person("bob@example.org", "Bob")
    alice.join("duel")
    bob.join("duel")
    return created, alice, bob


def test_a_game_between_people_is_rated_and_its_end_moves_both_ratings() -> None:
    table = _table()
    created, alice, bob = _duel(table)
    assert "It is rated: the result counts on the Space Chess ladder" in created
    alice.orders(1, "M@Ab2", "duel")
    bob.send(f"resign duel {bob.password}")
    alice_after, bob_after = rate(Rating(), Rating(), 1.0)
    over = alice.last.body
    assert f"Ratings (Space Chess): Alice 1500? -> {alice_after}" in over
    assert f"Bob 1500? -> {bob_after}" in over
    shown = alice.send("ladder chess").body
    assert "Space Chess" in shown and f"Your rating: {alice_after.long()}" in shown
    # The other games' ladders are untouched.
    assert "You have no rated game yet" in alice.send("ladder battles").body


def test_an_agreed_draw_scores_half_for_each_sc12() -> None:
    table = _table()
    _created, alice, bob = _duel(table)
    alice.orders(1, "M@Ab2", "duel")
    alice.send(f"draw duel {alice.password} 2")
    bob.send(f"draw duel {bob.password} 2")
    alice_after, bob_after = rate(Rating(), Rating(), 0.5)
    assert f"Alice 1500? -> {alice_after}" in bob.last.body
    assert f"Bob 1500? -> {bob_after}" in bob.last.body


def test_a_casual_game_and_one_over_before_its_first_turn_change_no_rating() -> None:
    table = _table()
    created, alice, bob = _duel(table, "casual")
    assert "It is casual" in created
    alice.orders(1, "M@Ab2", "duel")
    bob.send(f"resign duel {bob.password}")
    assert "Ratings" not in alice.last.body
    table2 = _table()
    _created, alice, _bob = _duel(table2)
    alice.send(f"resign duel {alice.password}")
    assert ladder.NOT_PLAYED in alice.last.body


def test_against_the_computer_it_is_casual_unless_asked_then_the_level_keeps_its_rating() -> None:
    table = _table()
    kim = table.person("kim@example.org", "Kim")
    casual = kim.create_seated("create duel chess vs computer random", "duel").body
    assert "It is casual" in casual
    table = _table()
    kim = table.person("kim@example.org", "Kim")
    rated = kim.create_seated("create duel chess vs computer random rated", "duel").body
    fixed = GAME.about.computer_ratings["random"]
    assert (
        "It is rated for you: the result counts on the Space Chess ladder against the "
        f"computer's fixed rating for random, {round(fixed.mu)}." in rated
    )
    kim.orders(1, "M@Ab2", "duel")  # the computer answers at once: turn 2 is played
    kim.send(f"resign duel {kim.password}")
    over = kim.last.body
    kim_after, _ = rate(Rating(), fixed, 0.0)
    assert f"Kim 1500? -> {kim_after}" in over
    assert re.search(r"\(the computer's level, fixed\)", over)
