"""A tournament's life in the store: made, joined until it starts, each round's games made by
the judge, results taken from the games' ends, forfeits at a round's deadline and on a
withdrawal, the next round when the last game of one ends (or at its deadline), the end.

Knows no game: a tournament reaches its games through their kind (pbem.registry), and makes
each game as `create` does and seats its players by the game's own `join`, as a rematch does
(pbem.club.rematch). The pairings and standings are pbem.club.tournaments' (pure).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from pbem import registry
from pbem.club import ladder
from pbem.club import tournaments as rules
from pbem.language.commands import Command, parse_commands
from pbem.messages import Inbound, Outbound
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.deadlines import format_moment
from pbem.steps.desk import Desk, Refusal, Reply, Session
from pbem.storage.store import Store, to_text
from pbem.storage.storerows import from_text

FORMATS = {"swiss": "Swiss", "robin": "round robin"}
NAME_MAX = 16  # room for `-r12-3` in a game's name of 24 characters


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    name: str
    game_key: str
    format: str  # swiss, robin
    rounds: int  # Swiss: as set; round robin: fixed at the start
    round_hours: float
    rated: bool
    levels: tuple[str, ...]
    settings: str
    master_address: str
    master_password: str
    accounts: bool
    phase: str  # joining, playing, over
    round: int
    round_deadline: datetime | None
    created_at: datetime

    @property
    def title(self) -> str:
        kind = registry.kind_named(self.game_key)
        return kind.about.title or kind.name

    def describe(self) -> str:
        rounds = f"{self.rounds} rounds" if self.rounds else "every player once"
        kind = "rated" if self.rated else "casual"
        hours = f"{self.round_hours:g}h"
        extra = f", games created with `{self.settings}`" if self.settings else ""
        computers = f", the computer may enter at {', '.join(self.levels)}" if self.levels else ""
        return (
            f"{FORMATS[self.format]} of {self.title}, {rounds}, {hours} a round, {kind}"
            f"{extra}{computers}"
        )


@dataclass(frozen=True, slots=True)
class Entrant:
    number: int
    address: str
    name: str
    password: str
    withdrawn: int | None  # the round after which they withdrew (0: before the start)


@dataclass(frozen=True, slots=True)
class Board:
    """A round's game as stored: the pure game and the judge's game it is played as."""

    game: rules.Game
    game_id: int | None


def _row(row: Any) -> TournamentRow:
    return TournamentRow(
        int(row["id"]),
        row["name"],
        row["game_key"],
        row["format"],
        int(row["rounds"]),
        float(row["round_hours"]),
        bool(row["rated"]),
        tuple(row["levels"].split()),
        row["settings"],
        row["master_address"],
        row["master_password"],
        bool(row["accounts"]),
        row["phase"],
        int(row["round"]),
        from_text(row["round_deadline"]),
        from_text(row["created_at"]) or datetime.min,
    )


def tournament(store: Store, name: str) -> TournamentRow | None:
    row = store.connection.execute(
        "SELECT * FROM tournaments WHERE lower(name) = lower(?)", (name,)
    ).fetchone()
    return None if row is None else _row(row)


def tournament_by_id(store: Store, tid: int) -> TournamentRow:
    row = store.connection.execute("SELECT * FROM tournaments WHERE id = ?", (tid,)).fetchone()
    return _row(row)


def all_tournaments(store: Store) -> list[TournamentRow]:
    rows = store.connection.execute("SELECT * FROM tournaments ORDER BY id").fetchall()
    return [_row(r) for r in rows]


def entrants(store: Store, tid: int) -> list[Entrant]:
    rows = store.connection.execute(
        "SELECT number, address, name, password, withdrawn FROM tournament_players "
        "WHERE tournament_id = ? ORDER BY number",
        (tid,),
    ).fetchall()
    return [
        Entrant(int(r["number"]), r["address"], r["name"], r["password"],
                None if r["withdrawn"] is None else int(r["withdrawn"]))
        for r in rows
    ]  # fmt: skip


def boards(store: Store, tid: int) -> list[Board]:
    rows = store.connection.execute(
        "SELECT round, board, white, black, game_id, white_score, forfeit FROM "
        "tournament_games WHERE tournament_id = ? ORDER BY round, board",
        (tid,),
    ).fetchall()
    return [
        Board(
            rules.Game(
                rules.Pairing(int(r["round"]), int(r["board"]), int(r["white"]),
                              None if r["black"] is None else int(r["black"])),
                None if r["white_score"] is None else float(r["white_score"]),
                bool(r["forfeit"]),
            ),
            None if r["game_id"] is None else int(r["game_id"]),
        )
        for r in rows
    ]  # fmt: skip


def create(
    store: Store,
    name: str,
    key: str,
    format: str,
    rounds: int,
    round_hours: float,
    rated: bool,
    levels: tuple[str, ...],
    settings: str,
    master: str,
    master_password: str,
    accounts: bool,
    now: datetime,
) -> TournamentRow:
    store.connection.execute(
        "INSERT INTO tournaments (name, game_key, format, rounds, round_hours, rated, levels, "
        "settings, master_address, master_password, accounts, phase, round, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'joining', 0, ?)",
        (name, key, format, rounds, round_hours, int(rated), " ".join(levels), settings,
         master, master_password, int(accounts), to_text(now)),
    )  # fmt: skip
    found = tournament(store, name)
    assert found is not None
    return found


def add_entrant(store: Store, t: TournamentRow, address: str, name: str, password: str) -> int:
    row = store.connection.execute(
        "SELECT COALESCE(MAX(number), 0) + 1 FROM tournament_players WHERE tournament_id = ?",
        (t.id,),
    ).fetchone()
    number = int(row[0])
    store.connection.execute(
        "INSERT INTO tournament_players (tournament_id, number, address, name, password) "
        "VALUES (?, ?, ?, ?, ?)",
        (t.id, number, address, name, password),
    )
    return number


# -- rounds -----------------------------------------------------------------------------------
def start(
    store: Store, t: TournamentRow, now: datetime, rng: random.Random | None
) -> list[Outbound]:
    """The tournament begins: round 1 made (a round robin's number of rounds fixed now)."""
    players = [e.number for e in entrants(store, t.id) if e.withdrawn is None]
    rounds = t.rounds if t.format == "swiss" else len(players) - 1 + len(players) % 2
    store.connection.execute(
        "UPDATE tournaments SET phase = 'playing', rounds = ? WHERE id = ?", (rounds, t.id)
    )
    return _next_round(store, replace(t, phase="playing", rounds=rounds), now, rng)


def _pairings(store: Store, t: TournamentRow, number: int) -> list[rules.Pairing]:
    people = entrants(store, t.id)
    games = [b.game for b in boards(store, t.id)]
    if t.format == "robin":
        schedule = rules.round_robin([e.number for e in people])
        return schedule[number - 1]
    still = [e.number for e in people if e.withdrawn is None]
    ranked = [s.player for s in rules.standings(still, games)]
    return rules.swiss_round(number, ranked, games)


def _next_round(
    store: Store, t: TournamentRow, now: datetime, rng: random.Random | None
) -> list[Outbound]:
    number = t.round + 1
    deadline = now + timedelta(hours=t.round_hours)
    store.connection.execute(
        "UPDATE tournaments SET round = ?, round_deadline = ? WHERE id = ?",
        (number, to_text(deadline), t.id),
    )
    t = replace(t, round=number, round_deadline=deadline)
    people = {e.number: e for e in entrants(store, t.id)}
    out: list[Outbound] = []
    made: list[str] = []
    for pairing in _pairings(store, t, number):
        white, black = people[pairing.white], people.get(pairing.black or 0)
        gone = [e for e in (white, black) if e is not None and e.withdrawn is not None]
        game_id = None
        score: float | None = None
        forfeit = False
        if black is None:
            made.append(f"  board {pairing.board}: {white.name} has the bye (1 point)")
        elif gone:  # a round robin's game of a player who withdrew: lost by forfeit
            forfeit = True
            score = None if len(gone) == 2 else (0.0 if white in gone else 1.0)
            made.append(f"  board {pairing.board}: {white.name} v {black.name}: forfeit")
        else:
            game_id, told = _make_game(store, t, pairing, white, black, now, rng)
            out += told
            made.append(f"  board {pairing.board}: {white.name} v {black.name}")
        store.connection.execute(
            "INSERT INTO tournament_games (tournament_id, round, board, white, black, game_id, "
            "white_score, forfeit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (t.id, number, pairing.board, pairing.white, pairing.black, game_id, score,
             int(forfeit)),
        )  # fmt: skip
    notice = (
        f"Round {number} of {t.rounds} of tournament {t.name} has begun; it ends when its last "
        f"game does, or at {format_moment(deadline)}:\n" + "\n".join(made)
    )
    everyone = tuple(
        e.address for e in people.values() if e.address != COMPUTER_ADDRESS and e.withdrawn is None
    )
    out.append(
        Outbound(everyone + (t.master_address,), f"{t.name}: round {number}", notice,
                 kind="tournament", tournament=t.name)
    )  # fmt: skip
    return out


