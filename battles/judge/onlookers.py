"""What an onlooker may have of a battle on asking (the club page): what `status` and
`history` say by mail to an observer, and the record a replay is made from: with the dice
seed only once over (reading R13), every side's the same (R16)."""

from __future__ import annotations

import battles.judge.rows as rows
import battles.judge.views as views
from notation.battles.records import format_record
from pbem.storage.store import GameRow, Store


def public_texts(store: Store, game: GameRow, missing: list[str]) -> tuple[str, str]:
    """(status, history) as an observer gets them."""
    return views.status_text(game, store.players(game.id), missing), views.history_text(game)


def public_record(store: Store, game: GameRow) -> str | None:
    """The record so far (the whole one, with its seed, once over); None before the start."""
    if game.state is None:
        return None
    if game.phase == "over":
        return format_record(rows.final_record(game, game.outcome or {})[0])
    return format_record(rows.record_of(game))
