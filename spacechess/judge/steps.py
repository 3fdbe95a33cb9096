"""What the judge asks of a game of Space Chess (pbem.kinds.kindparts.Steps): no set-up, a turn a
side by `orders`, its views, its end, and its own `draw`, `observe` and `help`;
join, resign, cancel and rematch run in the core."""

from __future__ import annotations

import spacechess.judge.end as end
import spacechess.judge.guide as guide
import spacechess.judge.setup as setup
import spacechess.judge.turns as turns
import spacechess.judge.views as views
from pbem.kinds.kindparts import Steps
from pbem.steps.ticks import missing_seats

STEPS = Steps(
    create=setup.create,
    join=setup.join,
    setup_word="",
    setup=setup.no_setup,
    submit=turns.submit,
    missing=missing_seats,
    resolve=turns.resolve,
    status=views.status,
    history=views.history,
    end=end.end,
    resign_outcome=end.resign_outcome,
    resigned_said="The whole record goes to everyone.",
    cancelled_said="the record goes to its players.",
    cancel_terms={"termination": "abandoned"},
    process=turns.process,
    tick=turns.tick_game,
    own={
        "draw": end.draw,
        "observe": views.observe,
        "help": guide.show_help,
    },
)
