"""The rules of Spaceships: geometry, shapes, fleets, entitlements, order checks, adjudication,
views. Pure: no I/O, no clock, no randomness unless passed in. See docs/architecture.md."""

from spaceships.engine.adjudicate import adjudicate
from spaceships.engine.entitlements import Entitlements, entitlements
from spaceships.engine.fleets import check_fleet
from spaceships.engine.game import Game, play_record
from spaceships.engine.geometry import Geometry, geometry
from spaceships.engine.orders import CheckedBeam, CheckedOrders, check_orders
from spaceships.engine.problems import FleetRefused, OrdersRefused, Problem, RulesetError
from spaceships.engine.reports import Destruction, Entry, Flashcube, TurnReport
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.state import GameResult, GameState, PlayerState, TurnHistory, new_game
from spaceships.engine.views import ObserverView, PlayerView, observer_view, player_view

__all__ = [
    "CheckedBeam",
    "CheckedOrders",
    "Destruction",
    "Entitlements",
    "Entry",
    "FleetRefused",
    "Flashcube",
    "Game",
    "GameResult",
    "GameState",
    "Geometry",
    "ObserverView",
    "OrdersRefused",
    "PlayerState",
    "PlayerView",
    "Problem",
    "Ruleset",
    "RulesetError",
    "TurnHistory",
    "TurnReport",
    "adjudicate",
    "check_fleet",
    "check_orders",
    "entitlements",
    "geometry",
    "new_game",
    "observer_view",
    "play_record",
    "player_view",
]
