"""A tournament's pairings and standings, pure (no store, no clock, no game): round robin by
the circle method (every pair once, each player's sides balanced to one game), Swiss by the
usual rules with networkx's maximum-weight matching, and standings with Buchholz and
Sonneborn-Berger, and the crosstable.

Players are their entry numbers (1, 2, ...); a pairing's `white` takes seat A, `black` seat B.

The rules, as the club's docs state them (docs/commands.md, "Tournaments"):
- a win is 1 point, a draw 1/2, a loss 0; a bye 1; a forfeit win 1, a forfeit loss 0;
- Swiss: players are paired within their score group as far as possible (top half against
  bottom half), never twice, and each is given the side they had less (alternated where
  even); with an odd number the bye goes to the lowest ranked who has had none;
- Buchholz: the sum of the final scores of the opponents met over the board; Sonneborn-Berger:
  the sum of the final scores of the opponents beaten and half those drawn with; a bye or a
  forfeit counts in the score, never in a tie-break (nobody was played);
- the order: score, then Buchholz, then Sonneborn-Berger, then entry order;
- a player who withdraws is paired no more; a game of theirs not over is lost by forfeit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: `white` plays seat A; `black` None is a bye for `white`."""

    round: int
    board: int
    white: int
    black: int | None


@dataclass(frozen=True, slots=True)
class Game:
    """A pairing and its result: `white_score` 1, 0.5 or 0 (None: not over yet);
    `forfeit`: decided by a withdrawal or a missed deadline, not over the board (with no
    `white_score`: a double forfeit, lost by both)."""

    pairing: Pairing
    white_score: float | None = None
    forfeit: bool = False

    @property
    def bye(self) -> bool:
        return self.pairing.black is None

    def score_of(self, player: int) -> float | None:
        """The player's points from this game (None: not over, or not theirs)."""
        if self.bye:
            return WIN if player == self.pairing.white else None
        if self.white_score is None:  # in play; or a double forfeit, lost by both
            return (
                LOSS
                if self.forfeit and player in (self.pairing.white, self.pairing.black)
                else None
            )
        if player == self.pairing.white:
            return self.white_score
        if player == self.pairing.black:
            return 1.0 - self.white_score
        return None

    def opponent(self, player: int) -> int | None:
        if player == self.pairing.white:
            return self.pairing.black
        if player == self.pairing.black:
            return self.pairing.white
        return None


