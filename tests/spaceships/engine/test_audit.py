"""An audit of the rules engine against a second, deliberately naive reading of the rules.

The reference below is written straight from the rules and the rulings, sharing no code with
spaceships.engine.entitlements, spaceships.engine.orders or spaceships.engine.adjudicate (only the
geometry of cell coordinates, written out here again): per-ship strike counts by brute-force maximum
matching [4.4.1] (every distinct pair in classic [classic 4.3.1]), kamikaze and beam eligibility
[4.5, 6.8.2, 8.2.2], scans [8.3.1], and each turn resolved in the conventional order [11.7.1.1] with
immediate destruction (2.6.1) or everything at the turn's end (classic), explosions [8.1.4],
burn-out [8.2.4], destructions with flashcube data [7, 11.7.3], materiel and the end of the game
[2.3], with the tie broken by hypothetical hits when the game chose it [seed 004 6.1].
Random legal games (spaceships.engine.random_play) under every ruleset and option that changes play
must give exactly the same entitlements, reports and states.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest

from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.orders import Beam, KamikazeLaunch, MissileLaunch, Scan, Strike
from spaceships.engine import Ruleset, adjudicate, check_orders, entitlements, new_game
from spaceships.engine.orders import CheckedOrders
from spaceships.engine.problems import OrdersRefused
from spaceships.engine.random_play import random_fleet, random_orders
from spaceships.engine.reports import Entry
from spaceships.engine.state import GameState

Coords = tuple[int, int, int]
# (action, cell, result, explosions, [(ship, cells, flashcube or None)])
RefEntry = tuple[str, str, str | None, list[str], list[tuple[str, list[str], object]]]


def _xyz(ruleset: Ruleset, c: Cell) -> Coords:
    return (ruleset.colour_order.index(c.colour), "vwxyz".index(c.letter), c.number - 1)


def _adjacent(ruleset: Ruleset, a: Cell, b: Cell) -> bool:
    p, q = _xyz(ruleset, a), _xyz(ruleset, b)
    return sum(abs(x - y) for x, y in zip(p, q, strict=True)) == 1


def _loose(ruleset: Ruleset, a: Cell, b: Cell) -> bool:
    p, q = _xyz(ruleset, a), _xyz(ruleset, b)
    return a != b and all(abs(x - y) <= 1 for x, y in zip(p, q, strict=True))


def _matching(ruleset: Ruleset, cells: list[Cell]) -> int:
    """The most pairwise disjoint adjacent pairs, by trying every set of pairs."""
    pairs = [(a, b) for a, b in combinations(cells, 2) if _adjacent(ruleset, a, b)]
    best = 0

    def extend(i: int, used: frozenset[Cell], n: int) -> None:
        nonlocal best
        best = max(best, n)
        for j in range(i, len(pairs)):
            a, b = pairs[j]
            if a not in used and b not in used:
                extend(j + 1, used | {a, b}, n + 1)

    extend(0, frozenset(), 0)
    return best


def _reference_entitlements(state: GameState, p: str) -> tuple[object, ...]:
    r = state.ruleset
    me = state.player(p)
    missile_types = {"MD"} if r.classic else {"MD", "AG", "LG"}
    conventional = 0
    missiles, kamikazes, beams = [], [], []
    for placement in me.fleet.ships:
        ship = placement.ship
        undamaged = [c for c in placement.cells if c not in me.destroyed]
        if not undamaged:
            continue
        if ship.type == "DS":
            n = 1
        elif r.classic:
            n = sum(1 for a, b in combinations(undamaged, 2) if _adjacent(r, a, b))
        else:
            n = _matching(r, undamaged)
        unfired = [c for c in undamaged if ship.type in missile_types and c not in me.fired]
        conventional += n
        if unfired:
            missiles.append(str(ship))
        if (n == 0) if r.classic else (n == 0 and not unfired and ship.type != "LS"):
            kamikazes.append(str(ship))
        if ship.type == "DS":
            if r.classic:
                beam = len(undamaged) == len(placement.cells)
            else:
                beam = ship not in me.burnt_out and any(
                    _loose(r, a, b) for a, b in combinations(undamaged, 2)
                )
            if beam:
                beams.append(str(ship))
    scanner = not r.classic and any(
        pl.ship.type in ("HS", "LS") and any(c not in me.destroyed for c in pl.cells)
        for pl in me.fleet.ships
    )
    scans = 0 if not scanner else 1 if state.turn == 1 else max(1, me.lost_last_turn)
    return conventional, sorted(missiles), sorted(kamikazes), sorted(beams), scans


def _reference_turn(
    state: GameState, orders: dict[str, CheckedOrders]
) -> tuple[dict[str, list[RefEntry]], dict[str, set[Cell]], dict[str, int]]:
    r = state.ruleset
    immediate = not r.classic
    missile_types = {"MD"} if r.classic else {"MD", "AG", "LG"}
    ship_at = {p: {c: pl for pl in state.player(p).fleet.ships for c in pl.cells} for p in "AB"}
    start = {p: set(state.player(p).destroyed) for p in "AB"}
    destroyed = {p: set(state.player(p).destroyed) for p in "AB"}
    fired = {p: set(state.player(p).fired) for p in "AB"}
    special = {p: {c for c, _ in orders[p].kamikazes} for p in "AB"}  # scoring=hits
    credits = {p: 0 for p in "AB"}
    reported: dict[str, set[str]] = {p: set() for p in "AB"}
    for p in "AB":
        fired[p].update(c for c, _ in orders[p].missiles)
        destroyed[p].update(c for c, _ in orders[p].kamikazes)

    def ordered(cells: object) -> list[Cell]:
        return sorted(cells, key=lambda c: _xyz(r, c))  # type: ignore[call-overload]

    def destruction(owner: str, placement: object) -> list[tuple[str, list[str], object]]:
        cells = placement.cells  # type: ignore[attr-defined]
        name = str(placement.ship)  # type: ignore[attr-defined]
        if (
            name in reported[owner]
            or not set(cells) <= destroyed[owner]
            or set(cells) <= start[owner]
        ):
            return []
        reported[owner].add(name)
        opponent = "B" if owner == "A" else "A"
        flashcube = None
        if not r.classic:
            flashcube = []
            for c in ordered(cells):
                there = ship_at[opponent].get(c)
                flashcube.append(
                    (str(c), None if there is None else str(there.ship), c in destroyed[opponent])
                )
        return [(name, [str(c) for c in ordered(cells)], flashcube)]

    def strike(attacker: str, c: Cell, kind: str) -> RefEntry:
        defender = "B" if attacker == "A" else "A"
        placement = ship_at[defender].get(c)
        if placement is None:
            return (kind, str(c), "miss", [], [])
        if c in (destroyed[defender] if immediate else start[defender]):
            credits[attacker] += c in special[defender]
            return (kind, str(c), "duplicate", [], [])
        destroyed[defender].add(c)
        credits[attacker] += 1
        explosions = []
        if placement.ship.type in missile_types and c not in fired[defender]:
            now = destroyed[defender] if immediate else start[defender]
            blast = ordered(x for x in placement.cells if _adjacent(r, x, c) and x not in now)
            explosions = [str(c), *(str(x) for x in blast)]
            destroyed[defender].update(blast)
            special[defender].update(blast)
        return (kind, str(c), "hit", explosions, destruction(defender, placement))

    first = "B" if r.alternate_reporting and state.turn % 2 == 0 else "A"
    out: dict[str, list[RefEntry]] = {}
    for p in (first, "B" if first == "A" else "A"):
        o, defender, entries = orders[p], "B" if p == "A" else "A", []
        for beam in o.beams:
            entries += [strike(p, c, "beam") for c in beam.cells]
        for c in o.strikes:
            entries.append(strike(p, c, "strike"))
        for c in o.scans:
            there = ship_at[defender].get(c)
            now = destroyed[defender] if immediate else start[defender]
            result = "empty" if there is None else "destroyed" if c in now else "undamaged"
            entries.append(("scan", str(c), result, [], []))
        for c, _ in o.kamikazes:
            entries.append(("kamikaze", str(c), None, [], destruction(p, ship_at[p][c])))
        out[p] = entries
    return out, destroyed, credits


def _as_reference(e: Entry) -> RefEntry:
    ships = []
    for x in e.destroyed:
        flashcube = (
            None
            if x.flashcube is None
            else [
                (str(f.cell), None if f.ship is None else str(f.ship), f.destroyed)
                for f in x.flashcube
            ]
        )
        ships.append((str(x.ship), [str(c) for c in x.cells], flashcube))
    return (e.action, str(e.cell), e.result, [str(c) for c in e.explosions], ships)


def _reference_winner(
    state: GameState, orders: dict[str, CheckedOrders], score: dict[str, int]
) -> str:
    """2.3.3-2.3.5; on a tie with tiebreak=hypothetical-hits [seed 004 6.1], the hit results each
    side would have had in the last turn had the enemy launched no kamikaze: the turn replayed
    with the enemy's kamikazes struck out, counting only `hit` (a duplicate is never a hit)."""
    a, b = score["A"], score["B"]
    if a != b:
        return "A" if a > b else "B"
    if state.ruleset.tiebreak != "hypothetical-hits":
        return "draw"
    hypothetical = {}
    for p in "AB":
        enemy = "B" if p == "A" else "A"
        without = dict(orders)
        without[enemy] = replace(orders[enemy], kamikazes=())
        entries = _reference_turn(state, without)[0][p]
        hypothetical[p] = sum(1 for e in entries if e[2] == "hit")
    if hypothetical["A"] == hypothetical["B"]:
        return "draw"
    return "A" if hypothetical["A"] > hypothetical["B"] else "B"


