"""Deliver the judge's outbox to Discord: each message to the place its reader sees it.

- What both players may see (the messages to a game's thread, the judge's observer) goes to
  the thread: an embed, the public board picture, and the buttons "View my results" and
  "Submit orders"; at the end the reveal and the record `NAME.ssr`.
- A player's own results go by direct message. When the member does not accept DMs the thread
  says so (without a word of the results) and the "View my results" button shows them.
- Reminders and deadline notices go to the thread, pinging only the players concerned;
  other notices to a player go to the thread, naming them without a ping.

An entry is marked sent only once posted; one whose delivery failed is tried again later, and
an entry claimed by a process that died is taken over (bot.store).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING

import discord

import bot.posts as posts
from bot.addresses import channel_id_of, thread_id_of, user_id_of
from bot.components import game_buttons
from bot.service import Service
from bot.store import OutboxEntry
from bot.texts import said
from pbem.kinds.shown import kind_of
from pbem.steps.ticks import missing_seats
from pbem.storage.store import GameRow, Store

if TYPE_CHECKING:
    from discord.abc import Messageable

log = logging.getLogger(__name__)

PRIVATE_KINDS = ("begin", "turn", "over")
# The next game of a match opens: a player's copy says what they carried and may build [10.3],
# so it goes to them alone (a DM, or "View my results"); the thread gets the public opening.
OWN_KINDS = (*PRIVATE_KINDS, "next")
PINGING_KINDS = ("reminder", "late")
STALE_CLAIM = timedelta(minutes=5)


class Delivery:
    """Posts outbox entries with a Discord client."""

    def __init__(self, client: discord.Client, service: Service) -> None:
        self.client = client
        self.service = service
        self._lock = asyncio.Lock()
        # Done before each batch: what needs a place of its own before its messages can be
        # posted there (a tournament's new games: their threads, bot.tournaments).
        self.prepare: Callable[[], Awaitable[None]] | None = None

    async def flush(self) -> int:
        """Deliver everything pending; the number of entries delivered."""
        done = 0
        async with self._lock:  # one flush at a time keeps a thread's posts in order
            while True:  # what arrived meanwhile is delivered too
                if self.prepare is not None:
                    await self.prepare()
                now = self.service.now()
                with self.service.store.transaction():
                    entries = self.service.tables.claim_outbox(now, now - STALE_CLAIM)
                if not entries:
                    return done
                for entry in entries:
                    try:
                        await self.deliver(entry)
                    except discord.HTTPException:
                        log.exception("delivery of outbox entry %s failed; kept", entry.id)
                        continue
                    with self.service.store.transaction():
                        self.service.tables.mark_sent(entry.id, self.service.now())
                    done += 1

    async def deliver(self, entry: OutboxEntry) -> None:
        thread_id = thread_id_of(entry.address)
        if thread_id is not None:
            await self._to_thread(entry, thread_id)
            return
        channel_id = channel_id_of(entry.address)
        if channel_id is not None:  # a tournament's round or end, in its channel
            where = await self.channel(channel_id)
            if where is None:
                log.warning("channel %s of outbox entry %s is gone", channel_id, entry.id)
                return
            for post in posts.text_posts(str(entry.message.get("body", ""))):
                await self.send(where, post)
            return
        user_id = user_id_of(entry.address)
        if user_id is None:
            log.warning("outbox entry %s for %s: no Discord address", entry.id, entry.address)
            return
        if entry.kind in OWN_KINDS:
            await self._private(entry, user_id)
        else:
            await self._notice(entry, user_id)

    # -- places ---------------------------------------------------------------------------
    async def channel(self, channel_id: int) -> Messageable | None:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                return None
        return channel  # type: ignore[return-value]

    async def game_thread(self, game_id: int | None) -> Messageable | None:
        if game_id is None:
            return None
        thread_id = self.service.tables.thread_of(game_id)
        return None if thread_id is None else await self.channel(thread_id)

    async def send(
        self,
        where: Messageable,
        post: posts.Post,
        view: discord.ui.View | None = None,
        mentions: discord.AllowedMentions | None = None,
    ) -> discord.Message:
        kwargs: dict[str, object] = {"allowed_mentions": mentions or discord.AllowedMentions.none()}
        if post.content:
            kwargs["content"] = post.content
        if post.embeds:
            kwargs["embeds"] = post.embeds
        if post.files:
            kwargs["files"] = post.discord_files()
        if view is not None:
            kwargs["view"] = view
        return await where.send(**kwargs)  # type: ignore[call-overload]

    # -- kinds of message -------------------------------------------------------------------
    async def _to_thread(self, entry: OutboxEntry, thread_id: int) -> None:
        channel = await self.channel(thread_id)
        if channel is None or entry.game_id is None:
            log.warning("thread %s of outbox entry %s is gone", thread_id, entry.id)
            return
        game = self.service.game_by_id(entry.game_id)
        store = self.service.store
        if not kind_of(game).show.private_results and entry.kind in PRIVATE_KINDS:
            # Open information: the judge's text with the picture, the players pinged when
            # their next orders are wanted.
            sights = posts.sights_of(store, game, entry.message, None)
            picture = posts.drawn(store, game, sights, entry.address)
            batch = open_posts(store, game, entry.message, picture)
            view = game_buttons(game, entry.kind, entry.turn)
            for index, post in enumerate(batch):
                mentions = (
                    posts.pinging(posts.player_ids(self.service.store, game))
                    if index == 0
                    else None
                )
                await self.send(channel, post, view if index == len(batch) - 1 else None, mentions)
            return
        late: list[int] = []
        if entry.kind in PRIVATE_KINDS:
            sights = posts.sights_of(store, game, entry.message, None)
            picture = posts.drawn(store, game, sights, entry.address)
            batch = posts.results_posts(game, entry.message, picture)
        else:
            late = self._still_missing(game) if entry.kind == "late" else []
            prefix = " ".join(f"<@{user_id}>" for user_id in late)
            batch = posts.text_posts(str(entry.message.get("body", "")), prefix=prefix)
        view = game_buttons(game, entry.kind, entry.turn, entry.message.get("match_game"))
        for index, post in enumerate(batch):
            mentions = posts.pinging(late) if index == 0 and late else None
            await self.send(channel, post, view if index == len(batch) - 1 else None, mentions)

    def _still_missing(self, game: GameRow) -> list[int]:
        """The members whose fleet, design or orders the judge still waits for past the
        deadline (`missing wait`): the thread's notice pings them, as the reminder did."""
        if game.phase not in ("setup", "playing"):
            return []
        players = self.service.store.players(game.id)
        seats = missing_seats(self.service.store, game)
        return [u for s in seats if s in players and (u := user_id_of(players[s].address))]

    async def _private(self, entry: OutboxEntry, user_id: int) -> None:
        assert entry.game_id is not None
        game = self.service.game_by_id(entry.game_id)
        batch = private_posts(self.service, entry)
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            for post in batch:
                await self.send(user, post)
        except discord.Forbidden:
            await self._dms_closed(game.id, user_id, what=_what(entry))
            return
        with self.service.store.transaction():
            self.service.tables.set_dms_open(user_id, True, self.service.now())

    async def _dms_closed(self, game_id: int, user_id: int, what: str) -> None:
        first_time = self.service.tables.dms_open(user_id) is not False
        with self.service.store.transaction():
            self.service.tables.set_dms_open(user_id, False, self.service.now())
        thread = await self.game_thread(game_id)
        if thread is None:
            return
        text = (
            f"<@{user_id}>: I cannot send you direct messages. To see {what}, press "
            "**View my results** below (only you can see what it shows)."
        )
        if first_time:
            text += (
                " To get them by DM, allow direct messages from server members "
                "(the server's Privacy Settings)."
            )
        await self.send(thread, posts.Post(content=text), mentions=posts.pinging([user_id]))

    async def _notice(self, entry: OutboxEntry, user_id: int) -> None:
        thread = await self.game_thread(entry.game_id)
        body = str(entry.message.get("body", ""))
        ping = entry.kind in PINGING_KINDS
        if thread is None:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            for post in posts.text_posts(body):
                await self.send(user, post)
            return
        mentions = posts.pinging([user_id]) if ping else discord.AllowedMentions.none()
        for post in posts.text_posts(body, prefix=f"<@{user_id}>"):
            await self.send(thread, post, mentions=mentions)

    async def check_dms(self, game_id: int, user_ids: list[int], text: str) -> None:
        """At the start of a game: a DM to each player; the thread says who cannot get one."""
        for user_id in user_ids:
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                await user.send(text)
            except discord.Forbidden:
                await self._dms_closed(game_id, user_id, what="each of your private results")
                continue
            with self.service.store.transaction():
                self.service.tables.set_dms_open(user_id, True, self.service.now())


