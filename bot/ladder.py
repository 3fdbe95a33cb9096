"""The ladder in Discord: `/spaceships ladder` (this server's top 10 and your place, as an
embed) and `/spaceships link` (one ladder player for a mail address and this account). The
figures are the judge's (pbem.ladder); the link is the judge's own `link` command."""

from __future__ import annotations

from typing import Any

import discord

import bot.posts as posts
from bot.answers import Answering, display_name
from bot.service import BotRefusal, member_address
from pbem import ladder
from pbem.ratings import MIN_GAMES

TOP = 10
COLOUR = 0x3B6EA5


def ladder_embed(
    title: str, standings: list[ladder.Standing], mine: ladder.Standing | None, key: str
) -> discord.Embed:
    """The top of the ladder among `standings` (this server's rated players) and the member's
    own place; names as they last played, never an address, and no mentions (no pings)."""
    listed = [s for s in standings if s.rating.listed]
    lines = [
        f"**{place}.** {discord.utils.escape_markdown(s.name)} · {s.rating} · {s.results()}"
        for place, s in enumerate(listed[:TOP], 1)
    ]
    embed = discord.Embed(
        title=title,
        description="\n".join(lines) or f"Nobody has {MIN_GAMES} rated games here yet.",
        colour=COLOUR,
    )
    if mine is None:
        yours = (
            f"No rated {ladder.GAME_NAMES[key]} game here yet: you start at 1500?. "
            "Challenges are rated unless made `rated: False`."
        )
    elif mine in listed:
        yours = (
            f"{listed.index(mine) + 1} of {len(listed)}: {mine.rating.long()}, "
            f"won-lost-drawn {mine.results()}"
        )
    elif mine.rating.listed:
        yours = (
            f"{mine.rating.long()}, won-lost-drawn {mine.results()}: not on this server's "
            "ladder until you play a rated game here"
        )
    else:
        yours = (
            f"{mine.rating.long()} after {mine.rating.games} rated game(s); listed after "
            f"{MIN_GAMES}"
        )
    embed.add_field(name="Your place", value=yours, inline=False)
    embed.set_footer(text="Won-lost-drawn. ?: still unsure, after few games.")
    return embed


class LadderHandlers(Answering):
    """`/spaceships ladder` and `/spaceships link`."""

    async def ladder(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        key = ladder.game_named(game)
        if key is None:
            raise BotRefusal("The ladder is kept for Spaceships and Spaceship Battles.")
        guild = interaction.guild
        if guild is None:
            raise BotRefusal(
                "The ladder is kept per server: use `/spaceships ladder` in a channel of "
                "the server you play in."
            )
        me = member_address(interaction.user.id)
        store = self.service.store
        with store.transaction():
            who = ladder.identity(store, me)
            here = ladder.standings(store, key, ladder.server_players(store, guild.id, key))
            mine = ladder.rating_of(store, key, who)
        title = f"{ladder.GAME_NAMES[key]} ladder · {guild.name}"
        embed = ladder_embed(title, here, mine, key)
        await self.answer(interaction, [posts.Post(embeds=[embed])])

    async def link(self, interaction: discord.Interaction[Any], code: str | None) -> None:
        answer = self.service.submit(
            interaction.user.id,
            display_name(interaction.user),
            f"link {code or ''}".strip(),
            interaction_id=interaction.id,
        )
        await self.judge_answer(interaction, answer)
