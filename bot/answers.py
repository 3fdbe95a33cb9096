"""Answering a member: the first message as the interaction's response, more as follow-ups,
privately unless said otherwise; refusals said plainly; failures logged and said."""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

import bot.posts as posts
from bot.delivery import Delivery
from bot.service import BotRefusal, Service


class FrontEnd(Protocol):
    """What the handlers use of the bot (bot.app.SpaceshipsBot), named here so that the
    handlers need not import the bot that imports them."""

    service: Service
    delivery: Delivery


log = logging.getLogger(__name__)

MAX_ATTACHMENT = 64_000
# A member's own text quoted back, and any one line, are cut to these: a 64 kB file of bad
# lines was otherwise echoed, excerpted and underlined in full, well over a hundred messages.
ECHO_LINES = 10
LINE_WIDTH = 400
ANSWER_POSTS = 6
ORDERS_FILE_TYPES = (".ssr", ".sbr", ".txt")


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Answering:
    """What every handler of the bot needs: the bot, its service, and ways to answer."""

    def __init__(self, bot: FrontEnd) -> None:
        self.bot = bot
        self.service = bot.service

    # -- answering --------------------------------------------------------------------------
    async def answer(
        self,
        interaction: discord.Interaction[Any],
        batch: list[posts.Post],
        ephemeral: bool = True,
        view: discord.ui.View | None = None,
    ) -> None:
        """The first post as the interaction's response, the others as follow-ups."""
        for index, post in enumerate(batch):
            kwargs: dict[str, Any] = {"ephemeral": ephemeral}
            if post.content:
                kwargs["content"] = post.content
            if post.embeds:
                kwargs["embeds"] = post.embeds
            if post.files:
                kwargs["files"] = post.discord_files()
            if view is not None and index == len(batch) - 1:
                kwargs["view"] = view
            kwargs["allowed_mentions"] = discord.AllowedMentions.none()
            if index == 0 and not interaction.response.is_done():
                await interaction.response.send_message(**kwargs)
            else:
                await interaction.followup.send(**kwargs)

    async def say(self, interaction: discord.Interaction[Any], text: str) -> None:
        await self.answer(interaction, [posts.Post(content=text[:2000])])

    async def judge_answer(
        self,
        interaction: discord.Interaction[Any],
        text: str,
        files: list[tuple[str, bytes]] | None = None,
    ) -> None:
        batch = posts.text_posts(_shortened(text))
        if len(batch) > ANSWER_POSTS:
            left = len(batch) - ANSWER_POSTS + 1
            batch = batch[: ANSWER_POSTS - 1] + posts.text_posts(
                f"... and {left} more messages of this answer, left out. Fix what is above "
                "and send again."
            )
        if files:
            batch[-1].files.extend(files)
        await self.answer(interaction, batch)
        await self.bot.delivery.flush()

    def _channel_id(self, interaction: discord.Interaction[Any]) -> int | None:
        return interaction.channel_id

    # -- errors ---------------------------------------------------------------------------------
    async def run(self, interaction: discord.Interaction[Any], work: Any) -> None:
        """Run one handler: a refusal is said to the member; a failure is logged and said."""
        try:
            await work
        except BotRefusal as refusal:
            await self._tell(interaction, str(refusal))
        except Exception:
            log.exception("handling interaction %s failed", interaction.id)
            await self._tell(
                interaction,
                "Something went wrong on the bot's side; nothing of your game was changed by "
                "it. Please try again; if it happens again, tell the server's admins.",
            )
            raise

    async def _tell(self, interaction: discord.Interaction[Any], text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)


async def text_or_file(text: str | None, file: discord.Attachment | None) -> str | None:
    """What a command was given: its `text`, or the attached file's; both at once is refused
    rather than one of them silently dropped."""
    if file is None:
        return text
    if text and text.strip():
        raise BotRefusal(
            f"Give the text or the file {file.filename}, not both: nothing was read. "
            "Send the command again with one of them."
        )
    return await read_attachment(file)


async def read_attachment(file: discord.Attachment) -> str:
    if not file.filename.lower().endswith(ORDERS_FILE_TYPES):
        raise BotRefusal(
            f"{file.filename}: attach a text file (.ssr, .sbr or .txt) with the fleet, the "
            "design or the orders."
        )
    if file.size > MAX_ATTACHMENT:
        raise BotRefusal(f"{file.filename} is too big ({file.size} bytes; at most 64 kB).")
    data = await file.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BotRefusal(
            f"{file.filename} is not UTF-8 text (byte {exc.start + 1}): save it as plain text."
        ) from exc


def _shortened(text: str) -> str:
    """The judge's answer with the member's quoted text (`> ` lines) cut to its first lines
    and every line to LINE_WIDTH characters, each cut saying what it left out."""
    lines = text.splitlines()
    quoted = [i for i, line in enumerate(lines) if line.startswith(">")]
    if len(quoted) > ECHO_LINES:
        cut = set(quoted[ECHO_LINES:])
        lines = [line for i, line in enumerate(lines) if i not in cut]
        lines.insert(quoted[ECHO_LINES - 1] + 1, f"> ... ({len(cut)} more lines you sent)")
    return "\n".join(
        line
        if len(line) <= LINE_WIDTH
        else f"{line[:LINE_WIDTH]}... ({len(line) - LINE_WIDTH} more characters)"
        for line in lines
    )
