"""Helpers of the Spaceship Battles tests in Discord: a battle challenged and accepted, the
designs, and each phase's orders as the plain computer player (battles.computer.plain) would send
them, typed by the members as slash commands."""

from __future__ import annotations

import random
from typing import Any

from bot_support import World, text_of

from battles.computer.plain import plan_fire, plan_moves
from battles.judge import rows as battle_rows

DESIGN_A = "Lancer E-SAI(Gf)I(Xf)IIV; Warden F-ASIII(Ef)Y(Mf)O at 1,7 N"
DESIGN_B = "Raider C-SSI(Lf)II(Gf)(Rf)D; Hawk E-AI(Mf)(Gf)IIID at -1,-7 S"
# B's design otherwise (swap tests): the same names, other ships.
DESIGN_B_SWAPPED = "Raider E-AI(Mf)(Gf)IIID; Hawk E-SAI(Gf)I(Xf)IIV at 1,-7 S"
# B's design under A's names: the sides may name ships alike (reading R17).
DESIGN_B_ALIKE = "Lancer C-SSI(Lf)II(Gf)(Rf)D; Warden E-AI(Mf)(Gf)IIID at -1,-7 S"


async def start_battle(world: World, seed: int = 7, **settings: Any) -> Any:
    """Alice challenges Bob to a battle, Bob accepts; the battle's thread. The judge's dice
    seed comes from `seed`, so two runs roll alike."""
    world.bot.service.judge.rng = random.Random(seed)
    alice, bob = world.member("alice"), world.member("bob")
    posted = await alice.slash(
        world.channel, "spaceships challenge", member=bob, game="battles", **settings
    )
    assert posted.response is not None, text_of(posted)
    accepted = await bob.click(posted.response.message, label="Accept")
    assert accepted.acknowledged
    return world.thread()


def phase_orders(world: World, seat: str) -> str:
    """What the plain computer player sends for `seat` in the battle's current phase."""
    game = world.store.game("alice-bob")
    _, phase = battle_rows.battle_turn(game)
    state = battle_rows.replay_of(game).state
    if phase == "movement":
        items = [f"{m.ship} {m.how}" for m in plan_moves(state, seat) if m.how != "held"]
    else:
        volleys, tractors = plan_fire(state, seat)
        items = [v.order_text() for v in volleys]
        items += [f"tractor {t.ship} > {t.target}" for t in tractors]
    return "; ".join(items) or "none"


async def play_phase(world: World, thread: Any) -> list[str]:
    """Both members send their orders for the current phase; their private answers."""
    answers = []
    for name, seat in (("alice", "A"), ("bob", "B")):
        orders = phase_orders(world, seat)
        answer = await world.member(name).slash(thread, "spaceships orders", text=orders)
        assert answer.ephemeral
        answers.append(text_of(answer))
        assert "accepted" in answers[-1], answers[-1]
    return answers
