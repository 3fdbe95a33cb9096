"""The judge's own name, as its mail subjects and tags carry it: the project's name, which is
also its first game's. Here it names the judge, never a game (a game's words come from its
kind, pbem.kinds.kindparts), so the layout test lets this one module spell it."""

from __future__ import annotations

NAME = "Spaceships"  # `Spaceships alpha: turn 3 results`, the judge's own subject lines
TAG = NAME.lower()  # `[spaceships]` before a subject, `spaceships alpha:` read back
