"""What new players tripped over in Space Chess in Discord (issue 36, items 1-5)."""

from __future__ import annotations

from typing import Any

from bot_support import World, start_game, text_of


def board_posts(thread: Any) -> list[Any]:
    return [m for m in thread.history() if m.embeds]


def titles(thread: Any) -> list[str]:
    return [e.title for m in board_posts(thread) for e in m.embeds]


async def test_a_game_against_the_computer_posts_its_start_once(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "spaceships play", game="chess", level="greedy")
    thread = world.thread()
    name = thread.name.removeprefix("Space Chess ")
    assert titles(thread).count(f"{name}: the game begins") == 1, titles(thread)


async def drawn_game(world: World) -> Any:
    thread = await start_game(world, game="chess")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships orders", text="M@Ab2")
    await bob.slash(thread, "spaceships draw")
    await alice.slash(thread, "spaceships draw")
    return thread


async def test_the_rematch_button_of_a_chess_game_makes_the_rematch(world: World) -> None:
    thread = await drawn_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    final = board_posts(thread)[-1]
    asked = text_of(await bob.click(final, label="Rematch"))
    print(asked)
    assert "create" not in asked and "`join" not in asked, asked
    assert "You asked alice for a rematch of alice-bob" in asked, asked
    made = text_of(await alice.click(final, label="Rematch"))
    print(made)
    assert "The rematch of alice-bob is alice-bob-r2" in made, made
    new = world.store.game("alice-bob-r2")
    assert new is not None and new.phase == "playing" and new.ruleset == "chess"
    seats = {s: p.name for s, p in world.store.players(new.id).items()}
    assert seats == {"A": "bob", "B": "alice"}  # the sides swapped
    second = world.channel.threads[-1]
    assert second.name == "Space Chess alice-bob-r2"
    begins = [m for m in board_posts(second) if "the game begins" in m.embeds[0].title]
    assert len(begins) == 1
    assert "Submit moves (turn 1, Terrans)" in str(begins[0].components)
    played = text_of(await bob.slash(second, "spaceships orders", text="M@Ab2"))
    assert "Your turn 1 is played" in played, played


async def test_the_side_not_to_act_is_refused_at_the_press_of_submit_moves(world: World) -> None:
    thread = await start_game(world, game="chess")
    alice, bob = world.member("alice"), world.member("bob")
    begins = board_posts(thread)[-1]
    pressed = await bob.click(begins, label="Submit moves (turn 1, Terrans)")
    assert pressed.modal is None  # no form to type into
    said = text_of(pressed)
    assert "**Submit moves (turn 1, Terrans)** is not yours: you play the Aliens" in said, said
    blank = await bob.slash(thread, "spaceships orders")
    assert blank.modal is None and "you play the Aliens" in text_of(blank), text_of(blank)
    mine = await alice.click(begins, label="Submit moves (turn 1, Terrans)")
    assert mine.modal is not None


async def test_refusals_speak_discord_not_mail(world: World) -> None:
    thread = await start_game(world, game="chess")
    alice = world.member("alice")
    wrong = text_of(await alice.slash(thread, "spaceships orders", text="M@Ab2", turn=3))
    assert "turn 1 is the turn to play in alice-bob; nothing changed" in wrong, wrong
    assert "`/spaceships orders text:ACTIONS`" in wrong
    assert "Submit moves (turn 1, Terrans)" in wrong
    assert "`orders 1:" not in wrong and "send `orders" not in wrong, wrong
    fleet = text_of(await alice.slash(thread, "spaceships fleet", text="DS Ab1"))
    assert "has no `fleet`" in fleet and "orders TURN:" not in fleet, fleet


async def test_a_slip_in_the_form_is_placed_in_what_the_player_typed(world: World) -> None:
    thread = await start_game(world, game="chess")
    alice = world.member("alice")
    form = await alice.click(board_posts(thread)[-1], label="Submit moves (turn 1, Terrans)")
    field = form.modal["components"][0]["components"][0]["custom_id"]
    said = text_of(await alice.submit_modal(form, {field: "Ab1-Ac3"}))
    assert "line 1, column 1: `Ab1-Ac3`" in said, said
    assert "\n    Ab1-Ac3\n    ^^^^^^^\n" in said, said
    assert "orders 1:" not in said, said
    typed = text_of(await alice.slash(thread, "spaceships orders", text="M@Ab2 Qq9"))
    assert "line 1, column 7: " in typed and "\n    M@Ab2 Qq9\n          ^^^\n" in typed, typed


async def test_the_thread_s_first_post_names_the_sides(world: World) -> None:
    thread = await start_game(world, game="chess")
    first = thread.history()[0].content
    alice, bob = world.member("alice"), world.member("bob")
    assert f"<@{alice.id}> (Terrans) against <@{bob.id}> (Aliens)" in first, first
    await alice.slash(world.channel, "spaceships play", game="chess", level="greedy")
    first = world.thread().history()[0].content
    assert f"<@{alice.id}> (Terrans) against the computer (greedy, Aliens)" in first, first


async def test_an_action_written_with_spaces_is_explained_in_discord(world: World) -> None:
    thread = await start_game(world, game="chess")
    said = text_of(await world.member("alice").slash(thread, "spaceships orders", text="Ab1 - Ab3"))
    assert "column 1: `Ab1 - Ab3` has spaces in it" in said and "write `Ab1-Ab3`" in said, said


async def test_a_rematch_against_the_computer_opens_at_once_the_computer_acting_first(
    world: World,
) -> None:
    alice = world.member("alice")
    # Greedy, not random: a random Terran first action may be a shot at its own command ship
    # point-blank (SC6), ending the rematch at once (a coin toss of about 1 in 49).
    await alice.slash(world.channel, "spaceships play", game="chess", level="greedy")
    thread = world.thread()
    asked = await alice.slash(thread, "spaceships resign")
    await alice.click(asked.response.message, label=f"Resign {thread.name.split()[-1]}")
    made = text_of(await alice.click(board_posts(thread)[-1], label="Rematch"))
    assert "sides swapped" in made and "as the Aliens (alice)" in made, made
    second = world.channel.threads[-1]
    shown = titles(second)
    assert shown.count(f"{second.name.split()[-1]}: the game begins") == 1, shown
    assert shown[-1].endswith("turn 1 resolved")  # the computer's Terrans played at once
    assert "Submit moves (turn 2, Aliens)" in str(board_posts(second)[-1].components)
    # The post saying the game begins pings the player, though its first turn was played
    # before it (issue 47, item 12).
    begins = next(m for m in board_posts(second) if m.embeds[0].title.endswith("the game begins"))
    assert f"<@{alice.id}>" in begins.content, begins.content
