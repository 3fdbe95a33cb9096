"""What every game's replay maker shares (a game's `replay` in its kind): the labels of the
views, the name the page offers the record under, and an unreadable record's error."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import PurePath

from notation.errors import NotationError, NotationErrors
from pbem.replay.frames import PUBLIC, REVEAL, VIEW_ORDER, Replay, ReplayError

# A game's maker: (record text, the views asked for or None for every view of a finished
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


def file_name(path: str, default: str) -> str:
    """The name the page offers the record under: the record's own, when it has one."""
    name = PurePath(path).name
    return name if name.endswith((".ssr", ".sbr", ".txt")) else default


def unreadable(exc: NotationError | NotationErrors, path: str) -> ReplayError:
    """A record that does not read, said as its first error, with where and a hint."""
    first = exc.errors[0] if isinstance(exc, NotationErrors) else exc
    return ReplayError(
        f"the record cannot be read: {first.message}",
        path,
        first.line,
        hint=first.hint or f"`spaceships validate {path}` lists every problem",
    )
