"""What the judge asks of a battle (pbem.kinds.kindparts.Steps): its set-up by designs, orders per
phase, resolving a phase, its views and its end; join, resign and cancel run in the core."""

from __future__ import annotations

import battles.judge.end as end
import battles.judge.setup as setup
import battles.judge.turns as turns
import battles.judge.views as views
from pbem.kinds.kindparts import Steps
from pbem.steps.ticks import missing_seats

STEPS = Steps(
    create=setup.create,
    join=setup.join,
    setup_word="design",
    setup=setup.submit_design,
    submit=turns.submit_orders,
    missing=missing_seats,
    resolve=turns.resolve,
    status=views.status,
    history=views.history,
    end=end.end,
    resign_outcome=end.resign_outcome,
    resigned_said="The whole record, with the dice seed, goes to everyone.",
    cancelled_said="the record goes to its players.",
    process=turns.process,
    tick=turns.tick_game,
)
