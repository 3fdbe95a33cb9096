"""Space Go's record for the club page, and its words in Discord."""

from __future__ import annotations

from pbem.kinds.kindparts import Records
from pbem.storage.store import GameRow, Store
from space_go.judge.rows import board_of, board_text


def public_record(store: Store, game: GameRow) -> str | None:
    return None if game.phase == "joining" else board_text(board_of(game))


RECORDS = Records(
    record_suffix=".sgo",
    public_record=public_record,
    board_words="the board",
    orders_example="c3",
    texts={"thread": "Go {game}"},
)
