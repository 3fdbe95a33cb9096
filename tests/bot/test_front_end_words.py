"""Every hint a Discord member reads says how to send a thing the Discord way (the slash
command, the button), never in mail syntax (`game NAME PASSWORD`, `fleet random`, `orders N:`);
a battle's orders form of a phase that is over is refused when sent; "View my results" of an
old match post shows that game's results or says it cannot (issue 24, follow-ups)."""

from __future__ import annotations

from typing import Any

from battle_support import DESIGN_A, DESIGN_B, start_battle
from bot_support import FLEET_A, SINKING_ORDERS, World, text_of

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
    assert "`/spaceships fleet text:random`" in said and "**Submit fleet**" in said, said
    _no_mail_syntax(said)


async def test_the_next_game_of_a_match_asks_for_the_fleet_the_discord_way(
    world: World,
) -> None:
    from bot_support import start_game

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
    assert "**Submit orders (turn 1, movement)**" in later, later
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
    assert "This form is for turn 1, movement of alice-bob, which is resolved" in said, said
    assert "now: turn 1, fire. Nothing changed" in said, said
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
