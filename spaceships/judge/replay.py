"""The frames of a Spaceships record, a single game or a whole match: each turn's boards as
spaceships.pictures.boards draws them, built from the engine's views only [1.4], per view the reader
may have (a side, the public, the reveal once the game is over [1.4.1])."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from notation.errors import NotationError, NotationErrors
from notation.spaceships.matches import MatchRecord, parse_any
from notation.spaceships.records import LAST_TURN, Record
from pbem.replay.frames import PUBLIC, REVEAL, Frame, GridBoard, Pieces, Replay, ReplayError, Shown
from pbem.replay.making import file_name, unreadable, view_labels
from spaceships import engine
from spaceships.engine import GameState
from spaceships.engine.game import record_ruleset, start_record, turn_lines, turn_orders
from spaceships.engine.match import MatchError
from spaceships.engine.match_game import play_match
from spaceships.engine.problems import FleetRefused, OrdersRefused, RulesetError
from spaceships.engine.reports import Entry
from spaceships.engine.state import other
from spaceships.pictures.boards import observer_boards, player_boards, umpire_boards
from spaceships.pictures.draw import KEYS, Board
from spaceships.pictures.parts import OUTLINE, board_pieces, tile_png

SEATS = ("A", "B")
# The page's key shows a sample mark and its meaning; the pictures' key also says what the
# opponent knows of the cell, which the replay's boards do not draw.
PIECES = Pieces(
    {style: tuple((mark, meaning) for mark, _known, meaning in key) for style, key in KEYS.items()},
    tile_png,  # type: ignore[arg-type]  # a style is one of the pictures' Style names
    board_pieces,
    OUTLINE,
)


def names_of(record: Record | MatchRecord) -> dict[str, str]:
    return {seat: value for seat, value in record.tags if seat in SEATS}


def _name(names: Mapping[str, str], seat: str) -> str:
    return f"{names[seat]} ({seat})" if seat in names else f"Player {seat}"


def refused(exc: Exception, path: str) -> ReplayError:
    """A record the rules refuse, said as the record commands say it."""
    problems = getattr(exc, "problems", None)
    text = "; ".join(str(p) for p in problems) if problems else str(exc)
    return ReplayError(
        f"the record cannot be played: {text}",
        path,
        hint=f"`spaceships validate {path}` lists every problem with its rule",
    )


def game_states(record: Record, carried: dict[str, int] | None, path: str) -> list[GameState]:
    """The state after setup and after each turn the record plays."""
    try:
        _, state = start_record(record, carried)
        states = [state]
        lines = turn_lines(record)
        while not state.over and state.turn <= record.last_turn:
            checked_a = turn_orders(record, state, "A", lines)
            checked_b = turn_orders(record, state, "B", lines)
            state, _ = engine.adjudicate(state, checked_a, checked_b)
            states.append(state)
    except (FleetRefused, OrdersRefused, RulesetError) as exc:
        raise refused(exc, path) from None
    return states


def _entries(entries: tuple[Entry, ...]) -> list[str]:
    return ["  " + e.describe() for e in entries] or ["  no actions"]


def _result_line(state: GameState, names: Mapping[str, str], termination: str | None) -> str:
    result = state.result
    if not state.over or result is None:
        return f"Game over: {termination}." if termination else ""
    if result.winner in SEATS:
        head = f"{_name(names, result.winner)} wins"
    else:
        head = "the game is a draw"
    if result.score:
        # The winner's score first, as the judge's mail says it: "B wins, 22 to 0".
        first, second = ("B", "A") if result.winner == "B" else ("A", "B")
        head += f", {result.score[first]} to {result.score[second]}"
    return f"Game over after turn {result.turn}: {head} [2.3]."


def _lines(
    state: GameState, view: str, names: Mapping[str, str], end: str | None
) -> tuple[str, ...]:
    """The last turn's actions and results as `view` reads them: a side its own orders as
    written and every visible aspect; the public the visible aspects alone; the reveal both
    players' orders too."""
    if not state.history:
        lines = ["The fleets are placed; no turn played yet."]
    else:
        played = state.history[-1]
        report = played.report
        lines = []
        for seat in (report.first, other(report.first)):
            who = "You" if view == seat else _name(names, seat)
            if view in (seat, REVEAL):
                written = " ".join(str(o) for o in played.orders(seat).written)
                lines.append(f"{who}: orders {written or '(no actions)'}")
            else:
                lines.append(f"{who}:")
            lines += _entries(report.entries(seat))
    if end:
        lines.append(end)
    return tuple(lines)


def _boards(state: GameState, view: str, names: Mapping[str, str]) -> list[Board]:
    if view == REVEAL:
        return umpire_boards(state, names)
    if view == PUBLIC:
        return observer_boards(engine.observer_view(state), names)
    return player_boards(engine.player_view(state, view), names)


def _grid(board: Board, before: GridBoard | None) -> GridBoard:
    marks = tuple(sorted((str(c), m) for c, m in board.marks.items() if m != "."))
    old = dict(before.marks) if before is not None else {}
    new = dict(marks)
    changed = tuple(sorted(c for c in set(old) | set(new) if old.get(c) != new.get(c)))
    return GridBoard(board.title, board.style, marks, changed if before is not None else ())


