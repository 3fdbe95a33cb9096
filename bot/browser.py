"""`/spaceships web`: a one-time link to play a Discord game in the browser (issue 35), asked
of the judge as its own `web NAME` by the member and answered privately, each link a button.
The page (`spaceships web`) signs the member in to their seat; what they play there reaches
the thread through the bot's outbox (bot.service.outbox_keeper). `/spaceships token`: an API
token for a program to play the member's seat (issue 46), the judge's `token NAME`."""

from __future__ import annotations

from typing import Any

import discord

import bot.posts as posts
from bot.answers import Answering, display_name
from bot.service import BotRefusal


class BrowserLinks(Answering):
    """The handler of `/spaceships web`."""

    async def web(self, interaction: discord.Interaction[Any], game_name: str | None) -> None:
        user = interaction.user
        game = self.service.resolve(user.id, game_name, self._channel_id(interaction))
        role = self.service.role(game, user.id)
        if not role.member:
            raise BotRefusal(
                f"{game.name} is not your game: a link to play goes only to its players and "
                "game master. Its public board is `/spaceships board`."
            )
        answer = self.service.submit(
            user.id, display_name(user), f"web {game.name}", game, interaction.id
        )
        links = _links(answer)
        if not links:  # refused (no page set up, the game is over): the judge's own words
            await self.judge_answer(interaction, answer)
            return
        view = discord.ui.View()
        for who, url in links:
            label = f"Play {game.name} as {who}"
            view.add_item(discord.ui.Button(label=label[:80], url=url))  # Discord's limit
        text = (
            f"Your link{'s' * (len(links) > 1)} to play **{game.name}** in your browser "
            f"(below). {_advice(answer)}"
        )
        await self.answer(interaction, [posts.Post(content=text[:2000])], view=view)


def _links(answer: str) -> list[tuple[str, str]]:
    """Each (whom it signs in as, address) of the judge's answer to `web NAME`: a line
    "Play NAME in your browser as WHO:" followed by the indented address."""
    found: list[tuple[str, str]] = []
    lines = answer.splitlines()
    for line, following in zip(lines, lines[1:], strict=False):
        stripped = following.strip()
        if line.startswith("Play ") and line.endswith(":") and stripped.startswith("http"):
            who = line.rsplit(" as ", 1)[-1].rstrip(":")
            found.append((who, stripped))
    return found


def _advice(answer: str) -> str:
    """The answer's closing lines (how long a link lasts, not to pass it on)."""
    return " ".join(line.strip() for line in answer.splitlines() if line.startswith("Each link"))


class ApiTokens(Answering):
    """The handler of `/spaceships token`: the judge's `token NAME [list | revoke ID|all]`,
    sent for the member's seat (their account signs them on) and answered to them alone."""

    async def token(
        self, interaction: discord.Interaction[Any], game_name: str | None, action: str | None
    ) -> None:
        user = interaction.user
        game = self.service.resolve(user.id, game_name, self._channel_id(interaction))
        if not self.service.role(game, user.id).member:
            raise BotRefusal(f"{game.name} is not your game: a token goes only to its players.")
        text = f"token {game.name} {action or ''}".strip()
        answer = self.service.submit(user.id, display_name(user), text, game, interaction.id)
        await self.judge_answer(interaction, answer)