# -- round robin ------------------------------------------------------------------------------
def round_robin(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin (the circle method): each pair meets once, and each
    player's sides differ by one game at most. With an odd number, one rests (a bye) a round."""
    entrants: list[int | None] = list(players)
    if len(entrants) % 2:
        entrants.insert(0, None)  # the fixed place rests: the others' sides stay balanced
    m = len(entrants)
    rounds = []
    for r in range(m - 1):
        pairs: list[Pairing] = []
        for i in range(m // 2):
            a, b = entrants[i], entrants[m - 1 - i]
            # The fixed first seat changes side each round; the others by board.
            first = r % 2 == 0 if i == 0 else i % 2 == 0
            white, black = (a, b) if first else (b, a)
            if white is None:
                white, black = black, None
            assert white is not None
            pairs.append(Pairing(r + 1, 0, white, black))
        # Byes last, boards numbered in order.
        pairs.sort(key=lambda p: p.black is None)
        rounds.append([Pairing(p.round, n, p.white, p.black) for n, p in enumerate(pairs, 1)])
        entrants = [entrants[0], entrants[-1], *entrants[1:-1]]
    return rounds


# -- standings --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a tournament's standings."""

    player: int
    score: float
    buchholz: float
    sonneborn_berger: float
    played: int  # games over, byes and forfeits included


def scores(players: Iterable[int], games: Iterable[Game]) -> dict[int, float]:
    found = dict.fromkeys(players, 0.0)
    for game in games:
        for player in (game.pairing.white, game.pairing.black):
            if player is not None and player in found:
                found[player] += game.score_of(player) or 0.0
    return found


def standings(players: Sequence[int], games: Sequence[Game]) -> list[Standing]:
    """The standings, best first: score, Buchholz, Sonneborn-Berger, entry order."""
    points = scores(players, games)
    lines = []
    for player in players:
        buchholz = sb = 0.0
        played = 0
        for game in games:
            mine = game.score_of(player)
            if mine is None:
                continue
            played += 1
            opponent = game.opponent(player)
            if game.forfeit or opponent is None:
                continue  # nobody was played: in the score, never in a tie-break
            buchholz += points[opponent]
            sb += points[opponent] * mine
        lines.append(Standing(player, points[player], buchholz, sb, played))
    return sorted(lines, key=lambda s: (-s.score, -s.buchholz, -s.sonneborn_berger, s.player))


def crosstable(players: Sequence[int], games: Sequence[Game]) -> dict[tuple[int, int], str]:
    """Each (player, opponent) cell: what the player scored, `1`, `½`, `0`, a forfeit `+` or
    `-`, one mark a game between them (`1 ½` twice met), "" in play."""
    cells: dict[tuple[int, int], list[str]] = {}
    for game in games:
        white, black = game.pairing.white, game.pairing.black
        if black is None:
            continue
        for me, them in ((white, black), (black, white)):
            mine = game.score_of(me)
            if mine is None:
                mark = "*"
            elif game.forfeit:
                mark = "+" if mine == WIN else "-" if mine == LOSS else "="
            else:
                mark = {WIN: "1", DRAW: "½", LOSS: "0"}[mine]
            cells.setdefault((me, them), []).append(mark)
    return {key: " ".join(marks) for key, marks in cells.items()}


# -- Swiss ------------------------------------------------------------------------------------
def colours(player: int, games: Iterable[Game]) -> list[str]:
    """The sides a player played, in order (`W` seat A, `B` seat B), byes left out."""
    found = []
    for game in sorted(games, key=lambda g: g.pairing.round):
        if game.bye:
            continue
        if game.pairing.white == player:
            found.append("W")
        elif game.pairing.black == player:
            found.append("B")
    return found


def _wants_white(history: list[str]) -> int:
    """How much a player is owed seat A: +2 absolutely (two games more in seat B than in seat
    A, or seat B the last two games: a third running, or a third more, is what the usual
    rules bar), +1 mildly (fewer in seat A, or seat B last), 0 nothing yet; negative the
    other way."""
    balance = history.count("B") - history.count("W")
    if abs(balance) >= 2:
        return 2 if balance > 0 else -2
    if len(history) >= 2 and history[-1] == history[-2]:
        return 2 if history[-1] == "B" else -2
    if balance:
        return 1 if balance > 0 else -1
    if history:
        return 1 if history[-1] == "B" else -1
    return 0


# The weights' scales, each beyond what all of the smaller ones together can reach (64
# players, 20 rounds: a score difference costs at most some 10**7 a pair), so the rules are
# kept in order: no pair twice, then no side a third time, then score groups, then the rest.
FRESH = 10**12  # a pair never met
THIRD_SIDE = 10**10  # both absolutely owed the same side


def swiss_round(
    round_number: int,
    ranked: Sequence[int],
    games: Sequence[Game],
) -> list[Pairing]:
    """The next Swiss round for the players still in, `ranked` best first (the standings
    order; in round 1 the entry order). Pairs are found by networkx's max_weight_matching: a
    pair never met weighs most, less the further apart their scores (score groups), less when
    both are owed the same side, a little less the further it is from top half against bottom
    half in its group; two players both absolutely owed the same side (one of them would have
    it a third time running, or a third game more) weigh less than any score difference can
    make up for; a pair met before weighs almost nothing (taken only when no pairing of
    everyone without it exists). An odd player out gets the bye: the lowest ranked who has had
    none, and for whom the others can still all be paired."""
    points = scores(ranked, games)
    met = {
        frozenset((g.pairing.white, g.pairing.black)) for g in games if g.pairing.black is not None
    }
    had_bye = {g.pairing.white for g in games if g.bye}
    history = {p: colours(p, games) for p in ranked}
    players = list(ranked)
    bye: int | None = None
    if len(players) % 2:
        candidates = [p for p in reversed(players) if p not in had_bye] or list(reversed(players))
        for candidate in candidates:
            rest = [p for p in players if p != candidate]
            if _fresh_pairing_exists(rest, met):
                bye = candidate
                break
        else:
            bye = candidates[0]
        players.remove(bye)
    groups: dict[float, list[int]] = {}
    for p in players:
        groups.setdefault(points[p], []).append(p)
    place = {p: (i, len(group)) for group in groups.values() for i, p in enumerate(group)}
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if frozenset((a, b)) in met:
                graph.add_edge(a, b, weight=1)
                continue
            gap = round(2 * abs(points[a] - points[b]))
            weight = FRESH - 10_000 * gap * gap
            if gap:  # a float from a higher group costs more: the top groups stay whole
                weight -= 100 * gap * round(2 * max(points[a], points[b]))
            wa, wb = _wants_white(history[a]), _wants_white(history[b])
            if abs(wa) == 2 and wa == wb:  # one of them would have a side a third time
                weight -= THIRD_SIDE
            elif wa and wa * wb > 0:
                weight -= 1_000
            if points[a] == points[b]:
                (ia, size), (ib, _) = place[a], place[b]
                weight -= 10 * abs(abs(ia - ib) - size // 2)
            graph.add_edge(a, b, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    order = {p: i for i, p in enumerate(ranked)}
    boards = sorted((tuple(sorted((a, b), key=order.__getitem__)) for a, b in matching),
                    key=lambda pair: order[pair[0]])  # fmt: skip
    made = [
        Pairing(round_number, n, *_sides(high, low, history, n))
        for n, (high, low) in enumerate(boards, 1)
    ]
    if bye is not None:
        made.append(Pairing(round_number, len(made) + 1, bye, None))
    return made


def _sides(high: int, low: int, history: dict[int, list[str]], board: int) -> tuple[int, int]:
    """(seat A, seat B): the one owed seat A more takes it; when both are owed the same, the
    higher ranked has their way; with no history yet (round one), the higher ranked takes
    seat A on odd boards and seat B on even ones."""
    wh, wl = _wants_white(history[high]), _wants_white(history[low])
    if wh != wl:
        return (high, low) if wh > wl else (low, high)
    if wh == 0 and not history[high]:
        return (high, low) if board % 2 else (low, high)
    return (high, low) if wh > 0 else (low, high)


def _fresh_pairing_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if frozenset((a, b)) not in met:
                graph.add_edge(a, b)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(players)


def swiss_rounds_needed(players: int) -> int:
    """A Swiss's usual number of rounds: enough for one winner, log2 of the players rounded up."""
    return max(1, (players - 1).bit_length())
