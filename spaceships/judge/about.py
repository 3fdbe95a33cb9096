"""Who Spaceships is to the judge and its front ends (pbem.kinds.kindparts.About): its title and
words, its rulesets, its computer's levels and ratings, how a game scores, its settings and
its help."""

from __future__ import annotations

import spaceships.judge.guide as guide
import spaceships.judge.setup as lobby
import spaceships.judge.views as render
from pbem.club.ladder import score_of
from pbem.club.ratings import Rating
from pbem.kinds.kindparts import About
from pbem.sights import Setting
from spaceships.computer.player import DEFAULT_LEVEL, LEVELS, level_named
from spaceships.engine.rulesets import RULESETS
from spaceships.judge.computer import seat_computer

KEY = "spaceships"
TITLE = "Spaceships"

ABOUT = About(
    title=TITLE,
    words=(KEY,),
    rulesets=RULESETS.__contains__,
    levels=LEVELS,
    default_level=DEFAULT_LEVEL,
    level_named=level_named,
    seat_computer=seat_computer,
    # Each level's fixed rating and deviation, as `python bench/ladder.py levels` measured
    # them (120 games; docs/readings.md). `random` never won a game: its figure only says how
    # far below the others it is.
    computer_ratings={
        "random": Rating(28, 300),
        "hunt": Rating(1710, 217),
        "density": Rating(1960, 214),
        "expert": Rating(2232, 221),
    },
    score=score_of,
    rules_text=render.rules_text,
    phase_text=lambda game: None,
    deadline_phases="the fleets, then each turn",
    observe_text="after each turn you will receive what both players see",
    waits_for="fleets",
    resolved="the turn is adjudicated",
    create_usage=(
        f"{KEY} (the default): vs computer [LEVEL], ruleset 2.6.1|classic,",
        "options fleet=cost:24 colours=RYGOB ..., match=scored|continued games=3",
        f"(or score=N, wins=N, end=agreed) build=... for {TITLE}",
    ),
    synopsis={
        "fleet": "then your fleet (list or grids), up to a blank line",
        "endmatch": "ask to end a match after this game (both players)",
    },
    details=guide.DETAILS,
    help_topics=guide.HELP_TOPICS,  # Discord's alone: by mail, the commands' own help
    rematch_settings=lobby.rematch_settings,
    settings=(
        Setting(
            "ruleset", "2.6.1 (default) or classic", (("2.6.1", "2.6.1"), ("classic", "classic"))
        ),
    ),
    describe_settings=lobby.describe_settings,
)
