"""A finished game's public board on the club page is its end, hidden ships revealed [1.4.1]
(issue 47, item 5), not space as both players knew it during play."""

from __future__ import annotations

from pathlib import Path

from web_support import fill

from pbem.kinds.shown import Sight, picture_for
from pbem.storage.store import open_store
from pbem.web.records import READER, board_png, game_page


def test_a_finished_spaceships_games_page_shows_the_surviving_ships(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "club.sqlite3"))
    try:
        fill(store)
        done, open_game = store.game("done", lock=False), store.game("open", lock=False)
        end = picture_for(store, done, Sight("end"), READER)
        now = picture_for(store, done, Sight("now"), READER)
        assert end is not None and now is not None and end.png != now.png
        assert board_png(store, done) == end.png  # the reveal, with B's ships that survived
        assert "revealed at the end" in game_page(store, done).board_words
        # A game in play still shows only what both players know [1.4].
        playing = picture_for(store, open_game, Sight("now"), READER)
        assert playing is not None and board_png(store, open_game) == playing.png
        assert "as both players know them" in game_page(store, open_game).board_words
    finally:
        store.close()