def game_name(t: TournamentRow, pairing: rules.Pairing) -> str:
    return f"{t.name}-r{pairing.round}-{pairing.board}"


def _make_game(
    store: Store,
    t: TournamentRow,
    pairing: rules.Pairing,
    white: Entrant,
    black: Entrant,
    now: datetime,
    rng: random.Random | None,
) -> tuple[int, list[Outbound]]:
    """A round's game, made as `create` makes one (the tournament's master its game master,
    its words and settings, rated or casual as the tournament), its players seated by the
    game's own `join`, seat A first: each told their game, where they play and their password."""
    kind = registry.kind_named(t.game_key)
    name = game_name(t, pairing)
    words = f"create {name} {kind.about.words[0]} {t.settings} deadline {t.round_hours:g}h"
    words += "" if t.rated else " casual"
    command = parse_commands(words)[0]
    if not isinstance(command, Command):
        raise Refusal(f"the tournament's game settings do not read: {command}")
    master = Inbound(t.master_address, words, authenticated=t.accounts)
    desk = Desk(store, rng, master, Session(), Reply(), now)
    created = kind.steps.create(command, desk)
    out = list(desk.reply.messages)
    game = store.game(name, lock=False)
    assert game is not None
    how = f"the thread of {name}" if t.accounts else f"mail to the judge (`game {name} PASSWORD`)"
    for seat, entrant in (("A", white), ("B", black)):
        if entrant.address == COMPUTER_ADDRESS:
            level = entrant.name.removeprefix("the computer (").rstrip(")")
            kind.about.seat_computer(store, game, seat, level, now, desk.new_seed())
            continue
        inbound = Inbound(entrant.address, "", sender_name=entrant.name,
                          authenticated=t.accounts)  # fmt: skip
        seat_desk = Desk(store, rng, inbound, Session(), Reply(), now)
        joined = Command("join", 1, f"join {name} as {entrant.name}", name=name,
                         body=f"as {entrant.name}")  # fmt: skip
        answer = kind.steps.join(joined, seat_desk)
        out += seat_desk.reply.messages
        head = (
            f"Tournament {t.name}, round {pairing.round}: your game is {name}, "
            f"{kind.about.seat_name(seat)}; you play it by {how}."
        )
        out.append(Outbound((entrant.address,), f"{name}: your tournament game",
                            head + "\n" + answer, name, kind="tournament-game",
                            tournament=t.name))  # fmt: skip
    out.append(
        Outbound((t.master_address,), f"{name}: made for tournament {t.name}", created, name,
                 kind="tournament-game", tournament=t.name)
    )  # fmt: skip
    return game.id, out


