"""Discord members and threads as the judge's addresses, and a message as the bot's outbox keeps
it (JSON, its pictures' sights included)."""

from __future__ import annotations

import base64

from pbem.messages import Outbound

MEMBER = "discord:"
THREAD = "discord-thread:"
CHANNEL = "discord-channel:"  # a server's text channel: where a tournament's rounds are posted


def member_address(user_id: int) -> str:
    return f"{MEMBER}{user_id}"


def thread_address(thread_id: int) -> str:
    return f"{THREAD}{thread_id}"


def channel_address(channel_id: int) -> str:
    return f"{CHANNEL}{channel_id}"


def channel_id_of(address: str) -> int | None:
    return int(address[len(CHANNEL) :]) if address.startswith(CHANNEL) else None


def user_id_of(address: str) -> int | None:
    return int(address[len(MEMBER) :]) if address.startswith(MEMBER) else None


def thread_id_of(address: str) -> int | None:
    return int(address[len(THREAD) :]) if address.startswith(THREAD) else None


def outbound_to_json(message: Outbound) -> dict[str, object]:
    return {
        "to": list(message.to),
        "subject": message.subject,
        "body": message.body,
        "game": message.game,
        "kind": message.kind,
        "turn": message.turn,
        "attachments": [
            {
                "filename": a.filename,
                "content_type": a.content_type,
                "data": base64.b64encode(a.data).decode("ascii"),
            }
            for a in message.attachments
        ],
        "sights": [str(sight) for sight in message.sights],
    }
