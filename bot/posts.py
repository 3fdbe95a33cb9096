"""What the bot posts for a judge message: text cut to Discord's limits, an embed, a picture.

Pictures come from the engine's views only (package pictures): a game's thread gets the
public board (the observer's view), a player their own view, and everyone the reveal once the
game is over. Text is the judge's own, so Discord says what the email judge says; it goes in
code blocks so the judge's alignment survives, cut into as many messages as it needs.
"""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass, field

import discord

from bot.service import user_id_of
from bot.split import EMBED_DESCRIPTION_LIMIT, clip, code_blocks
from pbem.store import GameRow, Store
from spaceships import engine
from spaceships.engine import GameState
from spaceships.judge import games as game_rules
from spaceships.judge import matches
from spaceships.pictures import fleet_picture, observer_picture, player_picture, umpire_picture

Message = dict[str, object]  # a judge message as the outbox keeps it (service.outbound_to_json)

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


def names_of(store: Store, game: GameRow) -> dict[str, str]:
    return game_rules.names_of(store.players(game.id))


def state_for(
    store: Store, game: GameRow, kind: str, turn: int | None, message: Message | None = None
) -> GameState | None:
    """The state a post of this kind shows: at the start, after its turn, or at the end."""
    if kind == "over":
        return ended_state(store, game, message)
    number = (message or {}).get("match_game")
    playing = matches.match_of(store, game)
    if isinstance(number, int) and playing is not None and number != playing.number:
        # A post of an earlier game of the match: that game, replayed from its kept record,
        # never the game the row plays now, whose turns are numbered from 1 again.
        if kind == "begin" or (kind == "turn" and turn is not None):
            return matches.game_state_after(store, game, number, turn if kind == "turn" else 0)
        return None
    if kind == "turn" and turn is None:
        return GameState.from_json(game.state) if game.state is not None else None
    if kind == "turn" and turn is not None:
        data = store.state_after(game.id, turn)
        return None if data is None else GameState.from_json(data)
    if kind == "begin":
        players = store.players(game.id)
        if len(players) < 2 or any(p.fleet is None for p in players.values()):
            return None
        return game_rules.start_state(store, game)  # a match's additional ships too [10.3]
    return None


def game_number(message: Message | None) -> int | None:
    """Which game of a match a message ends, from its attached record's name (spaceships.judge.games
    attaches `NAME-game2.ssr` when the match goes on); None for any other message."""
    for name, _ in attachments_of(message or {}):
        numbered = re.search(r"-game(\d+)\.ssr$", name)
        if numbered:
            return int(numbered[1])
    return None


def ended_state(store: Store, game: GameRow, message: Message | None) -> GameState | None:
    """The game a game-over message is about, as it ended: in a match, the game its attached
    record names (`NAME-game1.ssr`), never the game the row plays now, which may be the next
    one in play [1.4]; otherwise the row's game, over (a single game, a match's last)."""
    number = game_number(message)
    if number is not None:
        return matches.game_end_state(store, game, number)
    if game.phase != "over" or game.state is None:
        return None  # the row has moved on and no game is named: draw nothing, not guess
    return GameState.from_json(game.state)


def picture_for(
    store: Store,
    game: GameRow,
    kind: str,
    turn: int | None,
    seat: str | None,
    message: Message | None = None,
) -> tuple[str, bytes] | None:
    """The picture of a post: the reader's own view for a player (`seat`), the public board
    for a thread (`seat` None), both fleets once the game is over (`message` names which game
    of a match it is)."""
    state = state_for(store, game, kind, turn, message)
    if state is None:
        return None
    names = names_of(store, game)
    if kind == "over":
        # The game is over (by the rules, a resignation or the game master): everything is
        # revealed [1.4.1], both spaces as they ended.
        number = game_number(message)
        label = "reveal" if number is None else f"game{number}-reveal"
        return f"{game.name}-{label}.png", umpire_picture(state, names)
    if seat is not None:
        label = "start" if kind == "begin" else f"turn{turn}"
        return f"{game.name}-{label}-{seat}.png", player_picture(
            engine.player_view(state, seat), names
        )
    if kind == "begin":
        return None  # nothing is known of either space yet
    return f"{game.name}-turn{turn}.png", observer_picture(engine.observer_view(state), names)


def fleet_file(game: GameRow, fleet_text: str) -> tuple[str, bytes]:
    ruleset = game_rules.ruleset_of(game)
    from spaceships.notation.parse import parse_fleet

    fleet = parse_fleet(fleet_text, ruleset.colour_order)
    return f"{game.name}-fleet.png", fleet_picture(fleet, ruleset.colour_order, "Your fleet")


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
