"""Helpers of the bot tests: a server with a channel, members who use the bot the way people
do, and everything each of them can see (channel, threads, DMs, their ephemeral answers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from sample_fleets import FLEET_A as FLEET_A
from sample_fleets import FLEET_B as FLEET_B
from sample_fleets import FLEET_B_SWAPPED as FLEET_B_SWAPPED

from bot import create_bot
from pbem.storage.store import Store


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    store: Store
    members: dict[str, Any] = field(default_factory=dict)

    def member(self, name: str) -> Any:
        if name not in self.members:
            self.members[name] = self.guild.add_member(self.env.create_user(name))
        return self.members[name]

    @property
    def bot(self) -> Any:
        return self.env.bot

    def thread(self) -> Any:
        threads = self.channel.threads
        assert threads, "no game thread"
        return threads[-1]

    def dms(self, name: str) -> list[discord.Message]:
        return self.member(name).user.dm_channel.history()

    async def restart(self) -> None:
        """Stop the bot and start a new one on the same store, as after a crash or upgrade."""
        await self.env.restart_bot(create_bot(self.store, shard_count=1))

    def close_dms(self, name: str) -> None:
        """The member does not accept direct messages from the bot (Discord error 50007)."""
        channel = self.member(name).user.dm_channel
        self.env.inject_error(
            "POST",
            f"/channels/{channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )


async def start_game(world: World, a: str = "alice", b: str = "bob", **settings: Any) -> Any:
    """`a` challenges `b`, who accepts; the game's thread."""
    alice, bob = world.member(a), world.member(b)
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob, **settings)
    assert posted.response is not None, posted
    accepted = await bob.click(posted.response.message, label="Accept")
    assert accepted.acknowledged
    return world.thread()


def text_of(result: Any) -> str:
    """Everything a member read in an interaction's answers: contents and embed texts."""
    parts = []
    messages = []
    if result.response is not None:
        messages.append(result.response)
    messages += result.followups
    for message in messages:
        parts.append(message.content)
        for embed in message.embeds:
            parts.append(f"{embed.title}\n{embed.description}")
    return "\n".join(parts)


# Alice sinks a fleet placed as FLEET_A in three turns (the README's game).
SINKING_ORDERS = (
    "bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3",
    "bRv1Yv1 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2",
    "Bz3 Bz4",
)


def attachment_bytes(env: Any, message: Any) -> list[tuple[str, bytes]]:
    return [(a.filename, env.backend.cdn.get(a.url) or b"") for a in message.attachments]


def message_record(env: Any, message: Any) -> tuple[Any, ...]:
    """All a reader gets from one message: text, embeds, files (bytes), buttons."""
    return (
        message.content,
        [e.to_dict() for e in message.embeds],
        attachment_bytes(env, message),
        [
            [getattr(c, "custom_id", None) or getattr(c, "label", None) for c in row.children]
            for row in message.components
        ],
    )


def result_record(env: Any, result: Any) -> list[tuple[Any, ...]]:
    messages = ([result.response.message] if result.response is not None else []) + [
        f.message for f in result.followups
    ]
    return [message_record(env, m) for m in messages]


# Messages a bot sends: default, reply, a command's answer (Discord's message types).
SENT = (0, 19, 20)


def pings_only(world: World, allowed: set[int]) -> None:
    """Every message of the bot, as Discord keeps it: its mention policy lets it ping no
    one but `allowed`, and it pinged no one else."""
    bot_id = world.bot.user.id
    members = {m.id for m in world.members.values()}
    checked = 0
    for channel in world.env.backend.messages.values():
        for message in channel.values():
            if message.author_id in members and message.author_id != bot_id:
                continue
            if message.type not in SENT:
                continue  # Discord's own notes (a thread was made), written by no one
            policy = message.allowed_mentions
            where = f"{message.content[:200]!r}"
            assert not policy.everyone and not message.mention_everyone, where
            assert policy.roles is not None and not policy.roles, where
            assert not message.ping_role_ids, where
            assert policy.users is not None and policy.users <= allowed, where
            assert set(message.ping_user_ids) <= allowed, where
            checked += 1
    assert checked
