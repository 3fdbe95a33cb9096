"""Games against the computer in Discord: `/spaceships play [level]` seats the real computer
player (spaceships/computer/) through the judge core, as email's `create NAME vs computer` does; it
decides from its own view only and its fleet stays hidden until the reveal [1.4, 11.3]."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import simcord
from bot_support import (
    FLEET_A,
    FLEET_B,
    FLEET_B_SWAPPED,
    World,
    message_record,
    result_record,
    text_of,
)
from patience import SETTLE_SECONDS

from bot import create_bot
from notation.spaceships.parse import parse_fleet, parse_orders
from pbem.storage.store import Store, open_store
from spaceships.computer.player import Computer
from spaceships.judge.computer import COMPUTER_ADDRESS

TURNS = ("Rx4 Bv1 Rv5", "Gv2 Gv3 Ox4")


def _everything_seen(world: World, answers: list[Any], name: str) -> str:
    """All the member read: their private answers, the channel, the thread, their DMs."""
    parts = [text_of(a) for a in answers]
    for message in [*world.channel.history(), *world.thread().history(), *world.dms(name)]:
        parts.append(message.content)
        parts += [f"{e.title}\n{e.description}" for e in message.embeds]
    return "\n".join(parts)


def _computer_ships(store: Store, game_name: str) -> list[str]:
    game = store.game(game_name)
    assert game is not None
    computer = store.players(game.id)["B"]
    assert computer.address == COMPUTER_ADDRESS and computer.fleet
    return [ship.strip() for ship in computer.fleet.split(";")]


# -- 1.4, 11.3: a whole game against the computer ----------------------------------------------
async def test_a_member_plays_a_whole_game_against_the_computer(world: World) -> None:
    alice = world.member("alice")
    answers = [await alice.slash(world.channel, "spaceships play", level="hunt")]
    assert "takes on the computer (hunt)" in answers[0].response.content
    thread = world.thread()
    assert "the computer (hunt, B)" in thread.history()[0].content
    game = world.store.games()[0]
    assert world.store.computers(game.id)["B"][0] == "hunt"  # the judge core seated it
    ships = _computer_ships(world.store, game.name)  # its fleet was in before Alice's

    answers.append(await alice.slash(thread, "spaceships fleet", text=FLEET_A))
    for turn, orders in enumerate(TURNS, start=1):
        echo = await alice.slash(thread, "spaceships orders", text=orders)
        answers.append(echo)
        # The computer's orders were in: the turn is adjudicated as soon as Alice's are.
        assert "the turn is adjudicated" in text_of(echo), text_of(echo)
        titles = [e.title for m in thread.history() for e in m.embeds]
        assert f"{game.name}: turn {turn} results" in titles, titles
    assert len(world.store.orders(game.id, 1)) == 2  # both seats, turn 1

    # 1.4: before the reveal nothing Alice reads shows the computer's ships or launch site.
    # (A ship whose every cell she struck may be named in her results: that she may see.)
    # A computer ship written exactly like one of Alice's own (its fleet is random: an LS on
    # Oz5 like hers) cannot be told from her own echo, so it proves nothing either way.
    # So is a ship her shots destroyed, which her results name: its fleet is random, and a
    # strike on a missile destroyer's cell sets off its missiles, destroying it whole.
    struck = {cell for orders in TURNS for cell in orders.split()}
    own = {ship.strip() for ship in FLEET_A.split(";")}
    before = _everything_seen(world, answers, "alice")
    destroyed = set(re.findall(r"destroys ([A-Z]{2}(?: [A-Z][a-z]\d)+)", before))
    hidden = [
        ship
        for ship in ships
        if not set(ship.split()[1:]) <= struck and ship not in own and ship not in destroyed
    ]
    assert hidden and not [ship for ship in hidden if ship in before], ships
    assert not world.store.players(game.id)["B"].address.startswith("discord")

    asked = await alice.slash(thread, "spaceships resign")
    done = await alice.click(asked.response.message, label=f"Resign {game.name}")
    assert f"You resigned {game.name}" in done.response.content
    over = [m for m in thread.history() if any("game over" in e.title for e in m.embeds)]
    files = [a.filename for m in over for a in m.attachments]
    assert f"{game.name}.ssr" in files and f"{game.name}-reveal.png" in files
    # The reveal: the record names the computer's fleet now that the game is over.
    record = next(a for m in over for a in m.attachments if a.filename.endswith(".ssr"))
    text = (await record.read()).decode()
    assert "the computer (hunt)" in text


async def test_the_default_level_is_expert_and_the_name_says_computer(world: World) -> None:
    started = await world.member("alice").slash(world.channel, "spaceships play")
    assert "takes on the computer (expert)" in started.response.content
    game = world.store.games()[0]
    assert game.name == "alice-computer"
    assert world.store.computers(game.id)["B"][0] == "expert"
    # A game of Discord accounts has no passwords: none is announced, not even an empty one.
    assert "Your master password" not in text_of(started)


async def test_play_is_offered_without_configuring_anything(world: World) -> None:
    names = world.member("alice").available_commands(world.channel)
    assert "spaceships play" in names and "spaceships challenge" in names


async def test_bad_settings_are_refused_and_leave_no_thread(world: World) -> None:
    said = await world.member("alice").slash(
        world.channel, "spaceships play", options="fleet=cost:-3"
    )
    assert "refused" in text_of(said).lower(), text_of(said)
    assert not world.store.games()
    # Refused privately: nothing in the channel claims a game that never began.
    late = await world.member("alice").slash(world.channel, "spaceships play", deadline="soon")
    assert late.ephemeral and "cannot read the deadline" in text_of(late)
    assert not [m for m in world.channel.history() if "takes on" in m.content]


# -- challenging the bot itself ---------------------------------------------------------------
def _the_bot_as_member(world: World) -> Any:
    """The judge's own bot account, as a member picks it in the `member` option."""
    from simcord.actors import MemberActor
    from simcord.builders import UserHandle

    return MemberActor(world.env, world.guild, UserHandle(world.env, world.env.backend.bot_user))


