"""Spaceship Battles against the computer in Discord: `/spaceships play game:Spaceship
Battles` (or challenging the bot itself) seats the battle computer through the judge core, as
email's `create NAME battles vs computer` does; each phase resolves the moment the member's
orders are in; its design stays hidden until the battle begins (reading R16)."""

from __future__ import annotations

import random

from bot_support import World, attachment_bytes, text_of

from battles.computer.plain import plan_fire, plan_moves
from battles.engine.play import play_record
from battles.judge import rows as battle_rows
from notation.battles.parse import parse_record
from spaceships.judge.computer import COMPUTER_ADDRESS

DESIGN = "Lancer E-SAI(Gf)I(Xf)IIV at 0,5 N; Warden F-ASIII(Ef)Y(Mf)O at 1,5 N"


def _orders(world: World, name: str) -> str:
    game = world.store.game(name)
    _turn, phase = battle_rows.battle_turn(game)
    state = battle_rows.replay_of(game).state
    if phase == "movement":
        items = [f"{m.ship} {m.how}" for m in plan_moves(state, "A") if m.how != "held"]
    else:
        volleys, _tractors = plan_fire(state, "A")
        items = [v.order_text() for v in volleys]
    return "; ".join(items) or "none"


async def test_a_member_plays_a_whole_battle_against_the_computer(world: World) -> None:
    world.bot.service.judge.rng = random.Random(3)
    alice = world.member("alice")
    started = await alice.slash(
        world.channel, "spaceships play", game="battles", budget=300, turns=10
    )
    assert "takes on the computer (standard)" in started.response.content
    thread = world.thread()
    assert thread.name == "Battle alice-computer"
    assert "a battle: <@" in thread.history()[0].content
    assert "the computer (standard, B)" in thread.history()[0].content
    game = world.store.game("alice-computer")
    assert world.store.computers(game.id)["B"][0] == "standard"
    computer_fleet = world.store.players(game.id)["B"].fleet
    assert computer_fleet  # in before Alice's

    # A mistake first: a ship over the budget. Then her design; the battle begins at once.
    wrong = await alice.slash(thread, "spaceships design", text="Big SD-(Pf)(Pf)(Pf)")
    assert "refused" in text_of(wrong)
    status = await alice.slash(thread, "spaceships status")
    board = await alice.slash(thread, "spaceships board")
    guide = await alice.slash(thread, "spaceships help", topic="battles")
    assert "/spaceships play game:Spaceship Battles" in text_of(guide)
    before = "\n".join(
        [text_of(r) for r in (started, wrong, status, board, guide)]
        + [m.content for m in thread.history()]
        + [f"{e.title}\n{e.description}" for m in thread.history() for e in m.embeds]
    )
    for line in computer_fleet.splitlines():
        assert line.split()[1] not in before  # no code of the computer's before the start
    echo = await alice.slash(thread, "spaceships design", text=DESIGN)
    assert "the battle begins" in text_of(echo)

    for _ in range(40):
        if world.store.game("alice-computer").phase != "playing":
            break
        answer = await alice.slash(
            thread, "spaceships orders", text=_orders(world, "alice-computer")
        )
        assert "the phase is resolved" in text_of(answer), text_of(answer)
    game = world.store.game("alice-computer")
    assert game.phase == "over"
    final = [m for m in thread.history() if any("is over" in e.title for e in m.embeds)]
    files = dict(attachment_bytes(world.env, final[-1]))
    replay = play_record(parse_record(files["alice-computer.sbr"].decode()))
    assert replay.problems == [] and replay.dice == "checked against the seed"
    assert "the computer (standard)" in files["alice-computer.sbr"].decode()
    assert not world.store.players(game.id)["B"].address.startswith("discord")
    assert world.store.players(game.id)["B"].address == COMPUTER_ADDRESS


async def test_a_spaceships_level_for_a_battle_is_refused_and_leaves_no_thread(
    world: World,
) -> None:
    said = await world.member("alice").slash(
        world.channel, "spaceships play", game="battles", level="hunt"
    )
    # The kind's own words, as by mail, then how to play it in Discord.
    assert "the battle computer has one level, standard; not 'hunt'" in text_of(said)
    assert "leave `level` out: `/spaceships play game:Spaceship Battles`" in text_of(said)
    assert not world.store.games()


async def test_battle_settings_without_the_battle_game_are_explained(world: World) -> None:
    said = await world.member("alice").slash(world.channel, "spaceships play", budget=200)
    assert "are settings of Spaceship Battles" in text_of(said)


async def test_challenging_the_bot_itself_is_a_game_against_the_computer(world: World) -> None:
    alice = world.member("alice")
    from simcord.actors import MemberActor
    from simcord.builders import UserHandle

    env = world.env
    me = UserHandle(env, env.backend.get_user(world.bot.user.id))
    started = await alice.slash(
        world.channel,
        "spaceships challenge",
        member=MemberActor(env, world.guild, me),
        game="battles",
    )
    assert "takes on the computer (standard)" in started.response.content
    game = world.store.game("alice-computer")
    assert battle_rows.is_battle(game)
    assert world.store.computers(game.id)["B"][0] == "standard"
