"""What players still tripped over by mail (issue 47): a misspelt `join` (item 10), Space Chess
orders without a turn (item 3), a chess game's reminder said (item 4), and item 12's rematch
and observer lines."""

from __future__ import annotations

import random

from pbem_support import Person, Table

from pbem.storage.store import open_store


def new_table(seed: int = 7) -> Table:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(seed)
    return table


def chess_game(name: str) -> tuple[Table, Person, Person]:
    """A Space Chess game `name` Alice created, Alice and Bob seated."""
    table = new_table()
    alice, bob = table.person("alice@example.org", "Alice"), table.person("bob@example.org", "Bob")
    alice.send(f"create {name} chess")
    alice.join(name)
    bob.join(name)
    return table, alice, bob


# -- item 10: `join nvoa` suggests only a game one may join -------------------------------------


def test_a_misspelt_join_does_not_suggest_a_game_that_is_over() -> None:
    table, alice, bob = chess_game("nova")
    alice.send(alice.sign_on("nova") + "resign")
    assert table.store.game("nova").phase == "over"
    said = table.person("carol@example.org", "Carol").send("join nvoa").body
    assert "there is no game named nvoa" in said, said
    assert "nova" not in said.replace("nvoa", ""), said
    table.person("dan@example.org").send("create noval chess")
    said = table.person("carol@example.org", "Carol").send("join nvoa").body
    assert "Did you mean noval?" in said, said


# -- item 3: Space Chess has one open turn, so orders need no number ----------------------------


def test_space_chess_orders_without_a_turn_number_are_for_the_turn_to_play() -> None:
    table, alice, bob = chess_game("duel")
    played = alice.send(alice.sign_on("duel") + "orders: M@Ab2").body
    assert "is played" in played, played
    assert table.store.game("duel").turn == 2
    early = bob.orders(3, "pass", "duel").body
    assert "these orders are for turn 3, but turn 2 is the turn to play" in early, early


# -- item 4: a chess game's reminder is said, as a Spaceships game's is --------------------------


def test_a_space_chess_game_says_its_reminder_at_create_and_in_status() -> None:
    table = new_table()
    gus = table.person("gus@example.org", "Gus")
    created = gus.send("create gamma chess deadline 48h reminder 12h grace 2h").body
    assert "reminder 12h before to the side to act" in created, created
    assert "grace 2h" in created, created
    status = gus.send("status gamma").body
    assert "reminder 12h before to the side to act" in status, status
    quick = gus.send("create delta chess deadline 6h reminder 12h").body
    assert "reminder half-way through each turn (3h before)" in quick, quick


# -- item 12: draws stored before the shared winner "draw" are mended -------------------------


def test_space_chess_draws_stored_without_a_winner_read_as_draws_after_the_upgrade(
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    import json

    from pbem.storage.database import open_database
    from pbem.storage.migrations import STEPS, migrate

    before = next(i for i, step in enumerate(STEPS) if "shared winner" in step.what)
    path = str(tmp_path / "judge.sqlite")
    db = open_database(path)
    migrate(db, target=before)
    old = {  # as the judge stored them before issue 36
        "agreed": {"winner": None, "drawn": True, "reason": "drawn by agreement [SC12]"},
        "ruled": {"winner": None, "reason": "the same position a third time [SC12]", "turn": 9},
        "dropped": {"winner": None, "cancelled": True, "reason": "cancelled [SC12]"},
        "lost": {"winner": "A", "reason": "the enemy command ship is destroyed [SC11]"},
    }
    with db.transaction():
        for name, outcome in old.items():
            db.execute(
                "INSERT INTO games (name, ruleset, phase, master_address, master_password, "
                "outcome, created_at) VALUES (?, 'chess', 'over', 'gus@example.org', '', ?, "
                "'2026-11-01T00:00:00+00:00')",
                (name, json.dumps(outcome, separators=(",", ":"))),
            )
    db.close()
    store = open_store(path)
    winners = {n: (store.game(n).outcome or {}).get("winner") for n in old}
    assert winners == {"agreed": "draw", "ruled": "draw", "dropped": None, "lost": "A"}
    said = Table(store).person("gus@example.org", "Gus").send("status ruled").body
    assert "Over: a draw after turn 9 (the same position a third time [SC12])." in said, said
    store.close()


# -- item 12: a rematch mail does not say the opponent has joined ------------------------------


def test_a_rematch_by_mail_never_says_your_opponent_has_joined() -> None:
    for game in ("chess", "battles", ""):
        table = new_table()
        alice = table.person("alice@example.org", "Alice")
        bob = table.person("bob@example.org", "Bob")
        alice.send(f"create duel {game}".strip())
        alice.join("duel")
        bob.join("duel")
        alice.send(alice.sign_on("duel") + "resign")
        bob.send(bob.sign_on("duel") + "rematch duel")
        made = alice.send(alice.sign_on("duel") + "rematch duel").body
        assert "The rematch of duel is duel-r2" in made, made
        mails = [m for p in (alice, bob) for m in p.inbox if "duel-r2" in m.subject]
        assert mails, game
        joined = [m.subject for m in mails if "has joined" in m.subject + m.body]
        assert joined == [], (game, joined)


# -- item 12: observers of the same second are listed in the order they joined -------------------


def test_observers_who_join_in_the_same_second_are_listed_in_joining_order(table: Table) -> None:
    table.person("gus@example.org", "Gus").send("create duel chess")
    for address in ("zoe@example.org", "amy@example.org", "mo@example.org"):
        assert "You now observe duel" in table.person(address).send("observe duel").body
    game = table.store.game("duel")
    assert table.store.observers(game.id) == [
        "zoe@example.org",
        "amy@example.org",
        "mo@example.org",
    ]


# -- item 2: by mail too, a shot into one's own ship is said, a later action's hint placed ------


def test_by_mail_a_shot_into_ones_own_ship_is_said_and_a_later_actions_hint_placed() -> None:
    table, alice, bob = chess_game("duel")
    played = alice.send(alice.sign_on("duel") + "orders: Ea1>Eb1").body
    assert "is played" in played, played
    assert "Mind: `Ea1>Eb1` fires point-blank into your own fighter on Eb1" in played, played
    refused = bob.send(bob.sign_on("duel") + "orders: Gd3-Gc3 Gd3-Gb3").body
    assert "Gd3 holds nothing" in refused, refused
    assert "as the board stands after `Gd3-Gc3`, which comes first in this turn" in refused
