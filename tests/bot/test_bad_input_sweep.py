"""The audit's sweeps kept as tests [issue 27]: every slash command's text options and files
against a corpus of bad input (empty, 100 kB, control characters, markdown, mentions, code
fences, binary, UTF-16, a PNG named .ssr, commands on later lines). Each answer is given
(no crash, no traceback, never "something went wrong"), private where it should be, nothing
is carried out beyond the one command, and no message the bot sends can ping anyone it did
not mean to: never @everyone, @here or a role, and only the game's players or the challenged
member. One bot per slash command: it takes the whole corpus."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from battle_support import start_battle
from bot_support import FLEET_A, World, pings_only, start_game, text_of

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"


def corpus(world: World) -> list[str]:
    """Text values; the mentions name a real role and a member who plays nothing."""
    role = world.guild.create_role("Crew", mentionable=True)
    carol = world.member("carol")
    mentions = f"@everyone @here <@&{role.id}> <@{carol.id}> <@!{carol.id}>"
    return [
        "",
        " \n\t ",
        "A" * 100_000,
        "DS Rv1\x00\x07\x1b[31m\x7f\x1c\x1d\x1e\x85\u2028\u2029",
        "**bold** __under__ ~~gone~~ ||hidden|| [link](https://example.org) # Heading\n> quote",
        mentions,
        f"{world.channel.mention} {mentions}",
        "```\n> resign\n```\n`",
        bytes(range(256)).decode("latin-1"),
        FLEET_A.encode("utf-16").decode("latin-1"),
        "Gx3\nresign\ncreate sneaky\ncancel",
        f"{FLEET_A}\n\nresign",
    ]


def files(texts: list[str]) -> list[tuple[str, bytes]]:
    made = [(f"sweep{i}.ssr", t.encode("utf-8", "surrogatepass")) for i, t in enumerate(texts)]
    return [
        *made,
        ("fleet.ssr", b""),
        ("fleet.ssr", b"\xff\xfe" + FLEET_A.encode("utf-16-le")),
        ("fleet.ssr", PNG),
        ("fleet.txt", bytes(range(256)) * 4),
        ("fleet.txt", b"x" * 100_000),
        ("fleet.sbr", b"resign\r\ncreate sneaky\r\n"),
    ]


def said_well(result: Any, public: str | None = None) -> str:
    """The member got an answer (or a form), no traceback, and privately, unless it is the
    public post that holds `public` (a challenge, a board): a refusal is always private."""
    said = text_of(result)
    assert result.response is not None or result.modal is not None, result
    assert "Traceback" not in said and "went wrong" not in said, said[:500]
    if result.response is not None and not result.ephemeral:
        assert public is not None and public in said, said[:500]
    return said


def the_game_goes_on(world: World, phase: str = "setup") -> None:
    games = [g for g in (world.store.game(n) for n in ("alice-bob", "sneaky")) if g]
    assert [(g.name, g.phase) for g in games] == [("alice-bob", phase)]


@pytest.fixture
def quiet(caplog: pytest.LogCaptureFixture) -> Any:
    """No failure of the bot's own logged while the sweep runs."""
    with caplog.at_level(logging.ERROR):
        yield
    failures = [r for r in caplog.records if r.name.startswith(("bot", "pbem", "discord"))]
    assert not failures, [r.getMessage() for r in failures]


async def _game(world: World) -> tuple[Any, set[int]]:
    thread = await start_game(world)
    return thread, {world.member("alice").id, world.member("bob").id}


@pytest.mark.usefixtures("quiet")
@pytest.mark.parametrize("command", ["fleet", "design", "orders"])
async def test_every_text_and_file_of_a_move_is_answered_privately_and_runs_nothing_else(
    world: World, command: str
) -> None:
    thread, players = await _game(world)
    alice = world.member("alice")
    texts = corpus(world)
    for text in texts:
        said_well(await alice.slash(thread, f"spaceships {command}", text=text))
        said_well(await alice.slash(thread, f"spaceships {command}", text="x", game=text))
    for name, data in files(texts):
        said_well(await alice.slash(thread, f"spaceships {command}", file=(name, data)))
    the_game_goes_on(world)
    game = world.store.game("alice-bob")
    assert game is not None
    assert all(p.fleet is None for p in world.store.players(game.id).values())
    pings_only(world, players)


