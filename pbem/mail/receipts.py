"""What the mail gateway answers and needs: a message's receipt, the judge it hands mail to,
and the error of replaying a message it never stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from pbem.mail.archive import Status
from pbem.messages import Inbound, Outbound

__all__ = ["JudgeLike", "Receipt", "ReplayError"]


class JudgeLike(Protocol):
    def handle(self, inbound: Inbound) -> list[Outbound]: ...

    def tick(self, now: datetime | None = None) -> list[Outbound]: ...


@dataclass(frozen=True, slots=True)
class Receipt:
    """What became of one inbound message."""

    archive_id: int
    message_id: str
    status: Status
    reason: str | None = None  # why ignored/refused/failed
    replies: int = 0  # mail messages written or sent


class ReplayError(ValueError):
    def __init__(self, id: int) -> None:
        super().__init__(f"no stored message #{id}")
        self.id = id