# -- results ----------------------------------------------------------------------------------
def _score(game: Any) -> float | None:
    kind = registry.kind_of(game)
    if game.outcome is None or kind.about.score is None:
        return None
    return kind.about.score(game.outcome)


def _forfeit_game(
    store: Store, game: Any, losers: list[str], why: str, now: datetime
) -> list[Outbound]:
    """End a game not over by forfeit (never rated): `losers` the seats that lose; both: a
    double forfeit, no result."""
    ladder.set_rated(store, game.id, False)
    steps = registry.kind_of(game).steps
    players = store.players(game.id)
    winner = None if len(losers) != 1 else ("B" if losers[0] == "A" else "A")
    outcome: dict[str, Any] = {
        "winner": winner, "reason": why, "turn": None, "score": None, "forfeit": True,
        **({} if winner else {**steps.cancel_terms, "cancelled": True}),
    }  # fmt: skip
    if winner and set(players) == {"A", "B"}:
        try:
            outcome = {**steps.resign_outcome(game, losers[0], players), "reason": why,
                       "forfeit": True}  # fmt: skip
        except ValueError:
            pass
    _, told = steps.end(store, game, now, outcome)
    return told


def withdraw(store: Store, t: TournamentRow, entrant: Entrant, now: datetime) -> list[Outbound]:
    """A player leaves: paired no more; their game of this round, if not over, is lost by
    forfeit (a round robin's later games are forfeits when their rounds are made)."""
    store.connection.execute(
        "UPDATE tournament_players SET withdrawn = ? WHERE tournament_id = ? AND number = ?",
        (t.round, t.id, entrant.number),
    )
    out: list[Outbound] = []
    for board in boards(store, t.id):
        pairing = board.game.pairing
        if pairing.round != t.round or entrant.number not in (pairing.white, pairing.black):
            continue
        if board.game_id is None:
            continue
        game = store.game_by_id(board.game_id)
        if game.phase != "over":
            seat = "A" if pairing.white == entrant.number else "B"
            why = f"{entrant.name} withdrew from tournament {t.name}: a forfeit"
            out += _forfeit_game(store, game, [seat], why, now)
    return out


def advance(
    store: Store, now: datetime, rng: random.Random | None, accounts: bool | None = None
) -> list[Outbound]:
    """Every tournament in play (of one front end's, `accounts`) brought up to date: results of
    games over taken, games past the round's deadline forfeited by the players they wait for,
    and the next round (or the end) once every game of the round is over."""
    out: list[Outbound] = []
    rows = store.connection.execute(
        "SELECT * FROM tournaments WHERE phase = 'playing' ORDER BY id"
    ).fetchall()
    rows = [r for r in rows if accounts is None or bool(r["accounts"]) == accounts]
    for t in map(_row, rows):
        out += _advance_one(store, t, now, rng)
    return out