RULESETS = [
    ("2.6.1", ()),
    ("classic", ()),
    ("2.6.1", ("fleet=cost:30", "colours=RYGOB", "report-order=alternate")),
    ("2.6.1", ("fleet=cost:17", "scoring=hits")),
    ("classic", ("colours=RYGOB",)),
    ("2.6.1", ("fleet=cost:9", "tiebreak=hypothetical-hits")),
]


@pytest.mark.parametrize("name,options", RULESETS)
def test_engine_agrees_with_a_naive_reading_of_the_rules_on_random_games(
    name: str, options: tuple[str, ...]
) -> None:
    ruleset = Ruleset(name, options)
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
        while not state.over and state.turn <= 150:
            for p in "AB":
                e = entitlements(state, p)
                assert (
                    e.conventional,
                    sorted(str(s.ship) for s in e.missile_ships),
                    sorted(str(s.ship) for s in e.kamikaze_ships),
                    sorted(str(s.ship) for s in e.beam_ships),
                    e.scans,
                ) == _reference_entitlements(state, p), (seed, state.turn, p)
            orders = {p: check_orders(state, p, random_orders(state, p, rng)) for p in "AB"}
            expected, destroyed, credits = _reference_turn(state, orders)
            new, report = adjudicate(state, orders["A"], orders["B"])
            materiel = {}
            for p in "AB":
                assert [_as_reference(x) for x in report.entries(p)] == expected[p], (seed, p)
                assert new.player(p).destroyed == destroyed[p]
                assert new.player(p).hits == state.player(p).hits + credits[p]
                materiel[p] = sum(len(s.cells) for s in new.player(p).fleet.ships) - len(
                    destroyed[p]
                )
                assert report.materiel(p) == materiel[p]
            ends = any(m == 0 for m in materiel.values()) or any(
                orders[p].limited
                and not (orders[p].strikes or orders[p].beams or orders[p].missiles)
                and not orders[p].kamikazes
                for p in "AB"
            )
            assert new.over == ends, (seed, state.turn)
            if ends:
                score = (
                    {p: new.player(p).hits for p in "AB"} if ruleset.scoring == "hits" else materiel
                )
                assert new.result.score == score
                assert new.result.winner == _reference_winner(state, orders, score), seed
            state = new


