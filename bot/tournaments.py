"""Tournaments in Discord: `/spaceships tournament create|join|computer|start|withdraw|show`
as the judge's own `tournament` command said by the member (pbem.club.tournament_commands,
the same core as by mail; Discord's account is proof enough, so no passwords), and each
round's games given a thread in the channel the tournament was made in, its first post
pinging the two players, as an accepted challenge's does.

Rounds begin inside a judge transaction (a game's end, a deadline), where no thread can be
opened: the games' messages wait in the outbox until `open_threads` (run before each delivery,
bot.delivery.Delivery.prepare) has given each new game its thread.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import bot.posts as posts
from bot.answers import display_name
from bot.challenges import Challenges
from bot.refusals import BotRefusal, refuse_line_breaks
from bot.texts import said
from pbem.club import tournament_store as ts
from pbem.kinds.shown import kind_of
from pbem.registry import kind_named, kinds

log = logging.getLogger(__name__)

VERBS = ("create", "join", "computer", "start", "withdraw", "show")


def standings_posts(store: Any, name: str) -> list[posts.Post]:
    """A tournament's standings and crosstable, as by mail (pbem.club.tournament_store's
    monospaced table), in code blocks each within Discord's 2,000 characters."""
    with store.transaction():
        found = ts.tournament(store, name)
        if found is None or not found.accounts:
            raise BotRefusal(
                f"There is no tournament named {name} here; "
                "`/spaceships tournament show` without a name lists them."
            )
        text = ts.standings_text(store, found)
    return posts.text_posts(text)


class TournamentHandlers(Challenges):
    """`/spaceships tournament ...` and the threads of a tournament's games."""

    async def tournament(
        self, interaction: discord.Interaction[Any], verb: str, given: dict[str, Any]
    ) -> None:
        refuse_line_breaks({k: str(v) for k, v in given.items() if v is not None})
        name = str(given.get("name") or "").strip()
        user = interaction.user
        if verb == "show":
            if not name:
                text = self.service.submit(user.id, display_name(user), "tournament")
                await self.judge_answer(interaction, text)
                return
            await self.answer(interaction, standings_posts(self.service.store, name))
            return
        if verb == "create":
            await self._create(interaction, name, given)
            return
        words = {
            "join": f"tournament join {name}",
            "computer": f"tournament computer {name} {given.get('level') or ''}".strip(),
            "start": f"tournament start {name}",
            "withdraw": f"tournament withdraw {name}",
        }[verb]
        text = self.service.submit(
            user.id, display_name(user), words, interaction_id=interaction.id
        )
        await self.judge_answer(interaction, text)  # posts what it caused: threads, the round

    async def _create(
        self, interaction: discord.Interaction[Any], name: str, given: dict[str, Any]
    ) -> None:
        channel = interaction.channel
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            raise BotRefusal(
                "Make a tournament in a server's text channel (not a thread nor DMs): its "
                "rounds are posted there, and each of its games gets a thread there."
            )
        kind = kind_named(given.get("game") or kinds()[0].name)
        words = ["tournament create", name, kind.about.words[0], str(given["format"])]
        if given.get("rounds"):
            words.append(f"rounds={given['rounds']}")
        if given.get("round"):
            words.append(f"round={given['round']}")
        if not given.get("rated", True):
            words.append("casual")
        if given.get("computers"):
            words.append(f"computers={given['computers']}")
        if given.get("options"):
            words.append(str(given["options"]))
        user = interaction.user
        answer, made = self.service.create_tournament(
            user.id,
            display_name(user),
            " ".join(words),
            interaction.guild.id,
            channel.id,
            interaction.id,
        )
        if not made:
            await self.judge_answer(interaction, answer)
            return
        # Made: said in the channel, for the players to join.
        said_text = "\n".join(line for line in answer.splitlines() if not line.startswith(">"))
        said_text = said_text.replace(
            f"tournament join {name}", f"/spaceships tournament join name:{name}"
        ).replace(f"tournament start {name}", f"/spaceships tournament start name:{name}")
        await self.answer(
            interaction,
            posts.text_posts(said_text, prefix=f"{user.mention} made a tournament:"),
            ephemeral=False,
        )

    # -- each round's games, a thread each ------------------------------------------------
    async def open_threads(self) -> None:
        """Every game a Discord tournament made that has no thread yet gets one in the
        tournament's channel; its first post names the tournament, round and board and pings
        both players."""
        service = self.service
        with service.store.transaction():
            waiting = service.tables.unthreaded_tournament_games()
            places = {tid: service.tables.tournament_channel(tid) for _, tid, _, _ in waiting}
            names = {tid: ts.tournament_by_id(service.store, tid).name for tid in places}
        for game_id, tid, round_number, board in waiting:
            place = places[tid]
            if place is None:
                continue  # made before its channel was noted: its news goes by DM
            guild_id, channel_id = place
            channel = await self.bot.delivery.channel(channel_id)
            if not isinstance(channel, discord.TextChannel):
                log.warning("tournament %s: its channel %s is gone", names[tid], channel_id)
                continue
            game = service.game_by_id(game_id)
            title = said(kind_of(game), "thread", game=game.name)[:100]
            try:
                thread = await channel.create_thread(
                    name=title, type=discord.ChannelType.public_thread
                )
            except discord.HTTPException as exc:
                log.warning("no thread for %s: %s", game.name, exc.text or exc.status)
                continue
            if not service.link_tournament_game(game_id, guild_id, channel_id, thread.id):
                await thread.delete()  # another process was quicker
                continue
            heading = f"Tournament {names[tid]}, round {round_number}, board {board}."
            await self.post_setup(thread, game, heading)
            if kind_of(game).show.private_results:
                members = posts.player_ids(service.store, game)
                await self.bot.delivery.check_dms(
                    game.id,
                    members,
                    f"{said(kind_of(game), 'play', game=game.name)}: {thread.jump_url}\n"
                    "Your private results will come here.",
                )
