"""What the bot posts for a judge message: text cut to Discord's limits, an embed, a picture.

Pictures are the sights the judge put on the message, drawn by the game through
pbem.kinds.shown.picture_for, which refuses a sight its reader may not see. Text is the judge's
own, so Discord says what the email judge says; it goes in code blocks so the judge's
alignment survives, cut into as many messages as it needs.
"""

from __future__ import annotations

import base64
import io
import logging
from dataclasses import dataclass, field

import discord

from bot.addresses import user_id_of
from bot.split import EMBED_DESCRIPTION_LIMIT, clip, code_blocks
from pbem.kinds.shown import Sight, kind_of, picture_for
from pbem.messages import Attachment, Outbound
from pbem.steps.desk import Refusal
from pbem.storage.store import GameRow, Store

log = logging.getLogger(__name__)

Message = dict[str, object]  # a judge message as the outbox keeps it (addresses.outbound_to_json)

# Embed colours: one per kind of post, never the only thing that tells them apart (titles do).
COLOURS = {"begin": 0x0072B2, "turn": 0x009E73, "over": 0xD55E00}
TITLES = {
    "begin": "{game}: the game begins",
    "turn": "{game}: turn {turn} results",
    "over": "{game}: game over",
    "reminder": "{game}: reminder",
    "late": "{game}: deadline passed",
}


def pinging(user_ids: list[int]) -> discord.AllowedMentions:
    """A post that pings exactly these members: no one else, never @everyone, @here or a
    role, whatever member text the post quotes [issue 27, item 3]."""
    return discord.AllowedMentions(
        everyone=False,
        users=[discord.Object(user_id) for user_id in dict.fromkeys(user_ids)],
        roles=False,
        replied_user=False,
    )


def player_ids(store: Store, game: GameRow) -> list[int]:
    """The members who play a game (not the computer), in seat order."""
    seats = sorted(store.players(game.id).values(), key=lambda p: p.seat)
    return [user_id for p in seats if (user_id := user_id_of(p.address)) is not None]


@dataclass
class Post:
    """One Discord message: text, embeds and files (name, bytes)."""

    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)

    def discord_files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.files]


def sights_of(store: Store, game: GameRow, message: Message, seat: str | None) -> list[Sight]:
    """The sights a kept message stands for; a row kept before rows carried them is decorated
    now by its game, as the judge would have for this reader (`seat`)."""
    if "sights" in message:
        found = message["sights"]
        assert isinstance(found, list)
        return [Sight.parse(str(text)) for text in found]
    old = Outbound(
        to=(),
        subject=str(message.get("subject", "")),
        body=str(message.get("body", "")),
        game=game.name,
        kind=str(message.get("kind") or ""),
        turn=message.get("turn") if isinstance(message.get("turn"), int) else None,
        attachments=tuple(Attachment(name, "", data) for name, data in attachments_of(message)),
    )
    return list(kind_of(game).show.decorate(store, game, old, seat).sights)


def drawn(
    store: Store, game: GameRow, sights: list[Sight], reader: str
) -> tuple[str, bytes] | None:
    """The picture of a post's first sight for its reader (pbem.kinds.shown decides who may see
    it), as a file; None when there is none, or it is not theirs (logged, never shown)."""
    if not sights:
        return None
    try:
        picture = picture_for(store, game, sights[0], reader)
    except Refusal as refusal:
        log.error("picture of %s withheld: %s", game.name, refusal)
        return None
    return None if picture is None else (picture.filename, picture.png)


def attachments_of(message: Message) -> list[tuple[str, bytes]]:
    found = message.get("attachments") or []
    assert isinstance(found, list)
    return [(a["filename"], base64.b64decode(a["data"])) for a in found]


def results_posts(
    game: GameRow,
    message: dict[str, object],
    picture: tuple[str, bytes] | None,
    heading: str | None = None,
) -> list[Post]:
    """A judge message as embeds: the first carries the title and the picture; text that does
    not fit goes on in more embeds, one message each; attachments (the record) go last."""
    kind = str(message.get("kind") or "")
    turn = message.get("turn")
    title = heading or TITLES.get(kind, "{game}").format(game=game.name, turn=turn)
    blocks = code_blocks(str(message.get("body", "")), EMBED_DESCRIPTION_LIMIT)
    posts = []
    for index, block in enumerate(blocks):
        embed = discord.Embed(
            title=clip(title if index == 0 else f"{title} (continued)", 256),
            description=block,
            colour=COLOURS.get(kind, 0x56B4E9),
        )
        post = Post(embeds=[embed])
        if index == 0 and picture is not None:
            embed.set_image(url=f"attachment://{picture[0]}")
            post.files.append(picture)
        posts.append(post)
    extra = attachments_of(message)
    if extra:
        posts[-1].files.extend(extra)
    return posts


def paragraph_posts(text: str) -> list[Post]:
    """Text read as a whole (the help) in messages cut between paragraphs where they fit,
    so that no sentence runs on from one message into the next."""
    batch: list[Post] = []
    current = ""
    for paragraph in text.split("\n\n"):
        joined = f"{current}\n\n{paragraph}" if current else paragraph
        if current and len(text_posts(joined)) > 1:
            batch += text_posts(current)
            joined = paragraph
        current = joined
    return batch + text_posts(current)


def text_posts(text: str, prefix: str = "") -> list[Post]:
    """Plain judge text (an answer, a notice) as messages of at most 2,000 characters."""
    blocks = code_blocks(text, 2000 - len(prefix) - 1)
    return [
        Post(content=(prefix + "\n" + b) if prefix and i == 0 else b) for i, b in enumerate(blocks)
    ]
