"""Spaceship Battles as a game the judge hosts: its GameKind, built from this package's
modules (its judge side by mail and Discord; registered in pbem.registry)."""

from __future__ import annotations

from battles.computer import LEVEL
from battles.judge import computer, end, guide, onlookers, setup, show, turns, views
from battles.judge.replay import replay_record
from battles.judge.rows import GAME as KEY
from battles.judge.rows import X_DESCRIPTIONS
from notation.battles.sniff import battle_lines
from pbem.gamekinds import GameKind
from pbem.ratings import Rating
from pbem.sights import Setting
from pbem.store import GameRow, Store
from pbem.ticks import missing_seats


def _phase_text(game: GameRow) -> str | None:
    """A battle waits for designs, not fleets."""
    return "waiting for designs" if game.phase == "setup" else None


def _no_more(store: Store, old: GameRow, new: GameRow) -> None:
    """A battle's settings are all in its game row: a rematch copies nothing more."""


GAME = GameKind(
    name=KEY,
    create=setup.create,
    join=setup.join,
    setup_word="design",
    setup=setup.submit_design,
    submit=turns.submit_orders,
    missing=missing_seats,
    resolve=turns.resolve,
    status=views.status,
    history=views.history,
    resign=end.resign,
    process=turns.process,
    cancel=end.cancel,
    tick=turns.tick_game,
    decorate=show.decorate,
    picture=show.picture,
    actions=show.actions,
    form=show.form,
    open_turn=show.open_turn,
    turn_name=show.turn_name,
    command_text=show.command_text,
    history_file=show.history_file,
    private_results=False,
    mail_pictures=True,
    title="Spaceship Battles",
    words=("battles", "battle", "spaceship-battles"),
    rulesets=KEY.__eq__,
    levels=(LEVEL,),
    default_level=LEVEL,
    level_named=computer.level_named,
    seat_computer=computer.seat_level,
    # As `python bench/ladder.py levels` measured it (20 battles; docs/readings.md).
    computer_ratings={LEVEL: Rating(2011, 338)},
    score=end.battle_score,
    rules_text=lambda game: "Spaceship Battles",
    phase_text=_phase_text,
    deadline_phases="the designs, then each movement and fire phase",
    observe_text="you will receive each phase resolved, with every die",
    create_usage=(
        "battles budget=300 turns=20 x=reach|missile|best for Spaceship Battles",
        "(battles vs computer for a battle against the computer)",
        "(`help battles`: designs, orders and the tables).",
    ),
    help_topics=dict.fromkeys(("battles", "battle", "spaceship battles"), guide.battle_guide),
    rematch_settings=_no_more,
    settings=(
        Setting(
            "budget", "battles: the most each side's ships may cost (default 300)", number=True
        ),
        Setting(
            "turns",
            "battles: the last turn; then the side that destroyed more wins (default: none)",
            number=True,
        ),
        Setting(
            "x",
            "battles: how the Gun/Missile X fires (default reach; reading R5)",
            tuple(
                (f"{key}: {text.rpartition(' (')[0]}", key) for key, text in X_DESCRIPTIONS.items()
            ),
        ),
    ),
    describe_settings=lambda settings: "",
    record_suffix=".sbr",
    sniff=battle_lines,
    replay=replay_record,
    public_record=onlookers.public_record,
    texts=show.TEXTS,
    public_texts=onlookers.public_texts,
    setup_lines=guide.setup_lines,
)
