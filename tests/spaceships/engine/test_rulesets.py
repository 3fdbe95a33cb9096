"""Rulesets and options [rulings, Rulesets and options]."""

from __future__ import annotations

import pytest

from spaceships.engine import Ruleset, RulesetError


def test_default_ruleset_is_2_6_1_with_the_rules_colour_order() -> None:
    r = Ruleset.from_tags()
    assert r.name == "2.6.1" and r.colour_order == "ROYGB" and r.options == ()


def test_classic_ruleset_differs_in_timing_and_counting() -> None:
    r = Ruleset.from_tags("classic")
    assert r.classic and r.timing == "end-of-turn" and r.strike_counting == "distinct"
    assert "HF" in r.ship_types and "LS" not in r.ship_types


def test_options_are_read_and_kept_canonically() -> None:
    r = Ruleset.from_tags("2.6.1", ["fleet=cost:20", "colours=RYGOB", "tiebreak=hypothetical-hits"])
    assert r.fleet_cost == 20 and r.colour_order == "RYGOB"
    assert r.tiebreak == "hypothetical-hits"
    assert r.options == ("fleet=cost:20", "colours=RYGOB", "tiebreak=hypothetical-hits")


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(RulesetError) as exc:
        Ruleset.from_tags("2.7")
    assert "2.6.1" in str(exc.value) and "classic" in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(RulesetError) as exc:
        Ruleset.from_tags("2.6.1", ["fleet=ships:5"])
    assert "fleet=cost:N" in str(exc.value) and "colours=RYGOB" in str(exc.value)


def test_conflicting_options_are_refused() -> None:
    with pytest.raises(RulesetError):
        Ruleset.from_tags("2.6.1", ["colours=RYGOB", "colours=ROYGB"])


def test_fleet_cost_is_not_an_option_of_classic_which_has_no_costs() -> None:
    with pytest.raises(RulesetError):
        Ruleset.from_tags("classic", ["fleet=cost:24"])
