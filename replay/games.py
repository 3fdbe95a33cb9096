"""Which game a record is for and how it becomes a replay: one entry a game in GAMES, so
adding a game (Space Chess) is adding its entry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import PurePath

from battles.parse import parse_record as parse_battle
from battles.replay_frames import battle_frames
from kit.errors import NotationError, NotationErrors
from replay.frames import PUBLIC, REVEAL, VIEW_ORDER, Replay, ReplayError
from spaceships.engine.game import record_ruleset
from spaceships.notation.matches import MatchRecord, parse_any
from spaceships.notation.records import LAST_TURN
from spaceships.notation.sniff import BATTLES, SPACESHIPS, which_game
from spaceships.replay import PIECES, match_frames, names_of, single_frames

# A game's entry: (record text, the views asked for or None for every view of a finished
# game, the record's path for messages) -> the replay.
MakeReplay = Callable[[str, Sequence[str] | None, str], Replay]


def view_labels(views: Sequence[str], names: dict[str, str]) -> tuple[tuple[str, str], ...]:
    labels = {
        REVEAL: "Everything (the reveal)",
        PUBLIC: "Onlookers (what both players saw)",
    }
    for seat in ("A", "B"):
        who = f"{names[seat]} ({seat})" if seat in names else f"Player {seat}"
        labels[seat] = f"{who}: what they knew"
    return tuple((v, labels[v]) for v in VIEW_ORDER if v in views)


def _file_name(path: str, default: str) -> str:
    """The name the page offers the record under: the record's own, when it has one."""
    name = PurePath(path).name
    return name if name.endswith((".ssr", ".sbr", ".txt")) else default


def _unreadable(exc: NotationError | NotationErrors, path: str) -> ReplayError:
    first = exc.errors[0] if isinstance(exc, NotationErrors) else exc
    return ReplayError(
        f"the record cannot be read: {first.message}",
        path,
        first.line,
        hint=first.hint or f"`spaceships validate {path}` lists every problem",
    )


def spaceships_replay(text: str, views: Sequence[str] | None, path: str) -> Replay:
    try:
        record = parse_any(text)
    except (NotationError, NotationErrors) as exc:
        raise _unreadable(exc, path) from None
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
        _file_name(path, "game.ssr"),
        pieces=PIECES,
    )


def battles_replay(text: str, views: Sequence[str] | None, path: str) -> Replay:
    # `views` makes no difference: every side sees the same map (open information, R16).
    try:
        record = parse_battle(text)
    except (NotationError, NotationErrors) as exc:
        raise _unreadable(exc, path) from None
    frames, over = battle_frames(record, path)
    title = record.tag("Event") or record.tag("Game") or "Spaceship Battles"
    return Replay(
        "battles",
        title,
        ((PUBLIC, "Everyone (a battle is open information)"),),
        tuple(frames),
        None,
        text if over and views is None else None,
        _file_name(path, "battle.sbr"),
        "spaceships battles play",
    )


GAMES: dict[str, MakeReplay] = {SPACESHIPS: spaceships_replay, BATTLES: battles_replay}


def replay_of_text(text: str, views: Sequence[str] | None = None, path: str = "record") -> Replay:
    """The replay of a record's text, holding `views` only (None: every view, for a finished
    game; a game in play needs one)."""
    game = which_game(text) or SPACESHIPS
    if (
        game not in GAMES
    ):  # a game the judge knows (spaceships.notation.sniff) without replay pages yet
        raise ReplayError(
            f"this is a {game} record: replay pages are made for {' and '.join(GAMES)} "
            "records only, so far",
            path,
        )
    return GAMES[game](text, views, path)
