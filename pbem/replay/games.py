"""Which game a record is for and how it becomes a replay: each registered game scores how
much the text looks like its record and makes its replay (its kind's `sniff` and `replay`,
pbem.registry), so adding a game is its registry line."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.registry import kinds
from replay.frames import Replay, ReplayError
from replay.making import MakeReplay

__all__ = ["MakeReplay", "replay_of_text"]


def replay_of_text(text: str, views: Sequence[str] | None = None, path: str = "record") -> Replay:
    """The replay of a record's text, holding `views` only (None: every view, for a finished
    game; a game in play needs one)."""
    games = kinds()
    scores = [0 if kind.sniff is None else kind.sniff(text) for kind in games]
    most = max(scores)
    # Plainly one game's, or else the first game's (whose reader says what is wrong).
    found = games[scores.index(most)] if most and scores.count(most) == 1 else games[0]
    if found.replay is None:
        made = " and ".join(kind.title for kind in games if kind.replay is not None)
        raise ReplayError(
            f"this is a {found.title} record: replay pages are made for {made} records only, "
            "so far",
            path,
        )
    return found.replay(text, views, path)
