"""Tournaments in Discord (issue 45): a round robin of four of Space Chess made, joined,
started and played through simcord with `/spaceships tournament ...`, each round's games in
threads of the tournament's channel whose first post pings the two players, the rounds
announced in the channel, and the standings and crosstable `/spaceships tournament show`
gives checked against the figures worked out by hand below."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bot_support import World, pings_only, text_of

from bot.store import DiscordStore
from pbem.club import tournament_store as ts
from pbem.messages import Outbound
from spaceships_cli import front_end_keeper

PLAYERS = ("alice", "bob", "carol", "dave")  # entry numbers 1-4

# The circle method's schedule for four (pbem.club.tournaments.round_robin), seat A first:
#   round 1: alice-dave, carol-bob;  round 2: carol-alice, bob-dave;  round 3: alice-bob,
#   dave-carol.
# Results played below: round 1 alice beats dave (dave resigns), carol and bob draw;
# round 2 carol beats alice, dave beats bob; round 3 alice beats bob, dave and carol draw.
# Worked out by hand:
#   points: carol ½+1+½ = 2, alice 1+0+1 = 2, dave 0+1+½ = 1½, bob ½+0+0 = ½;
#   Buchholz (the opponents' points): carol ½+2+1½ = 4, alice 1½+2+½ = 4, dave 2+½+2 = 4½,
#     bob 2+1½+2 = 5½;
#   Sonneborn-Berger (the points of those beaten, half of those drawn with): carol
#     ½·½ + 2 + ½·1½ = 3, alice 1½ + ½ = 2, dave ½ + ½·2 = 1½, bob ½·2 = 1;
#   so carol is first on Sonneborn-Berger, alice second; then dave, bob.
STANDINGS = [
    " 1 carol                   2     4     3    X   1   ½   ½",
    " 2 alice                   2     4     2    0   X   1   1",
    " 3 dave                   1½    4½    1½    ½   0   X   1",
    " 4 bob                     ½    5½     1    ½   0   0   X",
]


def thread_named(world: World, name: str) -> Any:
    found = [t for t in world.channel.threads if t.name.endswith(name)]
    assert found, [t.name for t in world.channel.threads]
    return found[0]


async def resign(world: World, who: str, game: str) -> None:
    thread = thread_named(world, game)
    member = world.member(who)
    asked = await member.slash(thread, "spaceships resign")
    done = await member.click(asked.response.message, label=f"Resign {game}")
    assert f"You resigned {game}" in text_of(done), text_of(done)


async def draw(world: World, offers: str, accepts: str, game: str) -> None:
    thread = thread_named(world, game)
    offered = text_of(await world.member(offers).slash(thread, "spaceships draw"))
    assert "draw offer" in offered, offered
    accepted = text_of(await world.member(accepts).slash(thread, "spaceships draw"))
    assert "You accepted the draw" in accepted, accepted


def pinged(world: World, message: Any) -> set[int]:
    """Whom a message pinged, as Discord keeps it (not merely whom it names)."""
    return set(world.env.backend.messages[message.channel.id][message.id].ping_user_ids)


def channel_text(world: World) -> str:
    return "\n".join(m.content for m in world.channel.history())


async def test_a_round_robin_of_four_played_in_discord_ends_with_the_hand_worked_standings(
    world: World,
) -> None:
    gus = world.member("gus")
    made = await gus.slash(
        world.channel,
        "spaceships tournament create",
        name="Autumn",
        game="chess",
        format="robin",
        round="7d",
        rated=False,
    )
    said = text_of(made)
    assert not made.ephemeral  # the channel is told, for players to join
    assert "Tournament Autumn created: round robin of Space Chess" in said, said
    assert "/spaceships tournament join name:Autumn" in said
    assert "password" not in said.lower()  # Discord's account is proof enough
    for name in PLAYERS:
        joined = text_of(await world.member(name).slash(
            world.channel, "spaceships tournament join", name="Autumn"))  # fmt: skip
        assert f"You have entered tournament Autumn as {name}" in joined, joined
    again = text_of(
        await world.member("bob").slash(world.channel, "spaceships tournament join", name="Autumn")
    )
    assert "you have entered Autumn already" in again
    early = text_of(
        await world.member("bob").slash(world.channel, "spaceships tournament start", name="Autumn")
    )
    assert "only the game master of Autumn may start it" in early

    started = text_of(await gus.slash(world.channel, "spaceships tournament start", name="Autumn"))
    assert "Tournament Autumn has started: 3 rounds" in started, started
    assert sorted(t.name for t in world.channel.threads) == [
        "Space Chess Autumn-r1-1",
        "Space Chess Autumn-r1-2",
    ]
    first = thread_named(world, "Autumn-r1-1").history()[0]
    alice, dave = world.member("alice"), world.member("dave")
    assert first.content.startswith("Tournament Autumn, round 1, board 1.")
    assert f"<@{alice.id}> (Terrans)" in first.content and f"<@{dave.id}>" in first.content
    assert pinged(world, first) == {alice.id, dave.id}  # both players pinged, nobody else
    assert "Round 1 of 3 of tournament Autumn has begun" in channel_text(world)
    assert "board 1: alice v dave" in channel_text(world)
    # Space Chess hides nothing: its start is in the thread, not in anyone's DMs.
    assert [m for name in PLAYERS for m in world.dms(name) if m.embeds] == []
    assert any(m.embeds for m in thread_named(world, "Autumn-r1-2").history())

    await resign(world, "dave", "Autumn-r1-1")
    await draw(world, "carol", "bob", "Autumn-r1-2")  # the round's last game: round 2 made
    assert "Round 2 of 3 of tournament Autumn has begun" in channel_text(world)
    second = thread_named(world, "Autumn-r2-1").history()[0]
    assert second.content.startswith("Tournament Autumn, round 2, board 1.")
    assert pinged(world, second) == {world.member("carol").id, alice.id}
    await resign(world, "alice", "Autumn-r2-1")
    await resign(world, "bob", "Autumn-r2-2")
    midway = text_of(await dave.slash(world.channel, "spaceships tournament show", name="Autumn"))
    assert "round 3 of 3" in midway, midway
    await resign(world, "bob", "Autumn-r3-1")
    await draw(world, "dave", "carol", "Autumn-r3-2")

    shown = await dave.slash(world.channel, "spaceships tournament show", name="Autumn")
    table = text_of(shown)
    heading = "Tournament Autumn: round robin of Space Chess, 3 rounds, 168h a round, casual"
    assert f"{heading}; over." in table, table
    lines = [line for line in table.splitlines() if line[:2].strip().isdigit()]
    assert lines == STANDINGS, "\n".join(lines)
    assert all(len(m.content) <= 2000 for m in [shown.response.message])
    assert "Tournament Autumn is over." in channel_text(world)  # the end, in the channel
    listed = text_of(await dave.slash(world.channel, "spaceships tournament show"))
    assert "Autumn" in listed and "over" in listed
    pings_only(world, {world.member(n).id for n in PLAYERS})


async def test_a_tournament_is_made_in_a_channel_and_refused_elsewhere(world: World) -> None:
    gus = world.member("gus")
    await gus.slash(world.channel, "spaceships tournament create", name="Cup", format="swiss")
    thread = world.channel.threads
    assert thread == []  # no games before the start
    wrong = text_of(
        await gus.slash(
            world.channel, "spaceships tournament create", name="9lives", format="swiss"
        )
    )
    assert "`9lives` cannot name a tournament" in wrong, wrong
    unknown = text_of(await gus.slash(world.channel, "spaceships tournament show", name="Nothing"))
    assert "There is no tournament named Nothing" in unknown


def test_a_discord_tournaments_round_begun_in_the_browser_goes_to_the_bot_not_to_mail(
    store: Any,
) -> None:
    """A Discord game's last move of a round played in the browser makes the next round in
    the web's judge: its notice names no game, and goes to the bot's outbox (the tournament's
    channel), not to mail's with Discord addresses."""
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with store.transaction():
        made = ts.create(
            store, "Autumn", "chess", "robin", 0, 72.0, True, (), "", "discord:1", "", True, now
        )
        DiscordStore(store).set_tournament_channel(made.id, 10, 20)
        notice = Outbound(("discord:2", "discord:1"), "Autumn: round 2", "Round 2 of 3 ...",
                          kind="tournament", tournament="Autumn")  # fmt: skip
        front_end_keeper(store, "judge@example.org")([notice])
    rows = store.connection.execute("SELECT address FROM discord_outbox").fetchall()
    assert [r[0] for r in rows] == ["discord-channel:20"]
    assert store.connection.execute("SELECT COUNT(*) FROM mail_outbox").fetchone()[0] == 0


