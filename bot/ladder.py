"""The ladder in Discord: `/spaceships ladder` (this server's top 10 and your place, as an
embed), `/spaceships link` (one ladder player for a mail address and this account) and the
Rematch button under a game's end. The figures are the judge's (pbem.club.ladder); the link and the
rematch are the judge's own `link` and `rematch` commands."""

from __future__ import annotations

from typing import Any

import discord

import bot.posts as posts
from bot.addresses import member_address, thread_address
from bot.answers import display_name
from bot.challenges import Challenges
from bot.service import BotRefusal, not_your_game
from bot.texts import said
from pbem.club import ladder, rematch
from pbem.club.ratings import MIN_GAMES, MIN_OPPONENTS
from pbem.kinds.shown import kind_of
from pbem.messages import Inbound
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.storage.store import GameRow

TOP = 10
COLOUR = 0x3B6EA5


def ladder_embed(
    title: str, standings: list[ladder.Standing], mine: ladder.Standing | None, key: str
) -> discord.Embed:
    """The top of the ladder among `standings` (this server's rated players) and the member's
    own place; names as they last played, never an address, and no mentions (no pings)."""
    listed = [s for s in standings if s.listed]
    provisional = [s for s in standings if not s.listed]  # below, marked (as by mail)
    lines = [
        f"**{place}.** {discord.utils.escape_markdown(s.name)} · {s.rating} · {s.results()}"
        for place, s in enumerate(listed[:TOP], 1)
    ] or [f"Nobody has {MIN_GAMES} rated games against {MIN_OPPONENTS} opponents here yet."]
    if provisional:
        lines.append(f"Provisional, not listed yet ({ladder.PROVISIONAL_WHY}):")
        lines += [
            f"- {discord.utils.escape_markdown(s.name)} · {s.rating} · {s.results()} · "
            f"{s.provisional()}"
            for s in provisional[:TOP]
        ]
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
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
    elif mine.listed:
        yours = (
            f"{mine.rating.long()}, won-lost-drawn {mine.results()}: not on this server's "
            "ladder until you play a rated game here"
        )
    else:
        yours = (
            f"{mine.rating.long()} after {mine.rating.games} rated game(s) against "
            f"{mine.opponents} opponent(s); listed after {MIN_GAMES} against {MIN_OPPONENTS}"
        )
    embed.add_field(name="Your place", value=yours, inline=False)
    embed.set_footer(text="Won-lost-drawn. ?: still unsure, after few games.")
    return embed


class LadderHandlers(Challenges):
    """`/spaceships ladder`, `/spaceships link` and the Rematch button."""

    async def ladder(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        key = ladder.game_named(game)
        if key is None:
            kept = [kind.about.title for kind in ladder.laddered()]
            listed = " and ".join([", ".join(kept[:-1]), kept[-1]] if len(kept) > 1 else kept)
            raise BotRefusal(f"The ladder is kept for {listed}.")
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

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The Rematch button: the first player's press asks (the other is told in a DM);
        the other's press accepts, and the new game gets a thread of its own beside the old
        one's, as an accepted challenge does. Against the computer, one press makes it."""
        store, user = self.service.store, interaction.user
        game = store.game_by_id(game_id)
        players = self.service.players(game)
        me = member_address(user.id)
        seats = [s for s, p in players.items() if p.address == me]
        if not seats:
            raise BotRefusal(not_your_game(game, players))
        asked = rematch.asked(store, game.id)
        opponent = players["B" if seats[0] == "A" else "A"]
        makes = opponent.address == COMPUTER_ADDRESS or (
            asked is not None and asked[1] is None and asked[0] != seats[0]
        )
        if not makes:
            answer = self.service.submit(
                user.id, display_name(user), f"rematch {game.name}", interaction_id=interaction.id
            )
            await self.judge_answer(interaction, answer)
            return
        here = interaction.channel
        parent = getattr(here, "parent", None)
        if not isinstance(parent, discord.TextChannel) or interaction.guild_id is None:
            raise BotRefusal("A rematch is made from the old game's thread.")
        await interaction.response.defer(ephemeral=True)
        name = rematch.rematch_name(store, game.name)
        kind = discord.ChannelType.private_thread if game.private else None
        title = said(kind_of(game), "thread", game=name)
        thread = await (
            parent.create_thread(name=title, type=kind, invitable=False)
            if kind
            else parent.create_thread(name=title, type=discord.ChannelType.public_thread)
        )
        try:
            new, answer = self._make(game, user, interaction, parent.id, thread.id)
        except BotRefusal:
            await thread.delete()
            raise
        if game.private:
            for player in players.values():
                if player.address.startswith("discord:"):
                    await thread.add_user(discord.Object(int(player.address.split(":")[1])))
        await self.post_setup(thread, new)
        # The thread's link outside the code block, where Discord makes it a link.
        await self.answer(
            interaction, posts.text_posts(answer, prefix=f"Rematch: {thread.mention}")
        )
        await self.bot.delivery.flush()

    def _make(
        self,
        game: GameRow,
        user: discord.abc.User,
        interaction: discord.Interaction[Any],
        channel_id: int,
        thread_id: int,
    ) -> tuple[GameRow, str]:
        """`rematch NAME` as the member, and the new game linked to its thread, in one
        transaction (nothing half made if the judge refuses)."""
        service = self.service
        with service.store.transaction():
            if not service.tables.claim_interaction(interaction.id, service.now()):
                raise BotRefusal("This was handled already.")
            # A game without a set-up begins inside the rematch: its start waits for the
            # new thread (service.keep_held).
            body, held = service.handle_holding(
                Inbound(
                    member_address(user.id),
                    f"rematch {game.name}",
                    sender_name=display_name(user),
                    authenticated=True,
                    command="rematch",
                )
            )
            made = rematch.asked(service.store, game.id)
            if made is None or made[1] is None:
                raise BotRefusal(_without_quote(body))
            new = service.store.game_by_id(made[1])
            assert interaction.guild_id is not None
            service.tables.link_game(new.id, interaction.guild_id, channel_id, thread_id)
            service.store.add_observer(new.id, thread_address(thread_id), service.now())
            service.keep_held(new, held, thread_id)
            service.tables.drop_pending(new.id, "notice")  # the thread's first post says it
        return new, _without_quote(body)


def _without_quote(body: str) -> str:
    return "\n".join(line for line in body.splitlines() if not line.startswith(">")).strip()
