"""One answer for a fleet typed in lower case: the fleet written in capitals, and what it reads as.

Every front end (mail, Discord, `spaceships play`) says it the same way: one paragraph with the
fleet corrected, instead of an error a word."""

from __future__ import annotations

from dataclasses import dataclass

from notation.errors import NotationError
from notation.spaceships.fleets import Fleet
from notation.spaceships.hints import in_written_case
from notation.spaceships.parse import parse_fleet

WRITTEN_IN_CAPITALS = (
    "Colours and ship codes are written in capitals: a cell is a colour R O Y G B, a "
    "letter v-z and a number 1-5 (Rv1) [11.4]; a ship is its type code (DS, FS2) [11.6]."
)


@dataclass(frozen=True)
class InCapitals:
    """A fleet text written in capitals: the fleet it reads as, or the errors still left."""

    text: str
    fleet: Fleet | None
    left: NotationError | None


def fleet_in_capitals(text: str, error: NotationError, colour_order: str) -> InCapitals | None:
    """`text`, which failed to read with `error`, written in capitals; None when capitals
    change nothing or leave as many errors (then the errors themselves say more)."""
    written = in_written_case(text)
    if written == text:
        return None
    try:
        return InCapitals(written, parse_fleet(written, colour_order), None)
    except NotationError as left:
        if len(left.errors) >= len(error.errors):
            return None
        return InCapitals(written, None, left)
    except ValueError:
        return None
