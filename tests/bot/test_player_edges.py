"""What new players tripped over in Discord (issue 24): a match challenge said in words, a taken
name refused before anything is posted, old buttons of a turn that is over, refusals in the
bot's own syntax, one answer for a fleet in lower case, the grid form in the help, a reveal
for every game of a match."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from bot_support import (
    FLEET_A,
    FLEET_B,
    SINKING_ORDERS,
    World,
    attachment_bytes,
    start_game,
    text_of,
)

import bot.posts as posts
from pbem.steps.gamerows import names_of
from spaceships.judge import matches
from spaceships.pictures import umpire_picture

_PBEM_TESTS = str(Path(__file__).resolve().parents[1] / "pbem")
if _PBEM_TESTS not in sys.path:
    sys.path.insert(0, _PBEM_TESTS)

from match_support import with_additional  # noqa: E402


async def _both_fleets(world: World, thread: Any) -> None:
    await world.member("alice").slash(thread, "spaceships fleet", text=FLEET_A)
    await world.member("bob").slash(thread, "spaceships fleet", text=FLEET_B)


def _the_bot_as_member(world: World) -> Any:
    """The judge's own bot account, as a member picks it in the `member` option."""
    from simcord.actors import MemberActor
    from simcord.builders import UserHandle

    return MemberActor(world.env, world.guild, UserHandle(world.env, world.env.backend.bot_user))