def private_posts(service: Service, entry: OutboxEntry) -> list[posts.Post]:
    """A player's own message (DM or "View my results"): the judge's text, their picture."""
    assert entry.game_id is not None
    game = service.game_by_id(entry.game_id)
    user_id = user_id_of(entry.address)
    seat = service.role(game, user_id).seat if user_id is not None else None
    sights = posts.sights_of(service.store, game, entry.message, seat)
    picture = posts.drawn(service.store, game, sights, entry.address)
    number = entry.message.get("match_game")
    name = game.name if number is None else f"{game.name}, game {number}"  # which game of a match
    heading = {
        "begin": f"{name}: the game begins (your view)",
        "turn": f"{name}: turn {entry.turn}, your results",
        "over": f"{name}: game over",
        "next": f"{name}: the next game of the match (your fleet)",
    }.get(entry.kind)
    return posts.results_posts(game, entry.message, picture, heading)


def _what(entry: OutboxEntry) -> str:
    if entry.kind == "turn":
        return f"your results of turn {entry.turn}"
    if entry.kind == "begin":
        return "your view of the start"
    if entry.kind == "next":
        return "what you carried into the next game and may build"
    return "your results"


def open_posts(
    store: Store,
    game: GameRow,
    message: dict[str, object],
    picture: tuple[str, bytes] | None,
) -> list[posts.Post]:
    """A public message of a game that hides nothing once begun (its kind's results are not
    private: Spaceship Battles, reading R16) for its thread, instead of one a player: embeds
    with the judge's text and the picture of the post's sight; the players pinged when their
    orders are wanted next; the record attached at the end."""
    kind = kind_of(game)
    said_kind = str(message.get("kind") or "")
    number = message.get("turn")
    turn = number if isinstance(number, int) else None
    if said_kind == "turn" and turn is not None:
        title = f"{game.name}: {kind.show.turn_name(game, turn)} resolved"
    elif said_kind in ("begin", "over"):
        title = said(kind, said_kind, game=game.name)
    else:
        title = game.name
    batch = posts.results_posts(game, message, picture, title)
    mentions = " ".join(
        f"<@{user_id}>"
        for p in sorted(store.players(game.id).values(), key=lambda p: p.seat)
        if (user_id := user_id_of(p.address)) is not None
    )
    next_turn = 1 if said_kind == "begin" else (turn or 0) + 1
    if said_kind == "over":
        batch[0].content = f"{mentions}: {said(kind, 'over_said', game=game.name)}"
    elif game.phase == "playing" and game.turn == next_turn:
        batch[0].content = (
            f"{mentions}: {kind.show.turn_name(game, next_turn)} is open; send your orders "
            "with the button below or `/spaceships orders`."
        )
    elif said_kind == "begin" and mentions:
        # The first turn was played before this post (the computer acts first in a rematch):
        # the players are still told their game begins; the next post says whose turn is open.
        batch[0].content = f"{mentions}: {game.name} begins."
    return batch
