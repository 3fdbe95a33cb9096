"""Every hint a Discord member reads says how to send a thing the Discord way (the slash
command, the button), never in mail syntax (`game NAME PASSWORD`, `fleet random`, `orders N:`);
a battle's orders form of a phase that is over is refused when sent; "View my results" of an
old match post shows that game's results or says it cannot (issue 24, follow-ups)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import simcord
from battle_support import DESIGN_A, DESIGN_B, start_battle
from bot_support import (
    FLEET_A,
    FLEET_B,
    FLEET_B_SWAPPED,
    SINKING_ORDERS,
    World,
    result_record,
    start_game,
    text_of,
)
from patience import SETTLE_SECONDS

from bot import create_bot
from pbem.storage.store import open_store

_PBEM_TESTS = str(Path(__file__).resolve().parents[1] / "pbem")
if _PBEM_TESTS not in sys.path:
    sys.path.insert(0, _PBEM_TESTS)

from match_support import with_additional  # noqa: E402

MAIL_SYNTAX = ("game alice-bob", "`fleet random`", "  fleet ", "send `orders", "PASSWORD")


def _no_mail_syntax(said: str) -> None:
    for mail in MAIL_SYNTAX:
        assert mail not in said, (mail, said)


async def test_accepting_a_challenge_says_how_to_send_a_fleet_the_discord_way(
    world: World,
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob)
    said = text_of(await bob.click(posted.response.message, label="Accept"))
    assert "You joined alice-bob as player B" in said, said
    assert "/spaceships fleet text:DS ...; KC ...; PC ...; MD ...; LS Bz5" in said, said
    assert "`/spaceships fleet text:random`" in said and "Submit fleet button" in said, said
    _no_mail_syntax(said)


async def test_the_next_game_of_a_match_asks_for_the_fleet_the_discord_way(
    world: World,
) -> None:
    thread = await start_game(world, options="match=continued games=2")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await bob.slash(thread, "spaceships fleet", text=FLEET_A)
    for orders in SINKING_ORDERS:
        await alice.slash(thread, "spaceships orders", text=orders)
        await bob.slash(thread, "spaceships orders", text="none")
    dms = [
        "\n".join([m.content, *(e.description or "" for e in m.embeds)]) for m in world.dms("bob")
    ]
    news = [text for text in dms if "Game 2 of match alice-bob opens" in text]
    assert news, dms
    said = news[-1]
    assert "Send it with `/spaceships fleet` in the game's thread" in said, said
    assert "/spaceships fleet text:DS ...; KC ...; ..." in said, said
    assert "identities number all ships of a type together (MD1, MD2)" in said, said
    _no_mail_syntax(said)


async def _designs(world: World, thread: Any) -> None:
    await world.member("alice").slash(thread, "spaceships design", text=DESIGN_A)
    await world.member("bob").slash(thread, "spaceships design", text=DESIGN_B)


async def test_a_battles_orders_for_another_turn_are_refused_the_discord_way(
    world: World,
) -> None:
    thread = await start_battle(world)
    await _designs(world, thread)
    later = text_of(
        await world.member("alice").slash(thread, "spaceships orders", text="Lancer F", turn=2)
    )
    assert "these orders are for turn 2, but turn 1 (movement) is the current turn" in later
    assert "`/spaceships orders text:...`" in later, later
    assert "or the Submit orders (turn 1, movement) button" in later, later
    _no_mail_syntax(later)


async def test_a_movement_form_sent_after_the_movement_phase_is_refused_not_fired(
    world: World,
) -> None:
    thread = await start_battle(world)
    await _designs(world, thread)
    alice, bob = world.member("alice"), world.member("bob")
    form = await alice.slash(thread, "spaceships orders")  # opened in turn 1's movement ...
    assert form.modal is not None, text_of(form)
    key = form.modal["components"][0]["components"][0]["custom_id"]
    await alice.slash(thread, "spaceships orders", text="Lancer F")
    await bob.slash(thread, "spaceships orders", text="none")
    assert world.store.game("alice-bob").turn == 2  # turn 1's fire phase is open
    late = await alice.submit_modal(form, {key: "none"})  # ... sent in its fire phase
    said = text_of(late)
    assert "These orders are for turn 1, movement of alice-bob, which is over" in said, said
    assert "turn 1, fire is open now; nothing changed" in said, said
    assert "**Submit orders (turn 1, fire)**" in said and "`/spaceships orders" in said, said
    assert late.response.message.flags.ephemeral
    # Nothing reached the judge: no fire orders of Alice's for turn 1.
    game = world.store.game("alice-bob")
    assert "A" not in world.store.orders(game.id, game.turn), world.store.orders(game.id, 2)
    # The fire phase's own form still takes its volleys.
    fire = await alice.slash(thread, "spaceships orders")
    key = fire.modal["components"][0]["components"][0]["custom_id"]
    sent = text_of(await alice.submit_modal(fire, {key: "none"}))
    assert "accepted for turn 1 (fire)" in sent, sent


# -- "View my results" of an earlier game of a match -------------------------------------------
async def _results_of_turn_1(world: World, post: Any) -> list[tuple[Any, ...]]:
    pressed = await world.member("alice").click(post, label="View my results")
    assert pressed.response is not None and pressed.response.message.flags.ephemeral
    return result_record(world.env, pressed)


def _turn_1_posts(thread: Any, title: str = "alice-bob: turn 1 results") -> list[Any]:
    return [m for m in thread.history() if m.embeds and m.embeds[0].title == title]


async def _match_run(path: Path, bob_game_2: str) -> dict[str, Any]:
    """A continued match: Alice sinks Bob in game 1; game 2 plays its turn 1; Alice presses
    "View my results" under game 1's turn 1 post during game 1 and again during game 2."""
    store = open_store(path)
    seen: dict[str, Any] = {}
    async with simcord.run(create_bot(store, shard_count=1), settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Club")
        world = World(env, guild, guild.create_text_channel("spaceships"), store)
        thread = await start_game(world, options="match=continued games=2")
        alice, bob = world.member("alice"), world.member("bob")
        await alice.slash(thread, "spaceships fleet", text=FLEET_A)
        await bob.slash(thread, "spaceships fleet", text=FLEET_A)
        for number, orders in enumerate(SINKING_ORDERS, start=1):
            await alice.slash(thread, "spaceships orders", text=orders)
            await bob.slash(thread, "spaceships orders", text="none")
            if number == 1:
                seen["in game 1"] = await _results_of_turn_1(world, _turn_1_posts(thread)[0])
                begins = _turn_1_posts(thread, "alice-bob: the game begins")[0]
                seen["begin in game 1"] = await _results_of_turn_1(world, begins)
        await alice.slash(
            thread, "spaceships fleet", text=with_additional(FLEET_A, ["DS", "DS", "KC"])
        )
        await bob.slash(thread, "spaceships fleet", text=bob_game_2)
        await alice.slash(thread, "spaceships orders", text="Gz1 Gz2 Gz3 Bz3 Bz4 Yz3 Gx5")
        await bob.slash(thread, "spaceships orders", text="none")
        game_1, game_2 = _turn_1_posts(thread)
        seen["in game 2"] = await _results_of_turn_1(world, game_1)
        seen["game 2's own"] = await _results_of_turn_1(world, game_2)
        begins = _turn_1_posts(thread, "alice-bob: the game begins")
        assert len(begins) == 2, begins
        seen["begin in game 2"] = await _results_of_turn_1(world, begins[0])
    store.close()
    return seen


async def test_view_my_results_of_game_1_shows_game_1_during_game_2(tmp_path: Path) -> None:
    one = await _match_run(tmp_path / "one.sqlite3", FLEET_B)
    # Game 1's post shows game 1's turn 1, text and picture, as it did during game 1: never
    # the turn 1 of game 2 that the row now plays.
    assert one["in game 2"] == one["in game 1"]
    assert one["begin in game 2"] == one["begin in game 1"]  # game 1's start, as it began
    assert any(n.endswith("-start-A.png") for r in one["begin in game 1"] for n, _ in r[2])
    said = "\n".join(str(part) for part in one["in game 1"])
    assert "alice-bob, game 1: turn 1, your results" in said, said
    assert any(
        name.endswith("-turn1-A.png") for record in one["in game 1"] for name, _ in record[2]
    )
    # Game 2's post shows game 2's.
    assert one["game 2's own"] != one["in game 1"]
    assert "alice-bob, game 2: turn 1, your results" in str(one["game 2's own"])
    # Swap test: Bob's hidden game-2 fleet changes nothing game 1's button shows.
    two = await _match_run(tmp_path / "two.sqlite3", FLEET_B_SWAPPED)
    assert two["in game 2"] == one["in game 2"]
    assert two["begin in game 2"] == one["begin in game 2"]
    assert two["game 2's own"] != one["game 2's own"]  # the swap does reach game 2's results


async def test_an_old_results_button_of_a_match_without_its_game_refuses_to_guess(
    world: World, monkeypatch: Any
) -> None:
    import bot.delivery as delivery

    made = delivery.game_buttons
    # The buttons the bot made before they named their game: no `:g1` in the custom id.
    monkeypatch.setattr(
        delivery, "game_buttons", lambda game, kind, turn, _=None: made(game, kind, turn)
    )
    thread = await start_game(world, options="match=continued games=2")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await bob.slash(thread, "spaceships fleet", text=FLEET_A)
    for orders in SINKING_ORDERS:
        await alice.slash(thread, "spaceships orders", text=orders)
        await bob.slash(thread, "spaceships orders", text="none")
    await alice.slash(thread, "spaceships fleet", text=with_additional(FLEET_A, ["DS", "DS", "KC"]))
    await bob.slash(thread, "spaceships fleet", text=FLEET_B)
    await alice.slash(thread, "spaceships orders", text="Gz1")
    await bob.slash(thread, "spaceships orders", text="none")
    old = _turn_1_posts(thread)[0]
    pressed = await alice.click(old, label="View my results")
    said = text_of(pressed)
    assert "This button does not say which game of match alice-bob it belongs to" in said, said
    assert "game 2 has begun since" in said and not pressed.response.message.attachments, said