async def test_the_computer_enters_at_an_allowed_level_and_a_member_withdraws(
    world: World,
) -> None:
    gus, alice = world.member("gus"), world.member("alice")
    await gus.slash(world.channel, "spaceships tournament create", name="Open", game="chess",
                    format="robin", computers="greedy")  # fmt: skip
    refused = text_of(await alice.slash(world.channel, "spaceships tournament computer",
                                        name="Open", level="greedy"))  # fmt: skip
    assert "only the game master of Open may" in refused, refused
    wrong = text_of(await gus.slash(world.channel, "spaceships tournament computer",
                                    name="Open", level="deep"))  # fmt: skip
    assert "allows the computer at greedy" in wrong, wrong
    entered = text_of(await gus.slash(world.channel, "spaceships tournament computer",
                                      name="Open", level="greedy"))  # fmt: skip
    assert "The computer (greedy) has entered tournament Open" in entered, entered
    await alice.slash(world.channel, "spaceships tournament join", name="Open")
    left = text_of(await alice.slash(world.channel, "spaceships tournament withdraw", name="Open"))
    assert "You have withdrawn from tournament Open before its start" in left, left
    shown = text_of(await alice.slash(world.channel, "spaceships tournament show", name="Open"))
    assert "1 the computer (greedy" in shown and "alice" not in shown, shown
