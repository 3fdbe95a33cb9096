"""The Swiss pairing (pbem.club.tournaments.swiss_round) against the usual Swiss rules the
club's docs state (docs/commands.md, "Tournaments"), over whole Swiss tournaments with random
results (hypothesis): every player still in plays once a round; no pair meets twice while a
pairing without a repeat exists; nobody has a side three games running or three more than the
other where a pairing avoids it; players are paired in their score group as far as can be
(no other such pairing has smaller score differences); of two players owed different sides
the one owed seat A more gets it; a bye only with an odd number, at most once each, to the
lowest ranked for whom the others can still all be paired (issue 45).

The figures the pairing must beat are found here by trying every pairing, not by the matching
the pairer uses."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from pbem.club.tournaments import Game, colours, scores, standings, swiss_round


def pairings(players: list[int], met: set[frozenset[int]]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair all of `players` (an even number) with no pair from `met`."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        for more in pairings(rest[:i] + rest[i + 1 :], met):
            yield [(first, other), *more]


def fresh_pairing_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    return next(pairings(players, met), None) is not None


def spread(pairs: list[tuple[int, int]], points: dict[int, float]) -> int:
    """How far the pairs reach across score groups: the sum of the squared differences of
    their scores, in half points (0 when every pair is within its group)."""
    return sum(round(2 * abs(points[a] - points[b])) ** 2 for a, b in pairs)


def owed_a(history: list[str]) -> int:
    """How much a player is owed seat A (the usual rule): 2 absolutely (two games more in seat
    B than in seat A, or seat B the last two games: another would be a third), 1 mildly (fewer
    in seat A, or seat B last when even), 0 no game yet; negative the other way."""
    balance = history.count("B") - history.count("W")
    if abs(balance) >= 2:
        return 2 if balance > 0 else -2
    if len(history) >= 2 and history[-1] == history[-2]:
        return 2 if history[-1] == "B" else -2
    if balance:
        return 1 if balance > 0 else -1
    return 0 if not history else (1 if history[-1] == "B" else -1)


def clashes(pairs: list[tuple[int, int]], history: dict[int, list[str]]) -> int:
    """The pairs of two players both absolutely owed the same side: one of them must have it a
    third time running, or a third game more."""
    return sum(
        1
        for a, b in pairs
        if abs(owed_a(history[a])) == 2 and owed_a(history[a]) == owed_a(history[b])
    )


def sides_kept(history: list[str]) -> bool:
    """No side three games running, and never three games more on one side than the other."""
    running = any(history[i] == history[i + 1] == history[i + 2] for i in range(len(history) - 2))
    return not running and abs(history.count("W") - history.count("B")) <= 2


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[int, int, list[list[float]]]:
    """A Swiss's size (4-9 players), its rounds (up to one fewer than a round robin's), and
    seat A's result on each board of each round."""
    players = draw(st.integers(4, 9))
    rounds = draw(st.integers(1, min(5, players - 1 - (players + 1) % 2)))
    results = draw(
        st.lists(
            st.lists(st.sampled_from([1.0, 0.5, 0.0]), min_size=5, max_size=5),
            min_size=rounds,
            max_size=rounds,
        )
    )
    return players, rounds, results


@settings(max_examples=examples(60, 600))
@given(tournaments())
def test_swiss_pairings_follow_the_usual_rules_over_random_results(
    swiss: tuple[int, int, list[list[float]]],
) -> None:
    count, rounds, results = swiss
    players = list(range(1, count + 1))
    games: list[Game] = []
    for number in range(1, rounds + 1):
        ranked = [s.player for s in standings(players, games)] if games else players
        points = scores(players, games)
        met = {frozenset((g.pairing.white, g.pairing.black)) for g in games if not g.bye}
        had_bye = {g.pairing.white for g in games if g.bye}
        history = {p: colours(p, games) for p in players}
        made = swiss_round(number, ranked, games)
        where = f"round {number}, ranked {ranked}, made {made}"

        # Everyone plays once; a bye only with an odd number, one at most.
        seated = [p for pairing in made for p in (pairing.white, pairing.black) if p is not None]
        assert sorted(seated) == players, where
        byes = [pairing.white for pairing in made if pairing.black is None]
        assert len(byes) == count % 2, where
        pairs = [(pairing.white, pairing.black) for pairing in made if pairing.black is not None]
        rest = [p for p in players if p not in byes]

        # The bye: to the lowest ranked without one for whom the others can all be paired
        # without a repeat; a second bye only when nobody is left who had none.
        if byes:
            bye = byes[0]
            never = [p for p in ranked if p not in had_bye]
            if never:
                assert bye in never, f"a second bye for {bye}: {where}"
                below = never[never.index(bye) + 1 :]
                for lower in below:
                    others = [p for p in players if p != lower]
                    assert not fresh_pairing_exists(others, met), (
                        f"the bye went to {bye}, not to {lower} ranked below: {where}"
                    )

        # No pair twice while a pairing without a repeat exists.
        repeats = [pair for pair in pairs if frozenset(pair) in met]
        if fresh_pairing_exists(rest, met):
            assert not repeats, f"{repeats} met before: {where}"
            # No side a third time where a pairing avoids it; then score groups as far as
            # can be: no such pairing without a repeat reaches less far.
            chosen = (clashes(pairs, history), spread(pairs, points))
            best = min(
                (clashes(other, history), spread(other, points)) for other in pairings(rest, met)
            )
            assert chosen == best, f"(clashes, spread) {chosen} > {best}: {where}"

        # Sides: of two players owed different sides, the one owed seat A more has it; so
        # nobody has a side three games running or three games more than the other, unless
        # paired with someone owed the same side as absolutely.
        for white, black in pairs:
            assert owed_a(history[white]) >= owed_a(history[black]), (
                f"{white} took seat A though {black} was owed it more: {where}"
            )
            if not clashes([(white, black)], history):
                assert sides_kept([*history[white], "W"]), f"{white}'s sides: {where}"
                assert sides_kept([*history[black], "B"]), f"{black}'s sides: {where}"

        games += [
            Game(pairing, None if pairing.black is None else results[number - 1][board])
            for board, pairing in enumerate(made)
        ]
