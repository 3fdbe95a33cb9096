"""Challenges: posting one with Accept and Decline, accepting it (the game, its thread, the
DM check), declining or withdrawing it."""

from __future__ import annotations

from typing import Any

import discord

import bot.posts as posts
from bot.addresses import user_id_of
from bot.answers import Answering, display_name
from bot.components import challenge_buttons, game_buttons
from bot.service import BotRefusal, settings_text
from bot.texts import said
from notation.words import seated
from pbem.kinds.shown import kind_of
from pbem.registry import kind_named, kinds
from pbem.steps.computers import computer_name
from pbem.storage.store import GameRow, PlayerRow


class Challenges(Answering):
    # -- challenges ---------------------------------------------------------------------------
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | None,
        settings: dict[str, str],
    ) -> None:
        if interaction.guild is None or interaction.channel is None:
            raise BotRefusal("Challenges are made in a server's channel, not in direct messages.")
        if isinstance(interaction.channel, discord.Thread):
            raise BotRefusal("Challenge from a channel, not from inside a thread.")
        if member is not None and member.id == interaction.user.id:
            raise BotRefusal("You cannot challenge yourself.")
        client = interaction.client.user
        if member is not None and client is not None and member.id == client.id:
            # Challenging the bot itself: a game against the computer, as `/spaceships play`.
            await self.play(interaction, None, settings)
            return
        if member is not None and member.bot:
            raise BotRefusal(
                f"{member.display_name} is a bot and cannot play. To play the computer, "
                "use `/spaceships play` (or challenge me)."
            )
        challenge = self.service.challenge(
            interaction.guild.id,
            interaction.channel.id,
            interaction.user.id,
            member.id if member else None,
            {**settings, "by": display_name(interaction.user)},
        )
        who = member.mention if member else "anyone"
        what, described = _described(settings)
        text = (
            f"{interaction.user.mention} challenges {who} to {what}"
            + (f" ({described})" if described else "")
            + ". Accepting opens a thread for the game."
        )
        mentions = posts.pinging([member.id] if member else [])
        await interaction.response.send_message(
            text, view=challenge_buttons(challenge.id), allowed_mentions=mentions
        )
        message = await interaction.original_response()
        self.service.set_challenge_message(challenge.id, message.id)

    async def accept(self, interaction: discord.Interaction[Any], challenge_id: int) -> None:
        user = interaction.user
        challenge = self.service.open_challenge(challenge_id, user.id, accepting=True)
        challenger_name = challenge.settings.get("by") or f"member {challenge.challenger_id}"
        name = self.service.name_for(challenge, challenger_name, display_name(user))
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise BotRefusal("This challenge's channel cannot hold threads.")
        await interaction.response.defer()
        private = challenge.settings.get("private") == "yes"
        title = said(
            kind_named(challenge.settings.get("game") or kinds()[0].name), "thread", game=name
        )
        try:
            if private:
                thread = await channel.create_thread(
                    name=title,
                    type=discord.ChannelType.private_thread,
                    invitable=False,
                )
            else:
                assert interaction.message is not None
                thread = await interaction.message.create_thread(name=title)
        except discord.HTTPException as exc:
            raise BotRefusal(
                f"I could not open a thread for the game ({exc.text or exc.status}): I need the "
                "permissions Create Public Threads, Create Private Threads and Send Messages "
                "in Threads in this channel."
            ) from exc
        try:
            game, answer = self.service.accept(
                challenge,
                name,
                challenger_name,
                user.id,
                display_name(user),
                thread.id,
                interaction.id,
            )
        except BotRefusal:
            await thread.delete()
            raise
        if private:
            for member_id in (challenge.challenger_id, user.id):
                await thread.add_user(discord.Object(member_id))
        if interaction.message is not None:
            await interaction.message.edit(
                content=f"{interaction.message.content}\n**Accepted** by {user.mention}: "
                f"game **{game.name}**, in {thread.mention}.",
                view=None,
            )
        await self.post_setup(thread, game)
        await self.answer(interaction, posts.text_posts(answer))
        if not kind_of(game).show.private_results:
            # A battle's news is public: it comes in the thread, pinging the players; no DMs.
            await self.bot.delivery.flush()
            return
        await self.bot.delivery.check_dms(
            game.id,
            [challenge.challenger_id, user.id],
            f"{said(kind_of(game), 'play', game=game.name)}: {thread.jump_url}\n"
            "Your private results will come here.",
        )
        await self.bot.delivery.flush()

    async def post_setup(
        self, thread: discord.abc.Messageable, game: GameRow, heading: str = ""
    ) -> None:
        """The first post of a game's thread: `heading` (what the game is part of), who plays
        whom, then the game's own lines (its settings, what to send), with its set-up button."""
        players = self.service.players(game)
        kind = kind_of(game)
        a, b = _who(players["A"], kind.about.side("A")), _who(players["B"], kind.about.side("B"))
        lines = [*([heading] if heading else []), said(kind, "setup_who", game=game.name, a=a, b=b)]
        if kind.records.setup_lines is not None:
            lines += kind.records.setup_lines(self.service.store, game, "discord")
        else:
            lines += [
                f"Settings: {kind.about.rules_text(game)}.",
                f"`/spaceships help topic:{kind.name}` explains how to play.",
            ]
        mentions = posts.pinging(posts.player_ids(self.service.store, game))
        if not kind.steps.setup_word:
            # No set-up (Space Chess): the game began as the second seat was taken; its
            # first post, with the board and the form of the first turn, follows.
            await thread.send("\n".join(lines), allowed_mentions=mentions)
            return
        await thread.send(
            "\n".join(lines), view=game_buttons(game, "setup", None), allowed_mentions=mentions
        )

    async def decline(self, interaction: discord.Interaction[Any], challenge_id: int) -> None:
        challenge = self.service.decline(challenge_id, interaction.user.id, interaction.id)
        word = "withdrawn" if challenge.status == "withdrawn" else "declined"
        content = interaction.message.content if interaction.message else ""
        await interaction.response.edit_message(
            content=f"{content}\n**{word.capitalize()}** by {interaction.user.mention}.",
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def _described(settings: dict[str, str]) -> tuple[str, str]:
    """What the challenge is for, in words (`a match of two continued games of Spaceships`,
    the kind's `challenge_words`), and its other settings as its post says them
    (`build: one death star, deadline 48h`)."""
    kind = kind_named(settings.get("game") or kinds()[0].name)
    options = settings.get("options", "")
    if kind.records.challenge_words is not None:
        what, said = kind.records.challenge_words(options)
    else:
        what, said = f"a game of {kind.about.title}", tuple(options.split())
    words = list(said)
    rest = {k: v for k, v in settings.items() if k not in ("game", "options")}
    if settings_text(rest):
        words.append(settings_text(rest))
    return what, ", ".join(words)


def _who(player: PlayerRow, seat: str) -> str:
    """A member as a mention, the computer by its name, each with the seat (the side, in a
    game that has sides) said once."""
    user_id = user_id_of(player.address)
    return f"<@{user_id}> ({seat})" if user_id is not None else seated(player.name, seat)


class ComputerGames(Challenges):
    """`/spaceships play`: a game against the computer (spaceships/computer/, seated by the judge
    core as for email's `create NAME vs computer`), in its own thread."""

    async def play(
        self, interaction: discord.Interaction[Any], level: str | None, settings: dict[str, str]
    ) -> None:
        kind = kind_named(settings.get("game") or kinds()[0].name)
        try:
            if kind.about.level_named is None:
                raise ValueError(f"{kind.about.title} has no computer to play yet")
            level = kind.about.level_named(level)
        except ValueError as exc:
            hint = (
                f"leave `level` out: `/spaceships play game:{kind.about.title}`"
                if len(kind.about.levels) <= 1
                else f"e.g. `/spaceships play level:{kind.about.default_level}`"
            )
            raise BotRefusal(f"{exc}; {hint}") from exc
        channel = interaction.channel
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            raise BotRefusal("Start a game against the computer from a server's text channel.")
        # Refused privately before anything is posted: no public word of a game that never was.
        self.service.refuse_bad_settings(settings)
        user = interaction.user
        opponent = computer_name(level)
        await interaction.response.send_message(
            f"{user.mention} takes on {opponent}.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        name = settings.get("name") or self.service.name_for_computer(display_name(user))
        thread = await message.create_thread(name=said(kind, "thread", game=name))
        try:
            game, answer = self.service.play_computer(
                user.id,
                display_name(user),
                level,
                {**settings, "name": name},
                interaction.guild.id,
                channel.id,
                thread.id,
                interaction.id,
            )
        except BotRefusal:
            await thread.delete()
            raise
        await self.post_setup(thread, game)
        await self.answer(interaction, posts.text_posts(answer))
        if not kind.show.private_results:
            # Open information: its news comes in the thread, pinging the player; no DMs.
            await self.bot.delivery.flush()
            return
        await self.bot.delivery.check_dms(
            game.id,
            [user.id],
            f"You play {said(kind, 'played', game=game.name)} against {opponent}: "
            f"{thread.jump_url}\nYour private results will come here.",
        )
        await self.bot.delivery.flush()
