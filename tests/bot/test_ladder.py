"""The ladder in Discord (issue 26): a rated game's end tells both players' rating change in
the thread, `/spaceships ladder` shows this server's top 10 and the member's place, a casual
challenge changes nothing, ratings survive a restart, and a mail address is linked only with
the code mailed to it."""

from __future__ import annotations

import random
import re
from typing import Any

from bot_support import FLEET_A, World, start_game, text_of

from pbem.club import ladder
from pbem.judge import Judge
from pbem.messages import Inbound


async def _play_turn_1(world: World, thread: Any, names: tuple[str, str]) -> None:
    """Fleets in and turn 1 resolved (no actions): only then does a game count on the ladder."""
    for name in names:
        await world.member(name).slash(thread, "spaceships fleet", text=FLEET_A)
    for name in names:
        await world.member(name).slash(thread, "spaceships orders", text="none")


async def _resign(
    world: World,
    thread: Any,
    who: str,
    played: bool = True,
    names: tuple[str, str] = ("alice", "bob"),
) -> None:
    """`who` resigns, after turn 1 is resolved unless not `played`."""
    if played:
        await _play_turn_1(world, thread, names)
    member = world.member(who)
    asked = await member.slash(thread, "spaceships resign")
    game = world.store.games()[-1]
    done = await member.click(asked.response.message, label=f"Resign {game.name}")
    assert f"You resigned {game.name}" in done.response.content


def _over_text(thread: Any) -> str:
    over = [m for m in thread.history() if any("game over" in e.title for e in m.embeds)]
    assert over
    return "\n".join(f"{e.title}\n{e.description}" for m in over for e in m.embeds)


async def test_a_rated_game_tells_the_change_and_the_ladder_shows_it(world: World) -> None:
    thread = await start_game(world)
    await _resign(world, thread, "bob")
    told = _over_text(thread)
    assert re.search(r"alice 1500\? -> 1\d{3}\?, bob 1500\? -> 1\d{3}\?", told), told
    alice_now = ladder.rating_of(world.store, "spaceships", f"discord:{world.member('alice').id}")
    assert alice_now is not None and alice_now.rating.mu > 1500 and alice_now.wins == 1

    shown = await world.member("alice").slash(world.channel, "spaceships ladder")
    assert shown.ephemeral
    embed = shown.response.message.embeds[0]
    assert embed.title == "Spaceships ladder · Club"
    # One game: nobody is listed yet (5 rated games), but Alice sees her own rating.
    assert "Nobody has 5 rated games against 3 opponents here yet" in embed.description
    # ... and both below, marked provisional (issue 36, item 18), the winner first.
    below = embed.description.split("or 3 opponents):\n", 1)[1].splitlines()
    assert below[0].startswith("- alice · ")
    assert below[0].endswith("· provisional (1 of 5 games, 1 of 3 opponents)")
    assert below[1].startswith("- bob · ") and "0-1-0" in below[1]
    assert f"{alice_now.rating.long()} after 1 rated game(s)" in embed.fields[0].value

    await world.restart()  # ratings are in the store: a restarted bot shows the same
    again = await world.member("alice").slash(world.channel, "spaceships ladder")
    assert again.response.message.embeds[0].fields[0].value == embed.fields[0].value


async def test_the_top_ten_lists_players_with_enough_games_against_enough_opponents(
    world: World,
) -> None:
    # alice beats three others five times: she is listed; they, with one opponent, are
    # below her, marked provisional
    for number, other in enumerate(("bob", "carol", "dave", "bob", "carol")):
        await start_game(world, b=other, name=f"g{number}")
        await _resign(world, world.thread(), other, names=("alice", other))
    shown = await world.member("alice").slash(world.channel, "spaceships ladder")
    embed = shown.response.message.embeds[0]
    lines = embed.description.splitlines()
    assert lines[0].startswith("**1.** alice · ") and lines[0].endswith("· 5-0-0")
    assert lines[1].startswith("Provisional, not listed yet")
    assert sorted(line.split(" · ")[0] for line in lines[2:]) == ["- bob", "- carol", "- dave"]
    assert embed.fields[0].value.startswith("1 of 1: ")
    assert "discord:" not in embed.description + embed.fields[0].value  # names, no addresses
    bob = (await world.member("bob").slash(world.channel, "spaceships ladder")).response
    assert "after 2 rated game(s) against 1 opponent(s); listed after 5 against 3" in (
        bob.message.embeds[0].fields[0].value
    )


