"""What held when the audit of issue 32 attacked the judge, kept as tests: a thousand guessed
link codes link nothing, and no mail acts in someone else's Space Chess game, whatever
commands, addresses and passwords it tries."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from test_chess_judge import new_table, started

from pbem.club import ladder, links
from pbem.storage.store import open_store


def test_a_thousand_guessed_link_codes_link_nothing() -> None:
    store = open_store(":memory:")
    now = datetime(2026, 11, 27, 12, tzinfo=UTC)
    with store.transaction():
        links.new_code(store, "ann@example.org", now)  # a real code waits, unguessed
    rng = random.Random(32)
    for _ in range(1000):
        guess = "-".join(
            "".join(rng.choice(links.CODE_LETTERS) for _ in range(4)) for _ in range(3)
        )
        with pytest.raises(links.LinkRefused), store.transaction():
            links.link(store, "discord:666", guess, now)
    assert ladder.identity(store, "ann@example.org") == "ann@example.org"
    assert store.connection.execute("SELECT COUNT(*) FROM identity_links").fetchone()[0] == 0


def test_no_mail_acts_in_someone_elses_space_chess_game() -> None:
    """Mallory, and mail forging Alice's or Bob's From without their passwords, try every
    command that could touch the game: each is refused and the game is as it was."""
    table = new_table()
    alice, bob, _gus, master = started(table)
    alice.orders(1, "M@Ab2", "duel")
    before = table.store.game("duel")
    wrong = "wrong-horse-battery"
    attempts = [
        "orders 2: M@Hb4",
        "game duel\norders 2: M@Hb4",
        f"game duel {wrong}\norders 2: M@Hb4",
        f"game duel {alice.password}x\norders 2: M@Hb4",
        "resign duel",
        f"resign duel {wrong}",
        "draw duel 2",
        f"draw duel {wrong} 2",
        "draw 2",
        f"master duel {wrong}\ncancel",
        f"master duel {wrong}\nprocess",
        f"master duel {wrong}\ndeadline 1h",
        "process",
        "cancel",
        "deadline 1h",
        "grace 1d",
        "missing wait",
        "rematch duel",
        f"rematch duel {wrong}",
        "newpassword duel",
        f"game duel {master}\norders 2: M@Hb4",  # the master's password plays no seat
        f"history duel {wrong}",
        "endmatch",
    ]
    senders = [
        table.person("mallory@example.org", "Mallory"),
        table.person("alice@example.org", "Alice (forged)"),
        table.person("bob@example.org", "Bob (forged)"),
    ]
    tried = 0
    for sender in senders:
        for text in attempts:
            if text == "newpassword duel" and sender.address != "mallory@example.org":
                continue  # a lost password goes to the seat's own address: not an act
            sender.send(text)
            tried += 1
            now = table.store.game("duel")
            assert (now.phase, now.turn, now.state, now.outcome) == (
                before.phase,
                before.turn,
                before.state,
                before.outcome,
            ), (sender.address, text)
            assert now.deadline_rule == before.deadline_rule, (sender.address, text)
            assert now.grace_hours == before.grace_hours, (sender.address, text)
    assert tried >= 60
    # The players themselves still play: the attempts locked nothing.
    bob.orders(2, "M@Hb4", "duel")
    assert table.store.game("duel").turn == before.turn + 1
