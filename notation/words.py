"""How the judge words small things: a number with its noun, a player's name with their seat."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`noun` as written for one; `plural` (by default `noun` + "s") for any other number:
    "1 undamaged cell", "2 undamaged cells"."""
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"


def seated(name: str, seat: str) -> str:
    """A player's name with their seat, the seat said once: "Kim (A)"; "the computer (hunt,
    B)", not "the computer (hunt) (B)"; "Player B" for a player stored under the seat's name."""
    if name == f"Player {seat}":
        return name
    if name.endswith(")") and " (" in name:
        return f"{name[:-1]}, {seat})"
    return f"{name} ({seat})"
