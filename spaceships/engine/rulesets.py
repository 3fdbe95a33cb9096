"""Rulesets and options [rulings, Rulesets and options]: what differs between 2.6.1 and classic.

Every rule that differs is a field here, read by the modules that apply it; nothing else in the
engine tests the ruleset's name. Options are `key=value` words from a record's Options tag.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from spaceships.engine.geometry import Geometry, geometry
from spaceships.engine.problems import RulesetError

RULESETS = ("2.6.1", "classic")

# Costs [6.2.6-6.10.2]; classic ships have no cost.
COSTS: dict[str, int] = {
    "DS": 8,
    "KC": 6,
    "FS": 4,
    "PC": 4,
    "MD": 3,
    "HS": 3,
    "LS": 3,
    "AG": 2,
    "LG": 1,
}

# Options and their values; `fleet=cost:N` takes any positive N.
KNOWN_OPTIONS = (
    "fleet=cost:N",
    "colours=ROYGB",
    "colours=RYGOB",
    "tiebreak=hypothetical-hits",
    "scoring=hits",
    "build=one-death-star",
    "build=many-death-stars",
    "report-order=alternate",
)
# Bare words the rulings use for some options, accepted as aliases.
_ALIASES = {
    "one-death-star": "build=one-death-star",
    "many-death-stars": "build=many-death-stars",
    "hypothetical-hits": "tiebreak=hypothetical-hits",
    "alternate": "report-order=alternate",
    "RYGOB": "colours=RYGOB",
    "colors=RYGOB": "colours=RYGOB",
    "colors=ROYGB": "colours=ROYGB",
}

Timing = Literal["immediate", "end-of-turn"]


@dataclass(frozen=True)
class Ruleset:
    """A ruleset by name and options; the fields below say what each rule point does."""

    name: str = "2.6.1"
    options: tuple[str, ...] = ()

    # Derived from name and options (not part of equality beyond them).
    colour_order: str = field(init=False, compare=False)
    fleet_cost: int | None = field(init=False, compare=False)
    tiebreak: str | None = field(init=False, compare=False)
    scoring: str = field(init=False, compare=False)
    build_table: str | None = field(init=False, compare=False)
    alternate_reporting: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        if self.name not in RULESETS:
            raise RulesetError(self.name, RULESETS)
        values: dict[str, str] = {}
        canonical: list[str] = []
        for word in self.options:
            option = _ALIASES.get(word, word)
            key, _, value = option.partition("=")
            if key == "fleet" and value.startswith("cost:") and value[5:].isdigit():
                if self.name == "classic":
                    raise RulesetError(
                        word,
                        [o for o in KNOWN_OPTIONS if o[:5] != "fleet"],
                        "option for the classic ruleset (it has no costs)",
                    )
                if int(value[5:]) <= 0:
                    raise RulesetError(word, KNOWN_OPTIONS, "option (cost must be positive)")
            elif option not in KNOWN_OPTIONS:
                raise RulesetError(word, KNOWN_OPTIONS, "option")
            if key in values and values[key] != value:
                raise RulesetError(
                    word, KNOWN_OPTIONS, f"option (conflicts with {key}={values[key]})"
                )
            if key not in values:
                values[key] = value
                canonical.append(option)
        object.__setattr__(self, "options", tuple(canonical))
        object.__setattr__(self, "colour_order", values.get("colours", "ROYGB"))
        cost = values.get("fleet")
        object.__setattr__(self, "fleet_cost", int(cost[5:]) if cost else None)
        object.__setattr__(self, "tiebreak", values.get("tiebreak"))
        object.__setattr__(self, "scoring", values.get("scoring", "materiel"))
        object.__setattr__(self, "build_table", values.get("build"))
        object.__setattr__(self, "alternate_reporting", values.get("report-order") == "alternate")
        self._set_rules()

    @classmethod
    def from_tags(
        cls, name: str | None = "2.6.1", options: tuple[str, ...] | list[str] = ()
    ) -> Ruleset:
        return cls(name or "2.6.1", tuple(options))

    def __str__(self) -> str:
        return " ".join([self.name, *self.options])

    # --- what differs between the rulesets (plain attributes: read many times per turn) ----
    classic: bool = field(init=False, compare=False)
    # 2.6.1: hits take effect at once [5.2.3]; classic: at the turn's end [classic 5.1.3].
    timing: Timing = field(init=False, compare=False)
    ship_types: tuple[str, ...] = field(init=False, compare=False)
    # Ships whose cells are missiles [6.6.3, 6.9.1, 6.10.1; classic 6.4.2].
    missile_types: frozenset[str] = field(init=False, compare=False)
    scanner_types: frozenset[str] = field(init=False, compare=False)  # [6.7.2, 6.8.1]
    # 4.4.1: non-overlapping pairs (maximum matching); classic 4.3.1: every distinct pair.
    strike_counting: Literal["disjoint", "distinct"] = field(init=False, compare=False)
    flashcube: bool = field(init=False, compare=False)  # [7]; classic has none
    # The space's geometry under the colour order [1.2, 11.4.1]: an attribute, not a property,
    # as the engine reads it several times per turn.
    geometry: Geometry = field(init=False, compare=False, repr=False)

    def _set_rules(self) -> None:
        classic = self.name == "classic"
        set_ = object.__setattr__
        set_(self, "classic", classic)
        set_(self, "timing", "end-of-turn" if classic else "immediate")
        set_(
            self,
            "ship_types",
            ("DS", "KC", "FS", "MD", "HF")
            if classic  # [classic 3.3]
            else ("DS", "KC", "FS", "PC", "MD", "HS", "LS", "AG", "LG"),
        )  # [6]
        set_(self, "missile_types", frozenset({"MD"} if classic else {"MD", "AG", "LG"}))
        set_(self, "scanner_types", frozenset() if classic else frozenset({"HS", "LS"}))
        set_(self, "strike_counting", "distinct" if classic else "disjoint")
        set_(self, "flashcube", not classic)
        set_(self, "geometry", geometry(self.colour_order))

    def rule(self, rule_2_6_1: str, classic: str | None) -> str:
        """The rule number to cite under this ruleset."""
        if self.classic:
            return f"classic {classic}" if classic else rule_2_6_1
        return rule_2_6_1
