"""Which game a record is for and how it becomes a replay: each registered game scores how
much the text looks like its record and makes its replay (its kind's `sniff` and `replay`,
pbem.registry), so adding a game is its registry line."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.registry import kinds, record_kind
from pbem.replay.frames import Replay, ReplayError
from pbem.replay.making import MakeReplay

__all__ = ["MakeReplay", "replay_of_text"]


def replay_of_text(text: str, views: Sequence[str] | None = None, path: str = "record") -> Replay:
    """The replay of a record's text, holding `views` only (None: every view, for a finished
    game; a game in play needs one)."""
    games = kinds()
    # Plainly one game's, or else the first game's (whose reader says what is wrong).
    found = record_kind(text) or games[0]
    if found.records.replay is None:
        made = " and ".join(kind.about.title for kind in games if kind.records.replay is not None)
        raise ReplayError(
            f"this is a {found.about.title} record: replay pages are made for {made} records only, "
            "so far",
            path,
        )
    return found.records.replay(text, views, path)
