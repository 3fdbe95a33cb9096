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
