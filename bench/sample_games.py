"""Write the example games and slip records of samples/ (run from the repository root):

    python bench/sample_games.py            # rewrites samples/game-*.ssr and samples/slips/*.ssr

Games are random legal games (spaceships.engine.random_play) played to the end, with results lines
written from the engine's true results. Each slip record is a game with one typical mistake in it,
made either at the table (an illegal order that was played anyway: the results that follow are the
true ones) or in the writing (one claim changed). Prints each file with its length and ending.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from notation.spaceships.cells import Cell, PartialCell  # noqa: E402
from notation.spaceships.fleets import Fleet, ShipPlacement  # noqa: E402
from notation.spaceships.format import format_record  # noqa: E402
from notation.spaceships.orders import Beam, MissileLaunch, Order, Scan, Strike  # noqa: E402
from notation.spaceships.parse import parse_record  # noqa: E402
from notation.spaceships.records import Claim, Comment, Record, ResultLine, TurnLine  # noqa: E402
from spaceships.engine.adjudicate import adjudicate  # noqa: E402
from spaceships.engine.entitlements import entitlements  # noqa: E402
from spaceships.engine.random_play import random_fleet, random_orders  # noqa: E402
from spaceships.engine.reports import claim_from_entry  # noqa: E402
from spaceships.engine.rulesets import Ruleset  # noqa: E402
from spaceships.engine.state import GameState, new_game, other  # noqa: E402
from spaceships.validate.played import played_orders  # noqa: E402

ROOT = Path(__file__).resolve().parents[1] / "samples"

# (turn, player, state, orders) -> the orders played instead (a slip at the table).
Tamper = Callable[[int, str, GameState, tuple[Order, ...]], tuple[Order, ...]]


def play(
    ruleset: Ruleset, seed: int, tamper: Tamper | None = None, max_turns: int = 200
) -> tuple[GameState, dict[tuple[int, str], tuple[Order, ...]]]:
    """A random game to the end; orders are played as written (spaceships.validate.played) so that a
    tampered, illegal order list still has true results."""
    rng = random.Random(seed)
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    written: dict[tuple[int, str], tuple[Order, ...]] = {}
    while not state.over and state.turn <= max_turns:
        checked = {}
        for p in ("A", "B"):
            orders = random_orders(state, p, rng)
            if tamper is not None:
                orders = tamper(state.turn, p, state, orders)
            written[(state.turn, p)] = orders
            checked[p], _ = played_orders(state, p, orders)
        state, _ = adjudicate(state, checked["A"], checked["B"])
    return state, written


def record_of(
    state: GameState,
    written: dict[tuple[int, str], tuple[Order, ...]],
    comment: str,
    names: tuple[str, str] = ("Alice", "Bob"),
    last: int | None = None,
) -> Record:
    tags: list[tuple[str, str]] = [("Ruleset", state.ruleset.name)]
    if state.ruleset.options:
        tags.append(("Options", " ".join(state.ruleset.options)))
    tags += [("A", names[0]), ("B", names[1])]
    turns, results = [], []
    for h in state.history:
        if last is not None and h.turn > last:
            break
        for p in ("A", "B"):
            turns.append(TurnLine(h.turn, p, written[(h.turn, p)]))
            claims = tuple(claim_from_entry(e) for e in h.report.entries(p))
            if claims:
                results.append(ResultLine(h.turn, p, claims))
    comments = tuple(Comment(line, ("tag", 0)) for line in comment.splitlines())
    geo = state.ruleset.geometry
    fleets = {
        p: Fleet(tuple(ShipPlacement(s.ship, geo.sorted(s.cells)) for s in f.ships))
        for p, f in (("A", state.a.fleet), ("B", state.b.fleet))
    }
    return Record(
        tuple(tags),
        fleets,
        tuple(turns),
        tuple(results),
        comments=comments,
    )


def write(path: Path, record: Record) -> str:
    text = format_record(record)
    text = format_record(parse_record(text))  # canonical, as `spaceships fmt` writes it
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def ending(state: GameState) -> str:
    r = state.result
    how = "2.3.1" if 0 in (state.materiel("A"), state.materiel("B")) else "2.3.2"
    return f"over after turn {r.turn} [{how}], score {r.score}, winner {r.winner}"


def find_game(ruleset: Ruleset, min_turns: int, seeds: range, rule: str | None = None) -> int:
    for seed in seeds:
        state, _ = play(ruleset, seed)
        if state.over and state.turn - 1 >= min_turns and (rule is None or rule in ending(state)):
            return seed
    raise SystemExit(f"no game of {min_turns}+ turns in seeds {seeds}")


# --- slips made in the writing: one claim changed ----------------------------------------------
def change_claim(
    record: Record, pick: Callable[[ResultLine, Claim], Claim | None]
) -> tuple[Record, int, str]:
    """The record with the first claim for which `pick` gives a replacement replaced."""
    for i, line in enumerate(record.results):
        for j, claim in enumerate(line.claims):
            new = pick(line, claim)
            if new is not None:
                claims = (*line.claims[:j], new, *line.claims[j + 1 :])
                results = (
                    *record.results[:i],
                    replace(line, claims=claims),
                    *record.results[i + 1 :],
                )
                return replace(record, results=results), line.turn, line.player
    raise SystemExit("no claim to change")


def main() -> None:
    out = []
    std = Ruleset.from_tags("2.6.1")
    seed = find_game(std, 25, range(1, 400), "2.3.1")
    state, written = play(std, seed)
    rec = record_of(
        state,
        written,
        f"A whole 2.6.1 game to the end (random legal play, seed {seed}), with each turn's\n"
        "results as the players reported them to each other (written from the engine).",
    )
    write(ROOT / "game-2.6.1-long.ssr", rec)
    out.append(f"game-2.6.1-long.ssr: {ending(state)}")
    base_state, base_written = state, written
    names = {"A": "Alice", "B": "Bob"}
    for owner in ("A", "B"):
        own = replace(
            rec,
            fleets={owner: rec.fleets[owner]},
            turns=tuple(t for t in rec.turns if t.player == owner),
            comments=(
                Comment(
                    f"{names[owner]}'s own record of game-2.6.1-long.ssr: own fleet, own",
                    ("tag", 0),
                ),
                Comment(
                    "orders, all results; the opponent's fleet and orders are not in it.",
                    ("tag", 0),
                ),
            ),
        )
        write(ROOT / "private" / f"game-2.6.1-long-{owner}.ssr", own)
        out.append(f"private/game-2.6.1-long-{owner}.ssr")

    seed2 = find_game(std, 8, range(1, 400), "2.3.2")
    state2, written2 = play(std, seed2)
    rec2 = record_of(
        state2,
        written2,
        f"A 2.6.1 game that ends by 2.3.2 (random legal play, seed {seed2}): a player left\n"
        "with nothing but kamikazes and scans records only scans, so the game ends that turn.",
    )
    write(ROOT / "game-2.6.1-ends-2.3.2.ssr", rec2)
    out.append(f"game-2.6.1-ends-2.3.2.ssr: {ending(state2)}")

    classic = Ruleset.from_tags("classic")
    cseed = find_game(classic, 8, range(1, 400))
    cstate, cwritten = play(classic, cseed)
    crec = record_of(
        cstate,
        cwritten,
        f"A whole classic game to the end (random legal play, seed {cseed}): hits take effect at\n"
        "the end of the turn, so a cell struck twice in a turn is a hit both times.",
    )
    write(ROOT / "game-classic.ssr", crec)
    out.append(f"game-classic.ssr: {ending(cstate)}")

    # Slips in the writing, on the first 12 turns of the long game.
    short = record_of(base_state, base_written, "", last=12)

    def hit_as_miss(line: ResultLine, c: Claim) -> Claim | None:
        if c.kind == "strike" and c.result == "hit" and not (c.explosions or c.destroyed):
            return replace(c, result="miss")
        return None

    def scan_wrong(line: ResultLine, c: Claim) -> Claim | None:
        if c.kind == "scan" and c.result in ("empty", "undamaged"):
            return replace(c, result="undamaged" if c.result == "empty" else "empty")
        return None

    def flashcube_wrong(line: ResultLine, c: Claim) -> Claim | None:
        for k, f in enumerate(c.flashcube):
            if f.ship is not None:
                flipped = replace(f, destroyed=not f.destroyed)
                return replace(c, flashcube=(*c.flashcube[:k], flipped, *c.flashcube[k + 1 :]))
        return None

    slips = {
        "hit-recorded-as-miss": (hit_as_miss, "a hit written down as a miss [5.2.3]"),
        "wrong-scan-result": (scan_wrong, "a scan result written wrongly [8.3.4.1]"),
        "wrong-flashcube": (flashcube_wrong, "flashcube data with a cell's state wrong [7.2.2]"),
    }
    full = record_of(base_state, base_written, "")
    for name, (pick, what) in slips.items():
        source = full if name == "wrong-flashcube" else short
        changed, turn, player = change_claim(source, pick)
        last = min(turn + 2, base_state.turn - 1)
        changed = replace(
            changed,
            turns=tuple(t for t in changed.turns if t.turn <= last),
            results=tuple(r for r in changed.results if r.turn <= last),
            comments=tuple(
                Comment(x, ("tag", 0))
                for x in (f"Slip: {what},", f"in turn {turn}, player {player}'s results.")
            ),
        )
        write(ROOT / "slips" / f"{name}.ssr", changed)
        out.append(f"slips/{name}.ssr: turn {turn} {player}")

    # Slips at the table: an illegal order list played anyway (true results follow).
    def extra_strike(at: int, who: str) -> Tamper:
        def t(turn: int, p: str, state: GameState, orders: tuple[Order, ...]) -> tuple[Order, ...]:
            if (turn, p) != (at, who):
                return orders
            ent = entitlements(state, p)
            strikes = sum(isinstance(o, Strike) for o in orders)
            launches = len(orders) - strikes - sum(isinstance(o, (Scan, Beam)) for o in orders)
            need = ent.conventional + launches + 1 - strikes
            free = [c for c in state.ruleset.geometry.cells if Strike(c) not in orders]
            return (*orders, *(Strike(c) for c in free[:need]))

        return t

    def missile_twice(state0: GameState) -> tuple[Tamper, list[tuple[int, str]]]:
        found: list[tuple[int, str]] = []

        def t(turn: int, p: str, state: GameState, orders: tuple[Order, ...]) -> tuple[Order, ...]:
            if found or p != "A":
                return orders
            fired = sorted(state.player(p).fired - state.player(p).destroyed, key=str)
            if not fired:
                return orders
            found.append((turn, p))
            cell = fired[0]
            return (
                *orders,
                MissileLaunch(PartialCell(cell.colour, cell.letter, cell.number)),
                Strike(Cell("B", "z", 5)),
            )

        return t, found

    def burn_then_beam() -> tuple[Tamper, list[tuple[int, str]]]:
        found: list[tuple[int, str]] = []
        burnt: list[int] = []

        def t(turn: int, p: str, state: GameState, orders: tuple[Order, ...]) -> tuple[Order, ...]:
            if p != "A" or found:
                return orders
            geo = state.ruleset.geometry
            me = state.player(p)
            if me.burnt_out:
                if burnt and turn > burnt[0]:
                    found.append((turn, p))
                    return (
                        *[o for o in orders if not isinstance(o, Beam)],
                        Beam(Cell("R", "v", 1), Cell("R", "v", 3)),
                    )
                return orders
            if burnt:
                return orders
            ent = entitlements(state, p)
            enemy = state.space(other(p))
            alive = [c for c in enemy.cells if c not in state.player(other(p)).destroyed]
            for ship in ent.beam_ships:
                for d in sorted(ship.beam_directions):
                    if sum(1 for v in d if v) < 2:
                        continue
                    for start in sorted(alive, key=str):
                        end = geo.shift(start, d, 2)
                        if end is not None and end in alive:
                            burnt.append(turn)
                            kept = [o for o in orders if not isinstance(o, Beam)]
                            return (*kept, Beam(start, end, ship.ship))
            return orders

        return t, found

    table_slips: list[tuple[str, Tamper, list[tuple[int, str]] | None, str]] = []
    table_slips.append(
        (
            "too-many-strikes",
            extra_strike(3, "B"),
            [(3, "B")],
            "one strike more than entitled [4.4.1]",
        )
    )
    tm, found_m = missile_twice(base_state)
    table_slips.append(
        ("missile-fired-twice", tm, found_m, "a missile launched a second time [8.1.3.1]")
    )
    tb, found_b = burn_then_beam()
    table_slips.append(
        ("beam-after-burn-out", tb, found_b, "a beam fired after it burnt out [8.4]")
    )
    for name, tamper, found, what in table_slips:
        for s in range(seed, seed + 200):
            found_before = list(found or [])
            if found is not None and name != "too-many-strikes":
                found.clear()
            st, wr = play(std, s, tamper)
            if found:
                turn, player = found[0]
                if st.turn - 1 >= turn + 2:
                    break
            _ = found_before
        else:
            raise SystemExit(f"no game for {name}")
        last = turn + 2
        rec = record_of(
            st, wr, f"Slip: {what},\nin turn {turn}, player {player}'s orders.", last=last
        )
        write(ROOT / "slips" / f"{name}.ssr", rec)
        out.append(f"slips/{name}.ssr: turn {turn} {player} (seed {s})")
    for line in out:
        print(line)


if __name__ == "__main__":
    main()
