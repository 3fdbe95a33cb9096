"""The computer's seat in a battle: seated at `create NAME battles vs computer` with its design
in at once, its orders put in the moment each phase opens (so a phase resolves as soon as the
human's are in), its ship names giving way to the human's at the start. It decides from the
battle as it stands when a phase opens: never the human's design before the start, never
their pending orders (reading R16). Mail to it is dropped by pbem.steps.computers."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime

from battles.computer import LEVEL, BattleComputer
from battles.judge.rows import SETUP_RADIUS, START, battle_turn, budget_of, is_battle, replay_of
from pbem.steps.computers import insert_computer
from pbem.steps.desk import Refusal
from pbem.storage.store import GameRow, PlayerRow, Store

LOG = logging.getLogger(__name__)

__all__ = [
    "battle_level",
    "level_named",
    "play_battle_computer",
    "seat_battle_computer",
    "seat_level",
    "yield_names",
]


def battle_level(opponent: str, name: str) -> str:
    """`vs computer [standard]`: the battle computer's level (it has one)."""
    words = opponent.lower().split()
    if words[:1] != ["computer"] or len(words) > 2:
        raise Refusal(
            f"`vs` takes `computer`: `create {name} battles vs computer` (a battle between two "
            f"people has no `vs`: `create {name} battles`, then each player `join {name}`)"
        )
    if len(words) == 2 and words[1] != LEVEL:
        raise Refusal(
            f"the battle computer has one level, {LEVEL} (`{words[1]}` is a level of the "
            f"Spaceships computer); e.g. `create {name} battles vs computer`"
        )
    return LEVEL


def level_named(text: str | None) -> str:
    """The battle computer's one level, whether said or not; ValueError for another word."""
    if text is None or text.strip().lower() == LEVEL:
        return LEVEL
    raise ValueError(f"the battle computer has one level, {LEVEL}; not {text.strip()!r}")


def seat_level(
    store: Store, game: GameRow, seat: str, level: str, now: datetime, seed: str | None = None
) -> PlayerRow:
    """The kind's `seat_computer`: the one level, whatever is asked (pbem.club.rematch)."""
    return seat_battle_computer(store, game, seat, now, seed)


def seat_battle_computer(
    store: Store, game: GameRow, seat: str, now: datetime, seed: str | None = None
) -> PlayerRow:
    """The computer takes `seat` of a battle being set up, its design in at once."""
    seed = seed if seed is not None else secrets.token_hex(8)
    home, facing = START[seat]
    ships = BattleComputer(seed).design(budget_of(game), seat, home, facing, SETUP_RADIUS)
    design = "\n".join(s.design_line for s in ships)
    return insert_computer(store, game, seat, LEVEL, seed, design, now)


def yield_names(store: Store, game: GameRow) -> None:
    """Both designs are in: a computer ship named as one of the human's is renamed (`Kite` ->
    `Kite2`). The sides may share names (R17); against the computer they need not, so the
    human's orders and maps never need a side to tell two ships apart. Nothing of it is seen
    before both designs are in (R16)."""
    players = store.players(game.id)
    for seat in store.computers(game.id):
        taken = {
            line.split()[0]
            for other, p in players.items()
            if other != seat
            for line in (p.fleet or "").splitlines()
        }
        lines = (players[seat].fleet or "").splitlines()
        mine = {line.split()[0] for line in lines}
        renamed = []
        for line in lines:
            name, rest = line.split(" ", 1)
            if name in taken:
                number = 2
                while f"{name}{number}" in taken | mine:
                    number += 1
                name = f"{name}{number}"
                mine.add(name)
            renamed.append(f"{name} {rest}")
        if renamed != lines:
            store.set_fleet(game.id, seat, "\n".join(renamed))


def play_battle_computer(store: Store, game: GameRow, now: datetime) -> None:
    """Puts in the orders of every computer seat for the phase that has just opened, decided
    from the battle as it stands (the record so far, open to both players [R16])."""
    if not is_battle(game) or game.phase != "playing" or game.state is None:
        return
    computers = store.computers(game.id)
    if not computers:
        return
    state = replay_of(game).state
    if state.over:
        return
    _turn, phase = battle_turn(game)
    submitted = store.orders(game.id, game.turn)
    for seat, (_level, seed) in computers.items():
        if seat not in submitted:
            try:
                orders = BattleComputer(seed).orders(state, seat, phase)
            except Exception:  # a fault of the computer must not stop the human's battle
                LOG.exception("battle computer failed in %s, phase %s", game.name, game.turn)
                orders = []  # its ships stay and hold their fire this phase
            text = "\n".join(str(e) for e in orders)
            store.put_orders(game.id, game.turn, seat, text, now)
