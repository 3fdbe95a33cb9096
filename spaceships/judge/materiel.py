"""What a player may use in a turn and what their orders use, counted one way, in the words
players use: conventional strikes, missiles, beams, kamikazes, scans.

The engine counts a launch's target among the strikes ("strikes 5 of 7" may hold a missile's
strike); a player counts their conventional strikes apart from their missiles [4.4.1, 8.1.3].
Both lines of a reply (what the orders use, what may be used) count the same things the same
way, so "5 of 7 conventional strikes" sits next to "7 conventional strikes".
"""

from __future__ import annotations

from spaceships.engine import CheckedOrders, Entitlements
from spaceships.engine.entitlements import ShipCapability


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _of(used: int, allowed: int, word: str) -> str:
    return f"{used} of {allowed} {word}{'' if allowed == 1 else 's'}"


def _ships(capabilities: tuple[ShipCapability, ...]) -> str:
    return " ".join(str(c.ship) for c in capabilities)


def may_use(entitled: Entitlements) -> str:
    """E.g. "7 conventional strikes, 1 missile (MD, launched from Yw3 or Yx3), 1 beam (DS),
    1 scan": the engine's line, its strikes named as the conventional ones they are."""
    text = entitled.describe()
    if entitled.conventional:
        plain = _count(entitled.conventional, "strike")
        text = _count(entitled.conventional, "conventional strike") + text[len(plain) :]
    return text


def used(checked: CheckedOrders, entitled: Entitlements) -> str:
    """E.g. "5 of 7 conventional strikes, 1 of 1 missile (from Yw3), 0 of 1 beam, 1 of 1 scan":
    each kind the player has this turn, as many as the orders use of it."""
    launches = len(checked.missiles) + len(checked.kamikazes)
    conventional = max(0, len(checked.strikes) - launches)
    parts = []
    if entitled.conventional or conventional:
        parts.append(_of(conventional, entitled.conventional, "conventional strike"))
    if entitled.missile_ships:
        text = _of(len(checked.missiles), len(entitled.missile_ships), "missile")
        if checked.missiles:
            text += " (from " + " ".join(str(cell) for cell, _ in checked.missiles) + ")"
        parts.append(text)
    if entitled.beam_ships:
        parts.append(_of(len(checked.beams), len(entitled.beam_ships), "beam"))
    if entitled.kamikaze_ships:
        text = _of(len(checked.kamikazes), len(entitled.kamikaze_ships), "kamikaze")
        if checked.kamikazes:
            text += " (from " + " ".join(str(cell) for cell, _ in checked.kamikazes) + ")"
        parts.append(text)
    if entitled.scans:
        parts.append(_of(len(checked.scans), entitled.scans, "scan"))
    return ", ".join(parts) if parts else "no actions"
