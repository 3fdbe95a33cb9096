"""The bot over a PostgreSQL store: the same game, challenge to reveal, and the Discord
records (claims, the outbox) in the SQL both databases take. Skipped, with the reason, where
PostgreSQL is not installed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from bot_support import FLEET_A, SINKING_ORDERS, World, start_game, text_of

from bot.store import DiscordStore
from pbem.storage.store import Store, open_store

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(pg_server: Any) -> Iterator[Store]:
    opened = open_store(pg_server.new_schema())
    yield opened
    opened.close()


async def test_a_whole_game_on_postgresql(world: World) -> None:
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    for member in (alice, bob):
        assert "accepted" in text_of(await member.slash(thread, "spaceships fleet", text=FLEET_A))
    for orders in SINKING_ORDERS:
        await alice.slash(thread, "spaceships orders", text=orders)
        await bob.slash(thread, "spaceships orders", text="none")
    over = [m for m in thread.history() if any("game over" in e.title for e in m.embeds)]
    assert [a.filename for a in over[-1].attachments] == [
        "alice-bob-reveal.png",
        "alice-bob.ssr",
        "alice-bob-replay.html",
    ]
    await world.restart()
    assert world.bot.synced is False
    mine = await bob.click(over[-1], label="View my results")
    assert "game over" in text_of(mine)


def test_discord_records_on_postgresql(store: Store) -> None:
    tables = DiscordStore(store)
    with store.transaction():
        assert tables.claim_interaction(1 << 62, NOW)
        assert not tables.claim_interaction(1 << 62, NOW)
        challenge = tables.add_challenge(1 << 60, 2, 3, None, {"deadline": "48h"}, NOW)
        tables.set_dms_open(1 << 61, False, NOW)
        tables.set_dms_open(1 << 61, True, NOW)
        tables.set_meta("commands", "x")
        tables.set_meta("commands", "y")
        tables.add_outbox(None, "turn", None, "discord:5", {"body": "b"}, NOW)
    assert tables.challenge(challenge).settings == {"deadline": "48h"}  # type: ignore[union-attr]
    assert tables.dms_open(1 << 61) is True and tables.meta("commands") == "y"
    with store.transaction():
        assert len(tables.claim_outbox(NOW, NOW)) == 1
    assert tables.message_for(0, "turn", None, "discord:5") is None