async def test_challenging_the_bot_itself_starts_a_game_against_the_computer(
    world: World,
) -> None:
    alice = world.member("alice")
    started = await alice.slash(
        world.channel, "spaceships challenge", member=_the_bot_as_member(world), ruleset="classic"
    )
    assert "takes on the computer (expert)" in started.response.content, text_of(started)
    (game,) = world.store.games()
    assert world.store.computers(game.id)["B"][0] == "expert"
    assert "ruleset classic" in world.thread().history()[0].content


async def test_challenging_another_bot_points_to_the_computer(world: World) -> None:
    other = world.guild.add_member(world.env.create_user("helper", bot=True))
    said = await world.member("alice").slash(world.channel, "spaceships challenge", member=other)
    assert "cannot play" in text_of(said) and "/spaceships play" in text_of(said)
    assert not world.store.games()


# -- 1.4: the swap test, against the computer ------------------------------------------------
SCRIPTS = {  # the computer's orders by turn: its missiles go from its own MD, wherever it is
    FLEET_B: ("mYz3 Oz5 Rv5 Rz1", "mYz4 Gx1", "Gx2"),
    FLEET_B_SWAPPED: ("mBz3 Oz5 Rv5 Rz1", "mBz4 Gx1", "Gx2"),
}
SWAP_TURNS = ("Rx4 Bv1 Rv5 Ov5 Gv1", "Gv2 Gv3")


async def _play_the_computer(path: Path, fleet: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(Computer, "fleet", lambda self, *args: parse_fleet(fleet))
    monkeypatch.setattr(
        Computer, "orders", lambda self, view: parse_orders(SCRIPTS[fleet][view.turn - 1])
    )
    store = open_store(path)
    seen: list[Any] = []
    async with simcord.run(create_bot(store, shard_count=1), settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Club")
        world = World(env, guild, guild.create_text_channel("spaceships"), store)
        alice, eve = world.member("alice"), world.member("eve")
        seen.append(result_record(env, await alice.slash(world.channel, "spaceships play")))
        thread = world.thread()
        seen.append(result_record(env, await alice.slash(thread, "spaceships fleet", text=FLEET_A)))
        for orders in SWAP_TURNS:
            answer = await alice.slash(thread, "spaceships orders", text=orders)
            seen.append(result_record(env, answer))
        for command in ("status", "history", "board"):
            seen.append(result_record(env, await alice.slash(thread, f"spaceships {command}")))
        last = [m for m in thread.history() if m.embeds][-1]
        seen.append(result_record(env, await alice.click(last, label="View my results")))
        seen += [message_record(env, m) for m in world.dms("alice")]
        seen += [
            message_record(env, m)
            for channel in (world.channel, thread)
            for m in channel.history(viewer=eve)
        ]
    store.close()
    return seen


async def test_1_4_the_computers_hidden_ships_and_launch_cells_change_nothing_alice_sees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its PC and MD placed otherwise, its missiles launched from elsewhere: every answer, DM,
    embed, picture and public post Alice gets is byte-identical until the game ends."""
    one = await _play_the_computer(tmp_path / "one.sqlite3", FLEET_B, monkeypatch)
    two = await _play_the_computer(tmp_path / "two.sqlite3", FLEET_B_SWAPPED, monkeypatch)
    assert len(one) == len(two) and one == two
    messages = [m for item in one for m in (item if isinstance(item, list) else [item])]
    assert any("turn 2 results" in str(m[1]) for m in messages)  # both turns were played
    pictures = [name for m in messages for name, _ in m[2] if name.endswith(".png")]
    assert len(pictures) >= 4, pictures  # and the pictures were compared too


async def test_3_7_fleet_random_starts_the_game_against_the_computer_at_once(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "spaceships play", level="random")
    echo = await alice.slash(world.thread(), "spaceships fleet", text="random")
    assert "Your fleet is accepted" in text_of(echo) and "the game begins" in text_of(echo)


async def test_the_pictures_name_the_computer_with_its_seat_said_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Titles over the spaces read "the computer (random, B)", as every text says it, not
    "the computer (random) (B)"."""
    from spaceships.pictures import boards

    titles: list[str] = []
    draw = boards.draw_boards

    def drawn(spaces: Any, order: str) -> bytes:
        titles.extend(space.title for space in spaces)
        return draw(spaces, order)

    monkeypatch.setattr(boards, "draw_boards", drawn)
    alice = world.member("alice")
    await alice.slash(world.channel, "spaceships play", level="random")
    thread = world.thread()
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await alice.slash(thread, "spaceships orders", text="Gx3")
    asked = await alice.slash(thread, "spaceships resign")
    await alice.click(asked.response.message, label="Resign alice-computer")
    assert "Enemy space as you know it: the computer (random, B)" in titles, titles
    assert "the computer (random, B): space" in titles, titles  # the reveal
    assert not [t for t in titles if ") (" in t], titles
