"""The conventional notation of Spaceships [11]: cells, orders, fleets, records. Syntax only."""

from notation.spaceships.cells import COLOUR_ORDERS, LETTERS, NUMBERS, Cell, PartialCell
from notation.spaceships.fleets import Fleet, ShipPlacement
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
    format_orders,
)
from notation.spaceships.records import (
    Claim,
    Comment,
    DestroyedShip,
    FlashcubeCell,
    Player,
    Position,
    Record,
    ResultLine,
    TurnLine,
)
from notation.spaceships.ships import SHIP_TYPES, ShipId

__all__ = [
    "COLOUR_ORDERS",
    "LETTERS",
    "NUMBERS",
    "SHIP_TYPES",
    "Beam",
    "Cell",
    "Claim",
    "Comment",
    "ClassicBeam",
    "DestroyedShip",
    "FlashcubeCell",
    "Fleet",
    "KamikazeLaunch",
    "MissileLaunch",
    "Order",
    "PartialCell",
    "Player",
    "Position",
    "Record",
    "ResultLine",
    "Scan",
    "ShipId",
    "ShipPlacement",
    "Strike",
    "TurnLine",
    "format_orders",
]
