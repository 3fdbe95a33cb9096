"""Spaceships as a game the judge hosts: its GameKind, built from this package's modules
(its judge side by mail and Discord; registered in pbem.registry)."""

from __future__ import annotations

import spaceships.judge.views as render
from notation.spaceships.sniff import spaceships_lines
from pbem.gamekinds import GameKind
from pbem.ladder import score_of
from pbem.ratings import Rating
from pbem.sights import Setting
from pbem.ticks import missing_seats
from spaceships.computer.player import DEFAULT_LEVEL, LEVELS, level_named
from spaceships.engine.rulesets import RULESETS
from spaceships.judge import end as mastering
from spaceships.judge import games, guide, matches, onlookers, show, ticks
from spaceships.judge import setup as lobby
from spaceships.judge import turns as play
from spaceships.judge.computer import seat_computer
from spaceships.judge.replay import replay_record

GAME = GameKind(
    name="spaceships",
    create=lobby.create,
    join=lobby.join,
    setup_word="fleet",
    setup=play.submit_fleet,
    submit=play.submit_orders,
    missing=missing_seats,
    resolve=games.adjudicate_turn,
    status=lobby.status,
    history=lobby.history,
    resign=play.resign,
    process=mastering.process,
    cancel=mastering.cancel,
    tick=ticks.tick_game,
    own={"endmatch": play.COMMANDS["endmatch"]},
    decorate=show.decorate,
    picture=show.picture,
    actions=show.actions,
    form=show.form,
    open_turn=show.open_turn,
    turn_name=show.turn_name,
    command_text=show.command_text,
    history_file=show.history_file,
    private_results=True,
    mail_pictures=False,
    title="Spaceships",
    words=("spaceships",),
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
    create_usage=(
        "spaceships (the default): vs computer [LEVEL], ruleset 2.6.1|classic,",
        "options fleet=cost:24 colours=RYGOB ..., match=scored|continued games=3",
        "(or score=N, wins=N, end=agreed) build=... for Spaceships",
    ),
    help_topics=guide.HELP_TOPICS,  # Discord's alone: by mail, the commands' own help
    rematch_settings=lobby.rematch_settings,
    settings=(
        Setting(
            "ruleset", "2.6.1 (default) or classic", (("2.6.1", "2.6.1"), ("classic", "classic"))
        ),
    ),
    describe_settings=lobby.describe_settings,
    record_suffix=".ssr",
    sniff=spaceships_lines,
    replay=replay_record,
    public_record=onlookers.public_record,
    texts={
        "thread": "Spaceships {game}",
        "setup_who": "**{game}**: {a} against {b}.",
        "resigned": "both fleets are revealed",
    },
    public_texts=onlookers.public_texts,
    setup_lines=guide.setup_lines,
    challenge_words=guide.describe_settings,
    match_game_of=matches.game_of_message,
)
