"""Nobody is pinged but whom a post means to ping [issue 27, item 3]: the bot's default is no
mentions at all, and a post that pings names exactly its members, so member text it quotes
(a display name of `@everyone <@&role> <@member>`, a refused word) pings no one. And a
member's own message to the bot in DMs gets one pointer to the slash commands, once."""

from __future__ import annotations

from typing import Any

from battle_support import play_phase, start_battle
from bot_support import FLEET_A, FLEET_B, World, pings_only, text_of


def mallory(world: World) -> tuple[Any, str]:
    """A member whose display name is every kind of mention, and what it says."""
    role = world.guild.create_role("Crew", mentionable=True)
    carol = world.member("carol")
    nick = f"@everyone @here <@&{role.id}> <@{carol.id}>"
    world.members["alice"] = world.guild.add_member(world.env.create_user("mallory"), nick=nick)
    return world.members["alice"], nick


def pinged(world: World, where: Any, words: str) -> list[set[int]]:
    """Whom each of the bot's messages in `where` holding `words` pinged."""
    stored = world.env.backend.messages[where.id].values()
    return [set(m.ping_user_ids) for m in stored if words in m.content]


async def test_a_display_name_of_mentions_pings_no_one_in_a_whole_game(world: World) -> None:
    alice, nick = mallory(world)
    bob = world.member("bob")
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob)
    assert pinged(world, world.channel, "challenges") == [{bob.id}]
    world.close_dms("bob")  # the thread tells Bob, pinging him alone
    await bob.click(posted.response.message, label="Accept")
    thread = world.thread()
    assert pinged(world, thread, "(A) against") == [{alice.id, bob.id}]
    assert pinged(world, thread, "I cannot send you direct messages") == [{bob.id}]
    for member, fleet in ((alice, FLEET_A), (bob, FLEET_B)):
        await member.slash(thread, "spaceships fleet", text=fleet)
    for member in (alice, bob):
        await member.slash(thread, "spaceships orders", text="none")
    # The judge's texts name the player as they call themselves, mentions and all.
    said = [e.description for m in thread.history() for e in m.embeds]
    assert any("begins: @everyone @here <@&" in (text or "") for text in said), said
    refused = await bob.slash(thread, "spaceships status", game=nick)
    assert "There is no game named @everyone" in text_of(refused)
    pings_only(world, {alice.id, bob.id})


async def test_a_battle_pings_its_players_only(world: World) -> None:
    alice, _ = mallory(world)
    bob = world.member("bob")
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob, game="battles")
    await bob.click(posted.response.message, label="Accept")
    thread = world.thread()
    for member, design in (
        (alice, "Lancer E-SAI(Gf)I(Xf)IIV"),
        (bob, "Raider C-SSI(Lf)II(Gf)(Rf)D"),
    ):
        sent = await member.slash(thread, "spaceships design", text=design)
        assert "accepted" in text_of(sent), text_of(sent)
    assert pinged(world, thread, "is open") == [{alice.id, bob.id}]
    pings_only(world, {alice.id, bob.id})


async def test_a_battle_played_by_the_usual_members_pings_them(world: World) -> None:
    thread = await start_battle(world)
    alice, bob = world.member("alice"), world.member("bob")
    for member, design in (
        (alice, "Lancer E-SAI(Gf)I(Xf)IIV"),
        (bob, "Raider C-SSI(Lf)II(Gf)(Rf)D"),
    ):
        await member.slash(thread, "spaceships design", text=design)
    await play_phase(world, thread)
    assert all(p == {alice.id, bob.id} for p in pinged(world, thread, "is open"))
    pings_only(world, {alice.id, bob.id})


async def test_a_message_in_dms_gets_one_pointer_to_the_commands_once(world: World) -> None:
    carol = world.member("carol")
    await carol.send_dm("hello? how do I play?")
    await carol.send_dm("@everyone anyone there?")
    await world.restart()
    await carol.send_dm("still nothing?")
    answers = [m for m in world.dms("carol") if m.author.id == world.bot.user.id]
    assert [m.content for m in answers] == [
        "I read no messages, only slash commands: type `/spaceships help` in a server we "
        "share (I say this once)."
    ]
    dave = world.member("dave")
    await dave.send_dm("hi")
    assert [m.author.id for m in world.dms("dave")] == [dave.id, world.bot.user.id]
    pings_only(world, set())
