"""Who Space Go is: its title and words, no computer, its ladder, its one setting."""

from __future__ import annotations

from pbem.club import ladder
from pbem.kinds.kindparts import About
from pbem.sights import Setting
from space_go.judge.rows import KEY, TITLE


def _no_computer(*args: object) -> str:
    raise ValueError(f"{TITLE} has no computer player yet")


ABOUT = About(
    title=TITLE,
    words=(KEY, "space-go"),
    rulesets=KEY.__eq__,
    levels=(),
    default_level=None,
    level_named=_no_computer,
    seat_computer=_no_computer,
    computer_ratings={},
    score=ladder.score_of,
    rules_text=lambda game: f"{TITLE} (5x5)",
    phase_text=lambda game: None,
    deadline_phases="each turn",
    observe_text="after each turn you will receive the board",
    waits_for="players",
    resolved="the turn is played",
    create_usage=(f"{KEY} size=5 for {TITLE}",),
    synopsis={},
    help_topics={KEY: lambda front_end: f"{TITLE}, the whole game by {front_end}."},
    rematch_settings=lambda store, old, new: None,
    settings=(Setting("size", f"{KEY}: the board's size (5 only, so far)", (("5x5", "5"),)),),
    describe_settings=lambda settings: "",
)
