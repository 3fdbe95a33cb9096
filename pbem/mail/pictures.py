"""Which pictures one mail carries: its reader's `pictures` setting (else the game's default),
and of the sights its message stands for, those the reader may see, each drawn once.

Made inside the transaction of the change the mail tells of, so the pictures show the game as
that change left it; one `MailPictures` serves every mail of that transaction, and a picture
is drawn once and its bytes shared by every reader of it (every observer gets the same public
board). The setting costs no statement of its own: the store keeps what the transaction read
with the game's players, observers and master (`Store.pictures_said`). Who may see a sight is
`pbem.kinds.shown.entitled`'s to say, checked for every reader of every picture [1.4].
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pbem.kinds.shown import Picture, entitled, kind_of, picture_for
from pbem.messages import Outbound
from pbem.storage.store import Store

log = logging.getLogger("pbem.mail")


class MailPictures:
    """`pictures(out, reader)`: the pictures of `out` for that reader's mail, in order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._drawn: dict[tuple[str, str], Picture | None] = {}

    def expect(self, outbound: Sequence[Outbound]) -> None:
        """Read the settings of every reader of these messages' pictures in one statement (at
        most: those the transaction read already cost none)."""
        readers = [to for out in outbound if out.sights and out.game for to in out.to]
        if readers:
            self.store.pictures_said(readers)

    def __call__(self, out: Outbound, reader: str) -> tuple[Picture, ...]:
        if not out.sights or out.game is None:
            return ()
        said = self.store.pictures_said([reader])[reader]
        if said is False:
            return ()  # asked for text only: not even the game is read
        game = self.store.seen_game(out.game)
        if game is None or not (said or kind_of(game).show.mail_pictures):
            return ()
        pictures = []
        for sight in out.sights:
            if not entitled(self.store, game, sight, reader):
                log.error("picture %s of %s withheld from %s: not theirs", sight, game.name, reader)
                continue
            key = (game.name.lower(), str(sight))
            if key not in self._drawn:
                self._drawn[key] = picture_for(self.store, game, sight, reader)
            picture = self._drawn[key]
            if picture is not None:
                pictures.append(picture)
        return tuple(pictures)