# -- challenges ------------------------------------------------------------------------------
async def test_9_a_match_challenge_says_it_is_a_match_in_words(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    posted = await alice.slash(
        world.channel,
        "spaceships challenge",
        member=bob,
        options="match=continued games=2 build=one-death-star",
        deadline="48h",
    )
    text = posted.response.message.content
    assert "to a match of two continued games of Spaceships" in text, text
    assert "(build: one death star, deadline 48h)" in text, text
    assert "match=continued" not in text and "a game of" not in text, text


async def test_a_single_game_challenge_still_says_a_game(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    posted = await alice.slash(
        world.channel, "spaceships challenge", member=bob, options="fleet=cost:24"
    )
    text = posted.response.message.content
    assert "to a game of Spaceships (fleet=cost:24)" in text, text


async def test_challenging_the_bot_with_a_taken_name_posts_nothing(world: World) -> None:
    await start_game(world, name="alpha")
    posts_before = len(world.channel.history())
    carol = world.member("carol")
    refused = await carol.slash(
        world.channel, "spaceships challenge", member=_the_bot_as_member(world), name="alpha"
    )
    said = text_of(refused)
    assert "The name 'alpha' cannot be used" in said and "Choose another" in said, said
    assert refused.response.message.flags.ephemeral
    assert len(world.channel.history()) == posts_before  # no "takes on" post left behind
    assert len(world.store.games()) == 1


# -- old buttons, and refusals in the bot's own words -----------------------------------------
def _with_button(thread: Any, label: str) -> Any:
    found = [
        m
        for m in thread.history()
        for row in m.components
        for c in row.children
        if getattr(c, "label", None) == label
    ]
    assert found, f"no message with the button {label!r}"
    return found[0]


async def test_an_old_turn_1_button_is_refused_at_the_press_once_turn_1_is_over(
    world: World,
) -> None:
    thread = await start_game(world)
    await _both_fleets(world, thread)
    alice, bob = world.member("alice"), world.member("bob")
    old = _with_button(thread, "Submit orders (turn 1)")
    await alice.slash(thread, "spaceships orders", text=SINKING_ORDERS[0])
    await bob.slash(thread, "spaceships orders", text="none")
    pressed = await alice.click(old, label="Submit orders (turn 1)")
    said = text_of(pressed)
    assert "turn 1 of alice-bob, which is over: turn 2 is open now" in said, said
    assert "`/spaceships orders text:...`" in said and "Submit orders (turn 2)" in said, said
    assert pressed.response.message.flags.ephemeral  # a refusal, not a form
    # The current turn's button still opens its form.
    current = await alice.click(
        _with_button(thread, "Submit orders (turn 2)"), label="Submit orders (turn 2)"
    )
    assert current.modal is not None, current


async def test_the_submit_fleet_button_of_a_game_under_way_or_over_is_refused_at_the_press(
    world: World,
) -> None:
    """The Submit fleet button stays under the thread's first post, and the last turn's orders
    button under the game's end: pressed late, each says why at once, as a battle's Submit
    design does, instead of opening a form whose fleet or orders can only be refused."""
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    setup_post = _with_button(thread, "Submit fleet")
    opened = await alice.click(setup_post, label="Submit fleet")
    assert opened.modal is not None  # while the fleets are wanted, the form opens
    await _both_fleets(world, thread)
    pressed = await alice.click(setup_post, label="Submit fleet")
    said = text_of(pressed)
    assert pressed.modal is None and pressed.response.message.flags.ephemeral, said
    assert "The fleets of alice-bob are set: turn 1 is open" in said, said
    assert "Submit orders (turn 1)" in said, said
    typed = await bob.slash(thread, "spaceships fleet")  # the command without text: the same
    assert typed.modal is None and "are set" in text_of(typed), text_of(typed)

    last = _with_button(thread, "Submit orders (turn 1)")
    asked = await bob.slash(thread, "spaceships resign")
    await bob.click(asked.response.message, label="Resign alice-bob")
    for label in ("Submit fleet", "Submit orders (turn 1)"):
        pressed = await alice.click(setup_post if label == "Submit fleet" else last, label=label)
        said = text_of(pressed)
        assert pressed.modal is None, label
        assert "alice-bob is over: it takes no more fleets or orders" in said, said


async def test_orders_typed_for_a_turn_that_is_over_are_refused_the_discord_way(
    world: World,
) -> None:
    thread = await start_game(world)
    await _both_fleets(world, thread)
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships orders", text=SINKING_ORDERS[0])
    await bob.slash(thread, "spaceships orders", text="none")
    late = await alice.slash(thread, "spaceships orders", text="orders 1: Gx3")
    said = text_of(late)
    assert "these orders are for turn 1, but turn 2 is the current turn of alice-bob" in said, said
    assert "/spaceships orders" in said and "send `orders" not in said, said
    assert world.store.orders(world.store.games()[0].id, 2) == {}  # nothing changed


# -- 2.3.2, 6.8.2: a light scout never makes a kamikaze strike ------------------------------
async def test_6_8_2_the_orders_echo_offers_no_kamikaze_to_a_lone_light_scout(world: World) -> None:
    """Alice's missile destroyer explodes on turn 1, leaving her a light scout: the echo of
    her turn-2 scan says the game ends, as her turn's news does, and offers no kamikaze."""
    thread = await start_game(world, options="fleet=cost:6")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text="LS Oz5; MD Yv3 Yw3 Yx3")
    await bob.slash(thread, "spaceships fleet", text="HS Bz4 Bz5; MD Gv3 Gw3 Gx3")
    await alice.slash(thread, "spaceships orders", text="Bz4")
    await bob.slash(thread, "spaceships orders", text="Yw3")
    news = "\n".join(e.description or "" for m in world.dms("alice") for e in m.embeds)
    assert "No action but scans is left to you" in news, news
    echo = text_of(await alice.slash(thread, "spaceships orders", text="sBz5"))
    assert "kamikaze" not in echo.replace("none of your ships can make a kamikaze", ""), echo
    assert "the game ends at the end of this turn [2.3.2]" in echo, echo


# -- a fleet in lower case, the grid form ---------------------------------------------------
async def test_11_4_a_lowercase_fleet_gets_one_answer_with_the_fleet_in_capitals(
    world: World,
) -> None:
    thread = await start_game(world)
    sent = await world.member("alice").slash(thread, "spaceships fleet", text=FLEET_A.lower())
    messages = [sent.response, *sent.followups]
    said = text_of(sent)
    assert len(messages) == 1, said  # one private message, not five
    assert said.count("[11.4]") == 1 and "hint:" not in said, said
    assert "Colours and ship codes are written in capitals" in said, said
    assert FLEET_A in said, said  # the fleet as it should be written, to copy
    assert world.store.players(world.store.games()[0].id)["A"].fleet is None  # a suggestion
    # With one real mistake besides the case, that mistake is all that is listed.
    wrong = FLEET_A.lower().replace("md ", "mx ")
    said = text_of(await world.member("alice").slash(thread, "spaceships fleet", text=wrong))
    assert "Written so, your fleet still has:" in said, said
    assert said.count("line 1, column") == 1 and "`mx` is not a ship code" in said, said


def _help_grid(help_text: str) -> str:
    lines = help_text.replace("```", "").splitlines()
    start = next(i for i, line in enumerate(lines) if line.split() == list("ROYGB"))
    return "\n".join(lines[start : start + 7])


async def test_11_3_the_fleet_help_shows_the_grid_form_and_a_copied_grid_is_accepted(
    world: World,
) -> None:
    """The help's grid, drawn as the bot's picture draws a fleet (a type letter a cell, no
    key), sent through the fleet form as a player pastes it: accepted as the list form."""
    thread = await start_game(world)
    alice = world.member("alice")
    helped = text_of(await alice.slash(thread, "spaceships help", topic="fleet"))
    grid = _help_grid(helped)
    assert "  1  D D . . .   D D . . ." in grid, helped
    form = await alice.click(thread.history()[0], label="Submit fleet")
    key = form.modal["components"][0]["components"][0]["custom_id"]
    sent = await alice.submit_modal(form, {key: grid})
    assert "Your fleet is accepted" in text_of(sent), text_of(sent)
    game = world.store.games()[0]
    assert world.store.players(game.id)["A"].fleet == FLEET_A


# -- 1.4.1, 10: every game of a match ends with a reveal --------------------------------------
async def _first_game_of_a_match(world: World) -> Any:
    """A continued match of two games; Alice sinks Bob's fleet in game 1 (three turns)."""
    thread = await start_game(world, options="match=continued games=2")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await bob.slash(thread, "spaceships fleet", text=FLEET_A)
    for orders in SINKING_ORDERS:
        await alice.slash(thread, "spaceships orders", text=orders)
        await bob.slash(thread, "spaceships orders", text="none")
    return thread


async def test_1_4_1_each_game_of_a_continued_match_ends_with_both_fleets_drawn(
    world: World,
) -> None:
    thread = await _first_game_of_a_match(world)
    over = [m for m in thread.history() if m.embeds and m.embeds[0].title == "alice-bob: game over"]
    assert over, [m.embeds[0].title for m in thread.history() if m.embeds]
    files = dict(attachment_bytes(world.env, over[0]))
    assert "alice-bob-game1-reveal.png" in files, list(files)
    assert over[0].embeds[0].image.url == "attachment://alice-bob-game1-reveal.png"
    game = world.store.games()[0]
    first = matches.game_end_state(world.store, game, 1)
    assert first is not None and first.over
    names = names_of(world.store.players(game.id))
    assert files["alice-bob-game1-reveal.png"] == umpire_picture(first, names)
    bobs = dict(attachment_bytes(world.env, world.dms("bob")[-1]))  # his news of game 2 ...
    bobs |= dict(attachment_bytes(world.env, world.dms("bob")[-2]))  # ... and the reveal
    assert "alice-bob-game1-reveal.png" in bobs, list(bobs)


async def test_1_4_a_late_reveal_of_game_1_never_draws_game_2_in_play(world: World) -> None:
    """A game-1 reveal posted late (the bot was down) while game 2 is in play draws game 1 as
    it ended, never game 2's fleets, which are still hidden."""
    thread = await _first_game_of_a_match(world)
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text=with_additional(FLEET_A, ["DS", "DS", "KC"]))
    await bob.slash(thread, "spaceships fleet", text=FLEET_B)
    game = world.store.games()[0]
    assert game.phase == "playing" and game.turn == 1
    # A row kept before rows carried their sights: its game decorates it on delivery.
    late = {
        "kind": "over",
        "turn": 3,
        "attachments": [{"filename": "alice-bob-game1.ssr", "data": ""}],
    }
    alice_address = world.store.players(game.id)["A"].address

    def picture_of(message: dict[str, Any]) -> tuple[str, bytes] | None:
        sights = posts.sights_of(world.store, game, message, None)
        return posts.drawn(world.store, game, sights, alice_address)

    drawn = picture_of(late)
    first = matches.game_end_state(world.store, game, 1)
    assert first is not None and drawn is not None
    assert drawn[1] == umpire_picture(first, names_of(world.store.players(game.id)))
    # Without a named game, a row in play draws no reveal at all.
    assert picture_of({"kind": "over", "turn": 3}) is None
