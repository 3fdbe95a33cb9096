"""What a record writes for an event: its dice in the order the rules roll them, whether it
is written with its outcome, where a written volley differs from the rules' one, and the short
forms of shots and rolls used in messages."""

from __future__ import annotations

from battles.engine.combat import Fire
from notation.battles.records import Event, Initiative, Move, Shot, Tractor, Volley

__all__ = [
    "dice_of",
    "differences",
    "fire_name",
    "pairs_text",
    "rolled",
    "settled",
    "shot_dice",
    "shots_text",
    "weapons",
]


def dice_of(event: Event) -> list[int]:
    if isinstance(event, Initiative):
        return [d for pair in event.rolls for d in pair]
    if isinstance(event, Volley) and event.shots is not None:
        return (
            [s.die for s in event.shots]
            + [d for s in event.shots for d, _stop in s.point_defence]
            + [d for s in event.shots for d, _among in s.picks]
        )
    if isinstance(event, Tractor) and event.die is not None:
        return [event.die]
    return []


def settled(event: Event) -> bool:
    """Whether an event is written with its outcome (a move with where it ended)."""
    return event.end is not None if isinstance(event, Move) else rolled(event)


def rolled(event: Event) -> bool:
    if isinstance(event, Initiative):
        return bool(event.rolls)
    if isinstance(event, Volley):
        return event.shots is not None or event.lapsed or event.silent
    if isinstance(event, Tractor):
        return event.result is not None
    return True


def fire_name(fire: Fire, order: Volley) -> str:
    system = fire.shooter.code.systems[fire.index]
    text = f"{system.code}{system.arc}"
    if len(order.shooters) > 1:
        text = f"{fire.shooter.name}.{text}"
    if len(order.targets) > 1:
        text += f"@{fire.target.name}"
    return text


def pairs_text(rolls: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"A {a} B {b}" for a, b in rolls)


def shots_text(shots: tuple[Shot, ...]) -> str:
    return ", ".join(str(s) for s in shots) or "none"


def shot_dice(shot: Shot) -> tuple[int, ...]:
    return (shot.die, *(d for d, _s in shot.point_defence), *(d for d, _n in shot.picks))


def weapons(count: int) -> str:
    return "1 weapon fires" if count == 1 else f"{count} weapons fire"


def differences(written: Volley, done: Volley, seeded: bool) -> list[tuple[str, str]]:
    """Where a volley as written differs from the volley the rules make of it, as (rule,
    message): a die not the seed's (and then nothing after it), a table result, a loss."""
    assert written.shots is not None and done.shots is not None
    if len(written.shots) != len(done.shots):
        said = f"({shots_text(done.shots)}), {len(written.shots)} written"
        return [("IV.A", f"{weapons(len(done.shots))} by the rules {said}")]
    found = []
    rolled_apart = False
    for mine, rules in zip(written.shots, done.shots, strict=True):
        if seeded and shot_dice(mine) != shot_dice(rules):
            rolled_apart = True
            found.append(("R13", f"`{mine}` written; the seed rolled `{rules}`"))
        elif mine != rules:
            found.append(("VI", f"`{mine}` written, `{rules}` by the rules"))
    if not rolled_apart and written.losses != done.losses:
        mine_text = "; ".join(str(x) for x in written.losses)
        rules_text = "; ".join(str(x) for x in done.losses)
        found.append(("IV.C.1", f"`{mine_text}` written, `{rules_text}` by the rules"))
    return found