def game_frames(
    states: Sequence[GameState],
    views: Sequence[str],
    names: Mapping[str, str],
    termination: str | None,
    prefix: str = "",
    label: str = "",
) -> list[Frame]:
    """One frame per state; `prefix` and `label` tell a match's games apart."""
    frames = []
    before: dict[str, tuple[GridBoard, ...]] = {}
    for i, state in enumerate(states):
        last = i == len(states) - 1
        end = _result_line(state, names, termination) if last else None
        shown = {}
        for view in views:
            old = before.get(view, ())
            boards = tuple(
                _grid(board, old[k] if k < len(old) else None)
                for k, board in enumerate(_boards(state, view, names))
            )
            before[view] = boards
            changed = sorted({c for b in boards for c in b.changed})
            said = (f"Marked: {len(changed)} cells changed this turn.",) if changed else ()
            shown[view] = Shown(_lines(state, view, names, end), boards, changed=said)
        step = "setup" if i == 0 else f"turn-{i}"
        frames.append(Frame(f"{prefix}{step}", label + ("Setup" if i == 0 else f"Turn {i}"), shown))
    return frames


def is_finished(record: Record, states: Sequence[GameState]) -> bool:
    """Over by the rules [2.3], or ended another way (a resignation: its Termination tag)."""
    return states[-1].over or record.tag("Termination") is not None


def single_frames(
    record: Record, views: Sequence[str] | None, path: str
) -> tuple[list[Frame], tuple[str, ...], bool]:
    """A single game's frames, the views given (None: every view a finished game has), and
    whether the game is finished."""
    if len(record.fleets) == 1:
        (owner,) = record.fleets
        raise ReplayError(
            f"a player's own record (only {owner}'s fleet): a replay needs both fleets, as the "
            "record the judge sends at the end has them [2.1]",
            path,
            hint=f"`spaceships show {path} --player {owner} --turn N` draws {owner}'s view",
        )
    states = game_states(record, None, path)
    finished = is_finished(record, states)
    views = _allowed(views, finished, path)
    names = names_of(record)
    frames = game_frames(states, views, names, record.tag("Termination"))
    return frames, tuple(views), finished


def match_frames(
    match: MatchRecord, views: Sequence[str] | None, path: str
) -> tuple[list[Frame], tuple[str, ...], bool]:
    """A match's games one after another (`game-2-turn-5`), each game carrying what the last
    left [10.3]."""
    try:
        played = play_match(match)
    except (FleetRefused, OrdersRefused, RulesetError, MatchError) as exc:
        raise refused(exc, path) from None
    games = [
        (game_round.record, game_states(game_round.record, carry, path))
        for game_round, carry in zip(match.rounds, played.carried, strict=False)
    ]
    # Each game was revealed whole at its end [1.4.1]: a match whose every game has ended
    # (one the players ended by agreement too [9.3]) hides nothing more.
    finished = played.over or all(is_finished(record, states) for record, states in games)
    views = _allowed(views, finished, path)
    frames: list[Frame] = []
    for n, (record, states) in enumerate(games, 1):
        names = names_of(record) or names_of(match)
        frames += game_frames(
            states, views, names, record.tag("Termination"), f"game-{n}-", f"Game {n}, "
        )
    return frames, tuple(views), finished


def _allowed(views: Sequence[str] | None, finished: bool, path: str) -> list[str]:
    if views is None:
        if not finished:
            raise ReplayError(
                "the game is still in play, so its replay shows one reader's view only [1.4]",
                path,
                hint="say whose replay it is: --as A, --as B or --as public",
            )
        return [REVEAL, "A", "B", PUBLIC]
    return list(views)


def replay_record(text: str, views: Sequence[str] | None, path: str) -> Replay:
    """A Spaceships record's replay (a single game or a match), holding `views` only (None:
    every view, for a finished game)."""
    try:
        record = parse_any(text)
    except (NotationError, NotationErrors) as exc:
        raise unreadable(exc, path) from None
    games = [r.record for r in record.rounds] if isinstance(record, MatchRecord) else [record]
    far = next((x for g in games if (x := g.too_far()) is not None), None)
    if far is not None:
        raise ReplayError(
            f"turn {far.turn}: no game runs that long (a replay plays at most {LAST_TURN} turns)",
            path,
            line=far.position.line if far.position is not None else None,
            hint="is the turn number a slip?",
        )
    if isinstance(record, MatchRecord):
        frames, shown, finished = match_frames(record, views, path)
        colours = record.rounds[0].record if record.rounds else None
        kind, title = "match", record.tag("Game") or record.tag("Event") or "Spaceships match"
        if not frames:
            raise ReplayError(
                "the match record holds no game to step through",
                path,
                hint='a match record has each game under its `[Round "N"]` tag',
            )
    else:
        frames, shown, finished = single_frames(record, views, path)
        colours = record
        kind, title = "game", record.tag("Game") or record.tag("Event") or "Spaceships"
    colour_order = record_ruleset(colours).colour_order if colours is not None else "ROYGB"
    names = names_of(record)
    return Replay(
        f"spaceships-{kind}",
        f"{title}: {names.get('A', 'A')} v {names.get('B', 'B')}",
        view_labels(shown, names),
        tuple(frames),
        colour_order,
        # Only a page of every view holds the record: in play, or a page for one reader, the
        # record would hold what that reader may not see.
        text if finished and views is None else None,
        file_name(path, "game.ssr"),
        pieces=PIECES,
        ended=_ended_off_the_board(record, frames),
    )


def _ended_off_the_board(record: Record | MatchRecord, frames: Sequence[Frame]) -> str | None:
    """How a single game ended when not by the rules [2.3] (its Termination tag: a
    resignation, a deadline), for the page's last step; None when its last turn decided it."""
    termination = None if isinstance(record, MatchRecord) else record.tag("Termination")
    if not termination or not frames:
        return None
    last = [line for shown in frames[-1].views.values() for line in shown.lines]
    if any(line.startswith("Game over after turn") for line in last):
        return None
    return f"The game ended off the board, not by the last turn's play: {termination}."
