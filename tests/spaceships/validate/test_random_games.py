"""Random legal games (spaceships.engine.random_play), written up with their true results: the whole
record, each player's private record and the two private records together are consistent; one
changed result is found at its own turn and player, once, whatever else the game holds."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from notation.spaceships.records import Record
from spaceships.engine.adjudicate import adjudicate
from spaceships.engine.game import record_of
from spaceships.engine.orders import check_orders
from spaceships.engine.random_play import random_fleet, random_orders
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.state import new_game
from spaceships.validate.reconcile import validate_two
from spaceships.validate.validation import validate_record

CASES = [
    ("2.6.1", ()),
    ("classic", ()),
    ("2.6.1", ("fleet=cost:24",)),
    ("2.6.1", ("colours=RYGOB",)),
    ("2.6.1", ("report-order=alternate",)),
]


def random_record(name: str, options: tuple[str, ...], seed: int) -> Record:
    ruleset = Ruleset.from_tags(name, options)
    rng = random.Random(seed)
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    while not state.over and state.turn <= 60:
        checked = {p: check_orders(state, p, random_orders(state, p, rng)) for p in ("A", "B")}
        state, _ = adjudicate(state, checked["A"], checked["B"])
    tags = (("Ruleset", name),) + ((("Options", " ".join(options)),) if options else ())
    return record_of(state, tags, every_result=False)


def private(record: Record, owner: str) -> Record:
    return replace(
        record,
        fleets={owner: record.fleets[owner]},
        turns=tuple(t for t in record.turns if t.player == owner),
    )


@pytest.mark.parametrize(("name", "options"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 9])
def test_a_true_record_and_its_private_halves_are_consistent(name, options, seed) -> None:  # type: ignore[no-untyped-def]
    record = random_record(name, options, seed)
    whole = validate_record(record)
    assert whole.ok, [str(f) for f in whole.findings]
    assert whole.state is not None and whole.claims_checked > 0
    halves = {p: private(record, p) for p in ("A", "B")}
    for p, half in halves.items():
        checked = validate_record(half)
        assert checked.ok, (p, [str(f) for f in checked.findings])
    both = validate_two(halves["A"], halves["B"], "a.ssr", "b.ssr")
    assert both.ok, [str(f) for f in both.findings]


@pytest.mark.parametrize("seed", range(3, 13))
def test_one_changed_strike_result_is_found_once_at_its_turn_and_player(seed: int) -> None:
    record = random_record("2.6.1", (), seed)
    rng = random.Random(seed)
    spots = [
        (i, j)
        for i, line in enumerate(record.results)
        for j, c in enumerate(line.claims)
        if c.kind == "strike"
        and c.result in ("hit", "miss")
        and not c.destroyed
        and not c.explosions
    ]
    i, j = rng.choice(spots)
    line = record.results[i]
    claim = line.claims[j]
    wrong = replace(claim, result="miss" if claim.result == "hit" else "hit")
    claims = (*line.claims[:j], wrong, *line.claims[j + 1 :])
    results = (*record.results[:i], replace(line, claims=claims), *record.results[i + 1 :])
    checked = validate_record(replace(record, results=results))
    assert [(f.turn, f.player) for f in checked.findings] == [(line.turn, line.player)]
    assert checked.findings[0].rule in ("5.2.2", "5.2.3")