def _advance_one(
    store: Store, t: TournamentRow, now: datetime, rng: random.Random | None
) -> list[Outbound]:
    out: list[Outbound] = []
    late = t.round_deadline is not None and now >= t.round_deadline
    pending = 0
    for board in boards(store, t.id):
        pairing = board.game.pairing
        if pairing.round != t.round or board.game_id is None or board.game.white_score is not None:
            continue
        if board.game.forfeit:
            continue
        game = store.game_by_id(board.game_id)
        if game.phase != "over" and late:
            missing = registry.kind_of(game).steps.missing(store, game)
            losers = sorted(missing) or ["A", "B"]
            names = {p.seat: p.name for p in store.players(game.id).values()}
            who = " and ".join(names.get(s, s) for s in losers)
            why = f"{who} missed the deadline of round {t.round} of tournament {t.name}: a forfeit"
            out += _forfeit_game(store, game, losers, why, now)
            game = store.game_by_id(board.game_id)
        if game.phase != "over":
            pending += 1
            continue
        score = _score(game)
        forfeit = bool((game.outcome or {}).get("forfeit")) or score is None
        store.connection.execute(
            "UPDATE tournament_games SET white_score = ?, forfeit = ? WHERE tournament_id = ? "
            "AND round = ? AND board = ?",
            (score, int(forfeit), t.id, pairing.round, pairing.board),
        )
    if pending:
        return out
    if t.round >= t.rounds:
        store.connection.execute("UPDATE tournaments SET phase = 'over' WHERE id = ?", (t.id,))
        people = [e.address for e in entrants(store, t.id) if e.address != COMPUTER_ADDRESS]
        text = f"Tournament {t.name} is over.\n\n" + standings_text(store, replace(t, phase="over"))
        out.append(Outbound((*people, t.master_address), f"{t.name}: over", text,
                            kind="tournament", tournament=t.name))  # fmt: skip
        return out
    return out + _next_round(store, t, now, rng)


# -- what players read ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Table:
    """A tournament's standings and crosstable, as every front end shows them."""

    lines: tuple[tuple[int, Entrant, rules.Standing], ...]  # place, who, figures
    cross: dict[tuple[int, int], str]


def table(store: Store, t: TournamentRow) -> Table:
    people = entrants(store, t.id)
    games = [b.game for b in boards(store, t.id)]
    numbers = [e.number for e in people]
    ranked = rules.standings(numbers, games)
    by_number = {e.number: e for e in people}
    lines = tuple((place, by_number[s.player], s) for place, s in enumerate(ranked, 1))
    return Table(lines, rules.crosstable(numbers, games))


def points(value: float) -> str:
    """2, 1½, ½, 2¾: a score or tie-break as a crosstable writes it (in quarters)."""
    whole = int(value + 1e-9)
    part = {0: "", 1: "¼", 2: "½", 3: "¾"}[round((value - whole) * 4) % 4]
    return (str(whole) if whole or not part else "") + part


def standings_text(store: Store, t: TournamentRow) -> str:
    """The standings and crosstable as mail and Discord show them (monospaced)."""
    shown = table(store, t)
    state = {"joining": "taking entries", "playing": f"round {t.round} of {t.rounds}",
             "over": "over"}[t.phase]  # fmt: skip
    lines = [f"Tournament {t.name}: {t.describe()}; {state}."]
    if not shown.lines:
        return lines[0] + "\nNobody has entered yet."
    lines.append(f"{'#':>2} {'Player':<20} {'Pts':>4} {'Buch':>5} {'S-B':>5}  " + " ".join(
        f"{place:>3}" for place, _, _ in shown.lines))  # fmt: skip
    for place, e, s in shown.lines:
        cells = " ".join(
            f"{'X' if o.number == e.number else shown.cross.get((e.number, o.number), ''):>3}"
            for _, o, _ in shown.lines
        )
        left = " (withdrew)" if e.withdrawn is not None else ""
        lines.append(
            f"{place:>2} {(e.name + left)[:20]:<20} {points(s.score):>4} {points(s.buchholz):>5} "
            f"{points(s.sonneborn_berger):>5}  {cells}"
        )
    lines.append(TIE_BREAKS)
    return "\n".join(lines)


TIE_BREAKS = (
    "Order: points, then Buchholz (Buch: the opponents' points), then Sonneborn-Berger (S-B: "
    "the points of those beaten and half of those drawn with); + and - a forfeit, won or lost; "
    "a bye or forfeit counts in points, never in a tie-break."
)
