"""The conventional notation of Spaceships [11]: cells, orders, fleets, records. Syntax only."""

from spaceships.notation.cells import COLOUR_ORDERS, LETTERS, NUMBERS, Cell, PartialCell
from spaceships.notation.fleets import Fleet, ShipPlacement
from spaceships.notation.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
    format_orders,
)
from spaceships.notation.records import (
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
from spaceships.notation.ships import SHIP_TYPES, ShipId

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
