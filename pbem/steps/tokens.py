"""API tokens (issue 46): `token NAME PASSWORD` issues a token that lets a program act for that
one seat (or the game master's place) through the web server's API; `token ... list` and
`token ... revoke PREFIX|all`; the token's holder read back for each API request.

A token is 160 random bits written as `sst_` and hexadecimal (nothing a reply's password mask
hides); the store keeps only its SHA-256 and its first 12 characters (to list and revoke it
by). It carries the stamp of the password it was issued under (pbem.steps.weblinks.stamp_of),
so a `newpassword` voids every token of that seat, as it ends the web sessions.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

from pbem.language.commands import Command
from pbem.registry import kind_of
from pbem.steps.desk import Desk, Refusal
from pbem.steps.passwords import check_password
from pbem.steps.weblinks import stamp_of
from pbem.storage.store import GameRow, Store, from_text, to_text

PREFIX = "sst_"
SHOWN = 12  # characters of a token its list shows and `revoke` takes: `sst_` and 8 hex
MASTER = "master"
MAX_LIVE = 20  # live tokens a seat may hold at once: a leak is revoked, not accumulated


@dataclass(frozen=True, slots=True)
class Holder:
    """Who a token acts for, as of now: the game, its seat (or MASTER) and the address."""

    game: GameRow
    seat: str
    address: str
    token_id: int


@dataclass(frozen=True, slots=True)
class Issued:
    prefix: str
    created_at: datetime
    revoked_at: datetime | None
    void: bool  # issued under an older password


def hashed(token: str) -> str:
    return hashlib.sha256(token.strip().encode()).hexdigest()


def password_of(store: Store, game: GameRow, seat: str) -> str | None:
    """The stored hash of the password of a seat (or the master's); None: no such seat."""
    if seat == MASTER:
        return game.master_password
    player = store.players(game.id).get(seat)
    return None if player is None else player.password


def issue(store: Store, game: GameRow, seat: str, address: str, now: datetime) -> str:
    """A new token for the seat (or MASTER) of `game`, held by `address`; kept hashed."""
    stored = password_of(store, game, seat)
    if stored is None:
        raise Refusal(f"game {game.name} has no seat {seat}")
    live = [t for t in tokens_of(store, game, seat) if t.revoked_at is None and not t.void]
    if len(live) >= MAX_LIVE:
        raise Refusal(
            f"this seat holds {MAX_LIVE} live tokens already: revoke some first "
            f"(`token {game.name} PASSWORD revoke all`)"
        )
    token = PREFIX + secrets.token_hex(20)
    store.connection.execute(
        "INSERT INTO api_tokens (hash, prefix, game_id, seat, address, stamp, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (hashed(token), token[:SHOWN], game.id, seat, address, stamp_of(stored), to_text(now)),
    )
    return token


def tokens_of(store: Store, game: GameRow, seat: str) -> list[Issued]:
    stamp = stamp_of(password_of(store, game, seat) or "")
    rows = store.connection.execute(
        "SELECT prefix, stamp, created_at, revoked_at FROM api_tokens "
        "WHERE game_id = ? AND seat = ? ORDER BY id",
        (game.id, seat),
    ).fetchall()
    return [
        Issued(
            row["prefix"],
            from_text(row["created_at"]),
            None if row["revoked_at"] is None else from_text(row["revoked_at"]),
            row["stamp"] != stamp,
        )
        for row in rows
    ]


def revoke(store: Store, game: GameRow, seat: str, which: str, now: datetime) -> int:
    """Revoke the seat's token whose list name is `which` (or every one: "all"); how many."""
    sql = "UPDATE api_tokens SET revoked_at = ? WHERE game_id = ? AND seat = ? "
    sql += "AND revoked_at IS NULL"
    params: tuple[object, ...] = (to_text(now), game.id, seat)
    if which != "all":
        sql += " AND prefix = ?"
        params += (which,)
    return len(store.connection.execute(sql + " RETURNING id", params).fetchall())


def holder(store: Store, token: str) -> Holder | None:
    """Who `token` acts for now; None when it is unknown, revoked, issued under a password
    that has changed since, or its seat has passed to another address."""
    if not token.startswith(PREFIX) or len(token) > 64:
        return None
    return _live(store, "hash = ?", hashed(token))


def holder_by_id(store: Store, token_id: int) -> Holder | None:
    """`holder` of the token with this row id: whether a stream's token still stands."""
    return _live(store, "id = ?", token_id)


def _live(store: Store, where: str, key: object) -> Holder | None:
    row = store.connection.execute(
        "SELECT id, game_id, seat, address, stamp FROM api_tokens "
        f"WHERE {where} AND revoked_at IS NULL",
        (key,),
    ).fetchone()
    if row is None:
        return None
    game = store.game_by_id(row["game_id"])
    stored = password_of(store, game, row["seat"])
    if stored is None or stamp_of(stored) != row["stamp"]:
        return None
    if row["seat"] == MASTER:
        current = game.master_address
    else:
        current = store.players(game.id)[row["seat"]].address
    if current != row["address"]:
        return None
    return Holder(game, row["seat"], row["address"], int(row["id"]))


# -- the `token` command ------------------------------------------------------------------
def token_command(command: Command, desk: Desk) -> str:
    """`token NAME PASSWORD [list | revoke PREFIX | revoke all]`, or `token [...]` signed on
    (a `game`/`master` line above, the web page's session, a Discord game's account)."""
    game, seat = _seat_of(command, desk)
    desk.reply.about(game)
    who = "the game master" if seat == MASTER else kind_of(game).about.seat_name(seat)
    words = command.body.split()
    if words[:1] == ["list"]:
        issued = tokens_of(desk.store, game, seat)
        if not issued:
            return f"No API tokens for {game.name} ({who})."
        lines = [f"API tokens for {game.name} ({who}):"]
        for token in issued:
            state = "live"
            if token.revoked_at is not None:
                state = f"revoked {token.revoked_at:%Y-%m-%d %H:%M}"
            elif token.void:
                state = "void (the password changed)"
            lines.append(f"  {token.prefix}  issued {token.created_at:%Y-%m-%d %H:%M}  {state}")
        return "\n".join(lines)
    if words[:1] == ["revoke"]:
        if len(words) != 2:
            raise Refusal(
                f"say which token to revoke: `revoke {PREFIX}1234abcd` (as `list` shows it) "
                "or `revoke all`"
            )
        count = revoke(desk.store, game, seat, words[1].lower(), desk.now)
        if count == 0:
            raise Refusal(f"no live token {words[1]} for {game.name} ({who}); `list` shows them")
        return f"Revoked {count} API token{'s' if count != 1 else ''} for {game.name} ({who})."
    if words:
        raise Refusal(f"`token` takes `list`, `revoke PREFIX` or `revoke all`, not {words[0]!r}")
    if game.phase == "over":
        raise Refusal(f"game {game.name} is over: there is nothing left to play")
    token = issue(desk.store, game, seat, desk.inbound.sender, desk.now)
    return (
        f"API token for {game.name}: {token}\n"
        f"It lets a program act for {who} of {game.name}, and for nothing else, through the "
        f"judge's web API (docs/api.md). Keep it secret. `token {game.name} PASSWORD list` lists "
        f"yours, `revoke {token[:SHOWN]}` (or `revoke all`) ends it, and a new password ends "
        "them all."
    )


def _seat_of(command: Command, desk: Desk) -> tuple[GameRow, str]:
    """The game and seat (or MASTER) the command is for: by the password given, or the
    session it runs in."""
    session = desk.session
    if command.password is None:
        if session.failed_line is not None:
            raise Refusal(f"not signed on: the sign-on at line {session.failed_line} failed")
        if session.game is None or (command.name and command.name != session.game.name):
            name = command.name or "NAME"
            raise Refusal(f"a token needs your password: `token {name} PASSWORD`")
        game = desk.reload()
        return game, MASTER if session.seat is None else session.seat
    assert command.name is not None
    game = desk.game(command.name)
    desk.refuse_other_front_end(game)
    desk.refuse_no_password(game, command.password)
    desk.no_wrong_password_yet()
    desk.refuse_throttled(game)
    # Every password of the game is checked, so the time taken does not say which matched.
    seats = [
        seat
        for seat, player in sorted(desk.store.players(game.id).items())
        if check_password(command.password, player.password)
    ]
    if check_password(command.password, game.master_password):
        seats.append(MASTER)
    if not seats:
        desk.wrong_password(game)
        raise Refusal(f"wrong password for {game.name}; nothing changed")
    seat = seats[0]
    address = game.master_address if seat == MASTER else desk.store.players(game.id)[seat].address
    if address != desk.inbound.sender:
        # The token goes to the address the judge writes to for the seat, as the password did.
        raise Refusal(
            f"nothing issued: a token for {game.name} goes only to the address that holds the "
            "seat; send `token` from there"
        )
    return game, seat
