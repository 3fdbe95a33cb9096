"""Who Spaceship Battles is to the judge and its front ends (pbem.kinds.kindparts.About): its title
and words, its computer, how a battle scores on the ladder, its settings and its help."""

from __future__ import annotations

import battles.judge.computer as computer
import battles.judge.end as end
import battles.judge.guide as guide
from battles.computer import LEVEL
from battles.judge.rows import GAME as KEY
from battles.judge.rows import X_DESCRIPTIONS
from pbem.club.ratings import Rating
from pbem.kinds.kindparts import About
from pbem.sights import Setting
from pbem.storage.store import GameRow, Store

TITLE = "Spaceship Battles"


def _phase_text(game: GameRow) -> str | None:
    """A battle waits for designs, not fleets."""
    return "waiting for designs" if game.phase == "setup" else None


def _no_more(store: Store, old: GameRow, new: GameRow) -> None:
    """A battle's settings are all in its game row: a rematch copies nothing more."""


ABOUT = About(
    title=TITLE,
    words=(KEY, "battle", "spaceship-battles"),
    rulesets=KEY.__eq__,
    levels=(LEVEL,),
    default_level=LEVEL,
    level_named=computer.level_named,
    seat_computer=computer.seat_level,
    # As `python bench/ladder.py levels` measured it (20 battles; docs/readings.md).
    computer_ratings={LEVEL: Rating(2011, 338)},
    score=end.battle_score,
    rules_text=lambda game: TITLE,
    phase_text=_phase_text,
    deadline_phases="the designs, then each movement and fire phase",
    observe_text="you will receive each phase resolved, with every die",
    waits_for="designs",
    resolved="the phase is resolved",
    create_usage=(
        f"{KEY} budget=300 turns=20 x=reach|missile|best for {TITLE}",
        f"({KEY} vs computer for a battle against the computer)",
        f"(`help {KEY}`: designs, orders and the tables).",
    ),
    synopsis={"design": f"then your ships ({TITLE}), to a blank line"},
    details=guide.DETAILS,
    guide=guide.MAIL_GUIDE,
    help_topics=dict.fromkeys((KEY, "battle", TITLE.lower()), guide.battle_guide),
    rematch_settings=_no_more,
    settings=(
        Setting("budget", f"{KEY}: the most each side's ships may cost (default 300)", number=True),
        Setting(
            "turns",
            f"{KEY}: the last turn; then the side that destroyed more wins (default: none)",
            number=True,
            most=1000,
        ),
        Setting(
            "x",
            f"{KEY}: how the Gun/Missile X fires (default reach; reading R5)",
            tuple(
                (f"{key}: {text.rpartition(' (')[0]}", key) for key, text in X_DESCRIPTIONS.items()
            ),
        ),
    ),
    describe_settings=lambda settings: "",
)