def _repeating(state: GameState, p: str, rng: random.Random) -> tuple[object, ...]:
    """Random legal orders with some strikes moved onto cells of the enemy destroyed in earlier
    turns (duplicates, never hits) or onto its last undamaged cells (so that games end level)."""
    enemy = state.player("B" if p == "A" else "A")
    earlier = sorted(enemy.destroyed, key=str)
    alive = sorted(
        (c for pl in enemy.fleet.ships for c in pl.cells if c not in enemy.destroyed), key=str
    )
    out: list[object] = []
    for o in random_orders(state, p, rng):
        if isinstance(o, Strike) and earlier and rng.random() < 0.4:
            o = Strike(rng.choice(earlier))
        elif isinstance(o, Strike) and rng.random() < 0.3:
            o = Strike(rng.choice(alive))
        out.append(o)
    return tuple(out)


@pytest.mark.parametrize(
    "options",
    [
        ("fleet=cost:3", "tiebreak=hypothetical-hits"),
        ("fleet=cost:5", "tiebreak=hypothetical-hits"),
        ("fleet=cost:4", "scoring=hits", "tiebreak=hypothetical-hits"),
    ],
)
def test_hypothetical_hits_break_ties_as_a_naive_reading_of_seed_004_6_1(
    options: tuple[str, ...],
) -> None:
    ruleset = Ruleset("2.6.1", options)
    ties = decided = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
        while not state.over and state.turn <= 60:
            orders = {p: check_orders(state, p, _repeating(state, p, rng)) for p in "AB"}  # type: ignore[arg-type]
            new, _ = adjudicate(state, orders["A"], orders["B"])
            if new.over:
                score = new.result.score
                assert new.result.winner == _reference_winner(state, orders, score), seed
                ties += score["A"] == score["B"]
                decided += score["A"] == score["B"] and new.result.winner != "draw"
            state = new
    assert ties >= 10 and decided >= 3, (ties, decided)  # the tiebreak was really exercised


