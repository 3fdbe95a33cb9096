"""The one-time link of `web NAME` as the mail carries it (issue 47, item 7): one short line of
the raw 7-bit mail, well under the 78 characters a mail program keeps unwrapped (it was one
line of 220), and the same whole link a reader's client shows."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email import policy
from email.parser import BytesParser

import pytest

from pbem.judge import Judge
from pbem.mail.outbound import Composer, ThreadIndex
from pbem.messages import Inbound
from pbem.storage.store import open_store


def test_the_link_is_one_short_line_of_the_raw_mail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPACESHIPS_WEB_URL", "https://games.example.org")
    store = open_store(":memory:")
    judge = Judge(store, lambda: datetime.now(UTC))
    judge.handle(Inbound("gm@example.org", "create alpha"))
    judge.handle(Inbound("alice@example.org", "join alpha"))
    (reply,) = judge.handle(Inbound("alice@example.org", "web alpha"))
    (mail,) = Composer("judge@example.org", ThreadIndex(store.connection)).compose(reply)
    raw = mail.as_bytes().decode("ascii")
    lines = [line for line in raw.splitlines() if "games.example.org/link/" in line]
    assert len(lines) == 1 and len(lines[0]) <= 60, lines
    link = lines[0].strip()
    assert re.fullmatch(r"https://games\.example\.org/link/[0-9a-f]{24}", link)
    shown = BytesParser(policy=policy.default).parsebytes(mail.as_bytes())
    assert link in shown.get_content()  # type: ignore[attr-defined]
