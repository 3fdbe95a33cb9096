"""One ladder player for a mail address and a Discord member, linked by a one-time code: the
code is mailed to the address (`link` by mail) and entered by the member (`link CODE` in
Discord), so a link needs both the mailbox and the Discord account, never one's word alone.

A mail's From can be forged, but the code goes to the real mailbox, and only a Discord
account the front end has proved can enter it. A code lasts a day and works once; the store
keeps only its hash. docs/commands.md ("The ladder") tells players how.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from datetime import datetime, timedelta

from pbem.club.ladder import GAME_NAMES, identity, rating_of
from pbem.storage.store import Store, from_text, to_text

CODE_LIFETIME = timedelta(days=1)
DISCORD_PREFIX = "discord:"


class LinkRefused(ValueError):
    """A link the judge will not make: why and what to do instead, with the code entered."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.text = code
        self.position = 0


# Letters and digits that cannot be misread for each other (no 0/O, 1/I/L); never words, so
# the code is not taken for a password and masked in the very reply that gives it.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def _digest(code: str) -> str:
    cleaned = "".join(c for c in code.upper() if c.isalnum())
    return hashlib.sha256(cleaned.encode()).hexdigest()


def new_code(store: Store, address: str, now: datetime, rng: random.Random | None = None) -> str:
    """A fresh one-time code for a mail address (any earlier one of the address stops):
    twelve characters (about 59 bits), from `secrets` unless a seeded rng is passed (tests)."""
    chooser = rng if rng is not None else secrets.SystemRandom()
    letters = "".join(chooser.choice(CODE_LETTERS) for _ in range(12))
    code = "-".join(letters[i : i + 4] for i in range(0, 12, 4))
    store.connection.execute("DELETE FROM link_codes WHERE address = ?", (address,))
    store.connection.execute(
        "INSERT INTO link_codes (code, address, created_at) VALUES (?, ?, ?)",
        (_digest(code), address, to_text(now)),
    )
    return code


def link(store: Store, member: str, code: str, now: datetime) -> str:
    """Link the mail address the code was mailed to with the Discord member entering it;
    the address linked. Raises LinkRefused with the reason."""
    row = store.connection.execute(
        "DELETE FROM link_codes WHERE code = ? RETURNING address, created_at", (_digest(code),)
    ).fetchone()
    if row is None:
        raise LinkRefused(
            "that code is not one the judge mailed, or it was used already: send `link` by "
            "mail from your address for a new one",
            code,
        )
    address, made = str(row["address"]), from_text(row["created_at"])
    if made is None or now - made > CODE_LIFETIME:
        raise LinkRefused(
            "that code is more than a day old: send `link` by mail for a new one", code
        )
    if identity(store, address) == member:
        return address
    both = [
        name
        for key, name in GAME_NAMES.items()
        if rating_of(store, key, address) is not None and rating_of(store, key, member) is not None
    ]
    if both:
        raise LinkRefused(
            f"{address} and your Discord account both have ratings on the "
            f"{' and '.join(both)} ladder; a link would have to drop one of them, so the "
            "judge keeps them apart (a judge keeper can merge them by hand)",
            code,
        )
    # The address's ratings, if any, become the member's: one player from now on.
    store.connection.execute("UPDATE ratings SET player = ? WHERE player = ?", (member, address))
    store.connection.execute(
        "INSERT INTO identity_links (address, identity, linked_at) VALUES (?, ?, ?) "
        "ON CONFLICT (address) DO UPDATE SET identity = excluded.identity, "
        "linked_at = excluded.linked_at",
        (address, member, to_text(now)),
    )
    return address


def linked_addresses(store: Store, member: str) -> list[str]:
    rows = store.connection.execute(
        "SELECT address FROM identity_links WHERE identity = ? ORDER BY address", (member,)
    ).fetchall()
    return [str(r[0]) for r in rows]


def is_member(address: str) -> bool:
    return address.startswith(DISCORD_PREFIX)