def _direction(ruleset: Ruleset, a: Cell, b: Cell) -> Coords:
    """The unit step from a to b up to sign (first non-zero component positive)."""
    d = tuple(y - x for x, y in zip(_xyz(ruleset, a), _xyz(ruleset, b), strict=True))
    k = max(abs(v) for v in d)
    unit = tuple(v // k for v in d)
    first = next(v for v in unit if v)
    return unit if first > 0 else tuple(-v for v in unit)  # type: ignore[return-value]


def _reference_legal(state: GameState, p: str, orders: tuple[object, ...]) -> bool:
    """Rulings, Orders: launches resolved at the start of the turn, one per ship; kamikazes only
    from eligible ships' undamaged cells; M + K <= S <= conventional + M + K; each beam on a line
    of three that some undamaged loosely adjacent pair of one death star parallels, naming the
    ship when several could fire, one per ship; scans within the entitlement."""
    r = state.ruleset
    me = state.player(p)
    ships = {pl.ship: pl.cells for pl in me.fleet.ships}
    undamaged = {s: [c for c in cs if c not in me.destroyed] for s, cs in ships.items()}
    missile_types = {"MD", "AG", "LG"}
    unfired = {
        s: [c for c in undamaged[s] if s.type in missile_types and c not in me.fired] for s in ships
    }
    conventional = {
        s: 0 if not undamaged[s] else 1 if s.type == "DS" else _matching(r, undamaged[s])
        for s in ships
    }

    def beam_directions(s: object) -> set[Coords]:
        if s.type != "DS" or s in me.burnt_out:  # type: ignore[attr-defined]
            return set()
        cells = undamaged[s]  # type: ignore[index]
        return {_direction(r, a, b) for a, b in combinations(cells, 2) if _loose(r, a, b)}

    strikes = launches = scans = 0
    used: dict[str, set[object]] = {"m": set(), "k": set(), "b": set()}
    for o in orders:
        if isinstance(o, Strike):
            strikes += 1
        elif isinstance(o, Scan):
            scans += 1
        elif isinstance(o, MissileLaunch):
            launches += 1
            found = [s for s in ships for c in unfired[s] if o.launch.matches(c)]
            if len(found) != 1 or found[0] in used["m"]:
                return False
            used["m"].add(found[0])
        elif isinstance(o, KamikazeLaunch):
            launches += 1
            owner = next((s for s in ships if o.launch in ships[s]), None)
            if owner is None or o.launch in me.destroyed or owner in used["k"]:
                return False
            if conventional[owner] or unfired[owner] or owner.type == "LS":
                return False
            used["k"].add(owner)
        elif isinstance(o, Beam):
            xyz = [_xyz(r, o.start), _xyz(r, o.end)]
            delta = [b - a for a, b in zip(*xyz, strict=True)]
            if max(abs(v) for v in delta) != 2 or any(v not in (0, 2, -2) for v in delta):
                return False
            d = _direction(r, o.start, o.end)
            able = [s for s in ships if d in beam_directions(s)]
            if o.ship is not None:
                if o.ship not in able:
                    return False
                fires = o.ship
            elif len(able) == 1:
                fires = able[0]
            else:
                return False
            if fires in used["b"]:
                return False
            used["b"].add(fires)
    if not launches <= strikes <= sum(conventional.values()) + launches:
        return False
    return scans <= _reference_entitlements(state, p)[4]  # type: ignore[operator]


def _tampered(state: GameState, p: str, rng: random.Random) -> tuple[object, ...]:
    """A random legal order list with up to three random additions or removals."""
    geo = state.ruleset.geometry
    orders = list(random_orders(state, p, rng))
    own = [c for pl in state.player(p).fleet.ships for c in pl.cells]
    death_stars = [pl.ship for pl in state.player(p).fleet.ships if pl.ship.type == "DS"]
    for _ in range(rng.randint(0, 3)):
        k = rng.random()
        if k < 0.2:
            orders.append(Strike(rng.choice(geo.cells)))
        elif k < 0.35 and orders:
            orders.pop(rng.randrange(len(orders)))
        elif k < 0.5:
            c = rng.choice(own)
            keep = rng.choice([(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 1, 1)])
            values = [
                v if m else None for v, m in zip((c.colour, c.letter, c.number), keep, strict=True)
            ]
            orders.append(MissileLaunch(PartialCell(*values)))
        elif k < 0.65:
            orders.append(KamikazeLaunch(rng.choice(own)))
        elif k < 0.85:
            start = rng.choice(geo.cells)
            end = geo.shift(start, rng.choice([(1, 0, 0), (1, 1, 0), (0, 1, -1), (1, -1, 1)]), 2)
            if end is not None:
                orders.append(Beam(start, end, rng.choice([*death_stars, None, None])))
        else:
            orders.append(Scan(rng.choice(geo.cells)))
    return tuple(orders)


@pytest.mark.parametrize("options", [(), ("fleet=cost:24", "colours=RYGOB")])
def test_order_checks_agree_with_a_naive_reading_of_the_rulings(options: tuple[str, ...]) -> None:
    ruleset = Ruleset("2.6.1", options)
    refused = accepted = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
        while not state.over and state.turn <= 100:
            for p in "AB":
                orders = _tampered(state, p, rng)
                try:
                    check_orders(state, p, orders)  # type: ignore[arg-type]
                    legal = True
                except OrdersRefused:
                    legal = False
                assert legal == _reference_legal(state, p, orders), (seed, state.turn, p)
                accepted += legal
                refused += not legal
            checked = {p: check_orders(state, p, random_orders(state, p, rng)) for p in "AB"}
            state, _ = adjudicate(state, checked["A"], checked["B"])
    assert accepted and refused  # both kinds were exercised
