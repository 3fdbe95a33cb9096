"""A member's fleet, design, orders or setting is read as exactly that one command [issue 27,
item 1]: a later line that reads as a command (`resign`, `create sneaky`) is refused with its
line number, and nothing of the submission is carried out, whichever way it came (the text
option, the form, a file)."""

from __future__ import annotations

from typing import Any

from battle_support import DESIGN_A, start_battle
from bot_support import FLEET_A, World, start_game, text_of

FLEET_LINES = FLEET_A.replace("; ", "\n")
# What the audit pasted under a fleet: each line a command of the judge's language.
SMUGGLED = ("resign", "create sneaky", "cancel", "deadline none")


def nothing_done(world: World, name: str = "alice-bob") -> None:
    """The game goes on, nobody's fleet or design is in, and no other game was made."""
    game = world.store.game(name)
    assert game is not None and game.phase == "setup", game
    assert all(p.fleet is None for p in world.store.players(game.id).values())
    assert world.store.game("sneaky") is None


async def test_a_command_under_a_fleet_in_the_text_option_is_refused_and_nothing_done(
    world: World,
) -> None:
    thread = await start_game(world)
    alice = world.member("alice")
    for smuggled in SMUGGLED:
        sent = await alice.slash(thread, "spaceships fleet", text=f"{FLEET_LINES}\n\n{smuggled}")
        said = text_of(sent)
        assert sent.ephemeral
        # The member's line 7 (the fleet is 5 lines, then a blank one), refused by the
        # fleet's reader: not a ship.
        assert "line 7, column 1" in said and f"`{smuggled.split()[0]}`" in said, said
        assert "Your fleet is accepted" not in said and "resigned" not in said
        nothing_done(world)
    assert not [m for m in thread.history() if "over" in m.content.lower()]


async def test_a_command_under_a_fleet_in_the_form_or_a_file_is_refused(world: World) -> None:
    thread = await start_game(world)
    alice = world.member("alice")
    form = await alice.slash(thread, "spaceships fleet")
    assert form.modal is not None
    field = form.modal["components"][0]["components"][0]["custom_id"]
    sent = await alice.submit_modal(form, {field: f"{FLEET_LINES}\nresign"})
    assert "line 6, column 1" in text_of(sent) and "resigned" not in text_of(sent)
    nothing_done(world)

    attached = f"{FLEET_LINES}\n\ncreate sneaky\n".encode()
    sent = await alice.slash(thread, "spaceships fleet", file=("fleet.ssr", attached))
    assert "line 7, column 1" in text_of(sent), text_of(sent)
    nothing_done(world)


async def test_a_fleet_pasted_from_a_mail_with_its_own_fleet_and_end_lines_is_read(
    world: World,
) -> None:
    """The command language's own frame of a fleet (`fleet` first, `end` last) is the same
    command, not a second one: the fleet is accepted."""
    thread = await start_game(world)
    sent = await world.member("alice").slash(
        thread, "spaceships fleet", text=f"fleet\n{FLEET_LINES}\nend"
    )
    assert "Your fleet is accepted" in text_of(sent), text_of(sent)


async def test_a_command_under_a_battle_design_is_refused(world: World) -> None:
    thread = await start_battle(world)
    sent = await world.member("alice").slash(
        thread, "spaceships design", text=DESIGN_A.replace("; ", "\n") + "\nresign"
    )
    said = text_of(sent)
    assert "line 3" in said and "resign" in said, said
    assert "resigned" not in said
    nothing_done(world)


async def test_orders_with_a_command_on_a_later_line_are_refused_whole(world: World) -> None:
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    for member in (alice, bob):
        await member.slash(thread, "spaceships fleet", text=FLEET_A)
    sent = await alice.slash(thread, "spaceships orders", text="Gx3\nresign")
    said = text_of(sent)
    assert "`resign`" in said and "nothing changed" in said and "accepted" not in said, said
    game = world.store.game("alice-bob")
    assert game is not None and game.phase == "playing"


async def _settings(world: World, thread: Any, **values: str) -> str:
    return text_of(await world.member("alice").slash(thread, "spaceships settings", **values))


async def test_a_setting_with_a_line_break_is_refused_and_nothing_changed(world: World) -> None:
    thread = await start_game(world, deadline="48h")
    for value in ("12h\nresign", "12h\r\ncreate sneaky", "12h\u2028cancel", "12h\x85cancel"):
        said = await _settings(world, thread, deadline="24h", reminder=value)
        assert "line break or control character" in said and "nothing was done" in said, said
        game = world.store.game("alice-bob")
        assert game is not None and game.phase == "setup" and game.deadline_rule == "2d"
        nothing_done(world)
    said = await _settings(world, thread, deadline="24h", reminder="12h")
    game = world.store.game("alice-bob")
    assert game is not None and game.deadline_rule == "1d", said


async def test_a_challenge_setting_with_a_line_break_is_refused(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    for options in ("fleet=cost:24\ncreate sneaky", "fleet=cost:24\x1ecreate sneaky"):
        posted = await alice.slash(
            world.channel, "spaceships challenge", member=bob, options=options
        )
        assert posted.ephemeral and "line break" in text_of(posted), text_of(posted)
    posted = await alice.slash(
        world.channel, "spaceships play", deadline="48h\ncreate sneaky", level="random"
    )
    assert posted.ephemeral and "line break" in text_of(posted), text_of(posted)
    assert world.store.game("sneaky") is None
    assert not world.channel.threads
