"""Properties of random legal games (spaceships.engine.random_play), under every ruleset and option
that changes play: materiel never rises, destroyed cells stay destroyed, each report speaks only of
the right space, the state's JSON round-trips exactly."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from spaceships.engine import GameState, Ruleset, adjudicate, check_orders, entitlements, new_game
from spaceships.engine.random_play import random_fleet, random_orders

RULESETS = [
    Ruleset.from_tags("2.6.1"),
    Ruleset.from_tags("classic"),
    Ruleset.from_tags("2.6.1", ["fleet=cost:30", "colours=RYGOB", "report-order=alternate"]),
    Ruleset.from_tags("2.6.1", ["scoring=hits", "tiebreak=hypothetical-hits"]),
    Ruleset.from_tags("classic", ["colours=RYGOB"]),
]


@settings(max_examples=examples(10, 30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(RULESETS) - 1))
def test_random_legal_games_keep_the_invariants(seed: int, which: int) -> None:
    ruleset = RULESETS[which]
    rng = random.Random(seed)
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    while not state.over and state.turn <= 150:
        checked = {p: check_orders(state, p, random_orders(state, p, rng)) for p in "AB"}
        new, report = adjudicate(state, checked["A"], checked["B"])
        for p in "AB":
            other = "B" if p == "A" else "A"
            before, after = state.player(p), new.player(p)
            assert new.materiel(p) <= state.materiel(p)
            assert before.destroyed <= after.destroyed
            assert before.fired <= after.fired
            assert report.materiel(p) == new.materiel(p)
            mine, theirs = new.space(p), new.space(other)
            for e in report.entries(p):
                if e.action == "kamikaze":
                    # A kamikaze death is in the reporter's own space [5.4.1].
                    assert e.cell in mine.cells and e.cell in after.destroyed
                    for x in e.destroyed:
                        assert set(x.cells) <= set(mine.ship_at) and set(x.cells) <= after.destroyed
                    continue
                # Strikes, beam strikes and scans land in the opponent's space [5.2.1].
                is_ship = e.cell in theirs.cells
                assert (e.result in ("miss", "empty")) == (not is_ship)
                assert set(e.explosions) <= theirs.cells
                for x in e.destroyed:
                    assert x.ship in theirs.by_id and set(x.cells) <= new.player(other).destroyed
                    for f in x.flashcube or ():
                        # Flashcube data describes the reporter's own space [7.1].
                        assert (f.ship is None) == (f.cell not in mine.cells)
        if not ruleset.classic:
            # 2.6.1: every hit, explosion and kamikaze death destroys one new cell, no more.
            for p in "AB":
                other = "B" if p == "A" else "A"
                lost = len(new.player(other).destroyed) - len(state.player(other).destroyed)
                caused = sum(
                    1 + max(0, len(e.explosions) - 1)
                    for e in report.entries(p)
                    if e.result == "hit"
                ) + sum(1 for e in report.entries(other) if e.action == "kamikaze")
                assert lost == caused
        again = GameState.from_json(json.loads(json.dumps(new.to_json())))
        assert again == new
        # Entitlements handed on from turn to turn equal those computed afresh.
        for p in "AB":
            assert entitlements(new, p) == entitlements(again, p)
        state = new
    # Every ship destroyed is reported exactly once, by its owner's opponent or its kamikaze.
    for p in "AB":
        other = "B" if p == "A" else "A"
        reported = [
            x.ship
            for h in state.history
            for e in h.report.entries(other)
            if e.action != "kamikaze"
            for x in e.destroyed
        ] + [
            x.ship
            for h in state.history
            for e in h.report.entries(p)
            if e.action == "kamikaze"
            for x in e.destroyed
        ]
        gone = [s.id for s in state.space(p).ships if state.player(p).destroyed >= set(s.cells)]
        assert sorted(map(str, reported)) == sorted(map(str, gone))
    if state.over:
        r = state.result
        assert r.score is not None and r.winner in ("A", "B", "draw")
