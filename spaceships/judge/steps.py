"""What the judge asks of a game of Spaceships (pbem.kinds.kindparts.Steps): its set-up by fleets,
orders each turn, adjudicating a turn, its views, its end and a match's `endmatch`; join,
resign and cancel run in the core."""

from __future__ import annotations

import spaceships.judge.end as mastering
import spaceships.judge.games as games
import spaceships.judge.setup as lobby
import spaceships.judge.ticks as ticks
import spaceships.judge.turns as play
from pbem.kinds.kindparts import Steps
from pbem.steps.ticks import missing_seats

STEPS = Steps(
    create=lobby.create,
    join=lobby.join,
    setup_word="fleet",
    setup=play.submit_fleet,
    submit=play.submit_orders,
    missing=missing_seats,
    resolve=games.adjudicate_turn,
    status=lobby.status,
    history=lobby.history,
    end=games.end_game,
    resign_outcome=play.resign_outcome,
    resigned_said="The whole game is revealed to both players.",
    cancelled_said="everything is revealed to its players.",
    process=mastering.process,
    tick=ticks.tick_game,
    own={"endmatch": play.COMMANDS["endmatch"]},
)
