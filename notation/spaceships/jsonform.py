"""The structured (JSON) form of parsed notation, as `spaceships parse --json` prints it.
Cells and ship ids are written canonically; the field names follow the --json report of
shared/spec/record-format.md where the two overlap (action, cell, result, explosions,
destroyed)."""

from __future__ import annotations

from typing import Any

from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.fleets import Fleet
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from notation.spaceships.records import Claim, Record

__all__ = ["claim_json", "fleet_json", "order_json", "record_json", "to_json"]


def order_json(order: Order) -> dict[str, Any]:
    if isinstance(order, Strike):
        return {"order": "strike", "cell": str(order.target), "text": str(order)}
    if isinstance(order, Beam):
        return {
            "order": "beam",
            "cells": [str(order.start), str(order.end)],
            "ship": None if order.ship is None else str(order.ship),
            "text": str(order),
        }
    if isinstance(order, ClassicBeam):
        return {"order": "classic-beam", "line": str(order.line), "text": str(order)}
    if isinstance(order, MissileLaunch):
        return {"order": "missile", "launch": str(order.launch), "text": str(order)}
    if isinstance(order, KamikazeLaunch):
        return {"order": "kamikaze", "launch": str(order.launch), "text": str(order)}
    if isinstance(order, Scan):
        return {"order": "scan", "cell": str(order.target), "text": str(order)}
    raise TypeError(f"not an order: {order!r}")


def fleet_json(fleet: Fleet) -> list[dict[str, Any]]:
    return [{"ship": str(s.ship), "cells": [str(c) for c in s.cells]} for s in fleet.ships]


def claim_json(claim: Claim) -> dict[str, Any]:
    out: dict[str, Any] = {"action": claim.kind, "cell": str(claim.cell)}
    if claim.kind != "kamikaze":
        out["result"] = claim.result
    out["explosions"] = [str(c) for c in claim.explosions]
    out["destroyed"] = [
        {"ship": str(d.ship), "cells": [str(c) for c in d.cells]} for d in claim.destroyed
    ]
    out["flashcube"] = [
        {
            "cell": str(f.cell),
            "ship": None if f.ship is None else str(f.ship),
            "destroyed": f.destroyed,
        }
        for f in claim.flashcube
    ]
    return out


def record_json(record: Record) -> dict[str, Any]:
    return {
        "tags": [[name, value] for name, value in record.tags],
        "ruleset": record.ruleset,
        "options": list(record.options),
        "fleets": {player: fleet_json(fleet) for player, fleet in record.fleets.items()},
        "turns": [
            {
                "turn": t.turn,
                "player": t.player,
                "orders": [order_json(o) for o in t.orders],
                "line": t.position.line if t.position else None,
            }
            for t in record.turns
        ],
        "results": [
            {
                "turn": r.turn,
                "player": r.player,
                "claims": [claim_json(c) for c in r.claims],
                "line": r.position.line if r.position else None,
            }
            for r in record.results
        ],
    }


def to_json(value: Any) -> Any:
    """Any parsed value (cell, order list, fleet, record) in its JSON form."""
    if isinstance(value, (Cell, PartialCell)):
        return {"cell": str(value)}
    if isinstance(value, Fleet):
        return {"fleet": fleet_json(value)}
    if isinstance(value, Record):
        return {"record": record_json(value)}
    if isinstance(value, tuple):
        return {"orders": [order_json(o) for o in value]}
    raise TypeError(f"no JSON form for {value!r}")