@pytest.mark.usefixtures("quiet")
async def test_orders_during_play_run_nothing_else(world: World) -> None:
    thread, players = await _game(world)
    alice, bob = world.member("alice"), world.member("bob")
    for member in (alice, bob):
        await member.slash(thread, "spaceships fleet", text=FLEET_A)
    texts = corpus(world)
    for text in texts:
        said_well(await alice.slash(thread, "spaceships orders", text=text))
    for name, data in files(texts):
        said_well(await alice.slash(thread, "spaceships orders", file=(name, data)))
    the_game_goes_on(world, "playing")
    pings_only(world, players)


@pytest.mark.usefixtures("quiet")
async def test_a_battles_design_and_orders_sweep(world: World) -> None:
    thread = await start_battle(world)
    players = {world.member("alice").id, world.member("bob").id}
    alice = world.member("alice")
    texts = corpus(world)
    for command in ("design", "orders"):
        for text in texts:
            said_well(await alice.slash(thread, f"spaceships {command}", text=text))
        for name, data in files(texts):
            said_well(await alice.slash(thread, f"spaceships {command}", file=(name, data)))
    the_game_goes_on(world)
    pings_only(world, players)


@pytest.mark.usefixtures("quiet")
async def test_every_game_option_and_the_settings_are_refused_or_read_as_one_command(
    world: World,
) -> None:
    thread, players = await _game(world)
    alice = world.member("alice")
    texts = corpus(world)
    for text in texts:
        for command in ("status", "history", "resign"):
            said_well(await alice.slash(thread, f"spaceships {command}", game=text))
        said_well(await alice.slash(thread, "spaceships board", game=text), public="alice-bob")
        said_well(await alice.slash(thread, "spaceships help", topic=text))
        for option in ("deadline", "reminder", "grace"):
            said_well(await alice.slash(thread, "spaceships settings", **{option: text}))
        said_well(await alice.slash(thread, "spaceships settings", deadline="24h", game=text))
    said_well(await alice.slash(thread, "spaceships games"))
    the_game_goes_on(world)
    game = world.store.game("alice-bob")
    # Only `deadline 24h` with a blank game option (the thread's game) could change it.
    assert game is not None and game.deadline_rule == "1d"
    pings_only(world, players)


@pytest.mark.usefixtures("quiet")
async def test_every_challenge_and_play_option_is_refused_or_read_as_one_setting(
    world: World,
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    texts = corpus(world)
    for text in texts:
        for option in ("options", "deadline", "name"):
            said_well(
                await alice.slash(
                    world.channel, "spaceships challenge", member=bob, **{option: text}
                ),
                public="challenges",
            )
        for option in ("options", "deadline"):
            said_well(
                await alice.slash(
                    world.channel, "spaceships play", level="random", **{option: text}
                ),
                public="takes on",
            )
    assert world.store.game("sneaky") is None
    # Only the challenged member is ever pinged (and a game's players, in its thread).
    pings_only(world, {alice.id, bob.id})


async def test_a_big_bad_file_is_answered_in_a_few_messages_that_say_what_they_left_out(
    world: World,
) -> None:
    """A 60 kB fleet file is read whole, but the answer quotes only the start of it: one long
    line was echoed, excerpted and underlined in full (124 messages), 15,000 bad lines were
    echoed and each refused (82 messages), all to the member who sent it."""
    thread, _ = await _game(world)
    alice = world.member("alice")
    long_line = await alice.slash(thread, "spaceships fleet", file=("fleet.txt", b"Q" * 60_000))
    said = [long_line.response, *long_line.followups]
    assert len(said) == 1, len(said)
    assert "could not be read" in said[0].content
    # cut by the judge's answer (pbem.replies), within the line Discord allows: not cut twice
    assert "Q... (59646 more characters)\n" in said[0].content, said[0].content[:600]

    lines = await alice.slash(thread, "spaceships fleet", file=("fleet.txt", b"Gq9\n" * 15_000))
    said = [lines.response, *lines.followups]
    assert len(said) <= 6, len(said)
    first = said[0].content
    assert first.count("> Gq9") == 9 and "> ... (14991 more lines you sent)" in first, first
    assert "line 1, column 1: `Gq9` is not a ship code" in first, first
    assert "more messages of this answer, left out" in said[-1].content
