"""Issue 48 item 3: replies leave promptly and errors say what is wrong. A reply the outbox
could not take goes out with the next `tick` once the folder is mended, and `tick` counts it;
a full disk is named as such, not as SQLite's "disk I/O error"."""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from pbem.mail import receive_cli
from pbem.mail.gateway import MailGateway
from pbem.mail.receive_cli import one_line


def test_a_reply_the_outbox_could_not_take_goes_with_the_next_tick_once_mended(
    make_gateway: Callable[..., MailGateway], echo, mail, clock, tmp_path: Path
) -> None:
    gateway = make_gateway(echo)
    temporary = tmp_path / "outbox" / "tmp"
    shutil.rmtree(temporary)
    temporary.write_text("not a folder")  # the outbox cannot take a message
    receipt = gateway.receive(mail("help"))
    assert receipt.status == "processed" and gateway.delivery.outbox.keys() == []
    temporary.unlink()
    temporary.mkdir()  # mended
    clock.advance(seconds=11)
    assert gateway.tick() == 1  # said, not "0 message(s) sent"
    (key,) = gateway.delivery.outbox.keys()
    assert b"Read:\nhelp" in gateway.delivery.outbox.read(key)
    assert gateway.tick() == 0


def test_a_full_disk_is_named_with_its_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(receive_cli, "disk_full", lambda folder: folder == "/var/lib/spaceships")
    said = one_line(sqlite3.OperationalError("disk I/O error"), ("/var/lib/spaceships", "/x"))
    assert said == "the disk holding /var/lib/spaceships is full (SQLite: disk I/O error)"
    monkeypatch.setattr(receive_cli, "disk_full", lambda folder: False)
    said = one_line(sqlite3.OperationalError("disk I/O error"), ("/var/lib/spaceships",))
    assert said == "disk I/O error"  # not full: not blamed on the disk
    full = OSError(errno.ENOSPC, "No space left on device", "/srv/outbox/tmp/1.J2")
    assert one_line(full).startswith("the disk is full (writing /srv/outbox/tmp/1.J2)")