async def test_a_casual_challenge_changes_no_rating(world: World) -> None:
    thread = await start_game(world, rated=False)
    posted = [m.content for m in world.channel.history() if "challenges" in m.content]
    assert "a game of Spaceships (casual)" in posted[0]
    await _resign(world, thread, "bob")
    assert "Ratings" not in _over_text(thread)
    assert ladder.standings(world.store, "spaceships") == []


async def test_a_game_resigned_before_its_first_turn_is_not_rated(world: World) -> None:
    """No farming a rating by challenge, accept and resign: the end says why it is not rated."""
    thread = await start_game(world)
    await _resign(world, thread, "bob", played=False)
    told = _over_text(thread)
    assert "Not rated: it ended before its first turn was resolved." in told
    assert "Ratings" not in told
    assert ladder.standings(world.store, "spaceships") == []


async def test_the_ladder_is_per_server(world: World) -> None:
    thread = await start_game(world)
    await _resign(world, thread, "bob")
    other = world.env.create_guild("Elsewhere")
    channel = other.create_text_channel("games")
    carol = other.add_member(world.env.create_user("carol"))
    shown = await carol.slash(channel, "spaceships ladder")
    embed = shown.response.message.embeds[0]
    assert embed.title == "Spaceships ladder · Elsewhere"
    assert "alice" not in embed.description and "No rated Spaceships game" in embed.fields[0].value


async def test_a_mail_address_is_linked_only_with_the_mailed_code(world: World) -> None:
    alice = world.member("alice")
    guessed = await alice.slash(world.channel, "spaceships link", code="ABCD-EFGH-JKMN")
    assert guessed.ephemeral and "not one the judge mailed" in text_of(guessed)
    # Alice asks the mail judge (same store) for a code; it comes back to her mailbox only.
    judge = Judge(world.store, rng=random.Random(3))
    with world.store.transaction():
        reply = judge.handle(Inbound("alice@example.org", "link"))[0]
    code = re.search(r"Your link code: (\S+)", reply.body)
    assert code and reply.to == ("alice@example.org",)
    linked = await alice.slash(world.channel, "spaceships link", code=code.group(1))
    assert "Linked: alice@example.org and this Discord account" in text_of(linked)
    assert ladder.identity(world.store, "alice@example.org") == f"discord:{alice.id}"
    again = await alice.slash(world.channel, "spaceships link", code=code.group(1))
    assert "used already" in text_of(again)  # a code works once


def _rematch_button(thread: Any) -> Any:
    over = [m for m in thread.history() if any("game over" in e.title for e in m.embeds)]
    return over[-1]


async def test_the_rematch_button_asks_then_the_other_accepts_in_a_new_thread(
    world: World,
) -> None:
    thread = await start_game(world)
    await _resign(world, thread, "bob")
    asked = await world.member("alice").click(_rematch_button(thread), label="Rematch")
    assert asked.ephemeral and "You asked bob for a rematch of alice-bob" in text_of(asked)
    # Bob is told in the game's thread, named (the judge's notice to a player of a game).
    told = [m.content for m in thread.history() if "asks for a rematch" in m.content]
    assert told and told[-1].startswith(f"<@{world.member('bob').id}>")
    assert "press Rematch under the game's end" in told[-1]
    stranger = await world.member("carol").click(_rematch_button(thread), label="Rematch")
    assert "Not your game" in text_of(stranger)

    accepted = await world.member("bob").click(_rematch_button(thread), label="Rematch")
    assert "The rematch of alice-bob is alice-bob-r2" in text_of(accepted)
    new = world.thread()
    assert new.id != thread.id and new.name == "Spaceships alice-bob-r2"
    # The new thread's link is outside the code block, where Discord makes it a link.
    assert accepted.followups[0].content.startswith(f"Rematch: <#{new.id}>\n```")
    first = new.history()[0].content
    alice_id, bob_id = world.member("alice").id, world.member("bob").id
    assert first.startswith(f"**alice-bob-r2**: <@{bob_id}> (A) against <@{alice_id}> (B).")
    game = world.store.game("alice-bob-r2")
    assert game is not None and game.accounts
    seats = {s: p.name for s, p in world.store.players(game.id).items()}
    assert seats == {"A": "bob", "B": "alice"}
    again = await world.member("alice").click(_rematch_button(thread), label="Rematch")
    assert "is alice-bob-r2 already" in text_of(again)
