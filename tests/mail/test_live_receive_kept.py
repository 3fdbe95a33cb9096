"""Issue 37 item 3: a `receive` that starts while another is still answering its mail (waiting
for the database, as under a burst) leaves that mail to it: only a mail whose `receive` died is
taken over. Real processes on one SQLite store; the first one is held between storing its mail
and answering it, as a process waiting for the database's lock is. It works out of line
(receives on one SQLite store take turns, so another receive would wait for it: see
test_parallel_receive), as `serve` or a keeper's `replay` beside the receives do: the hold on
the message is what keeps it."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# `receive`, stopped after storing its mail until the gate file exists (or killed there).
HELD = """
import sys, time
from pathlib import Path
from contextlib import nullcontext
from pbem.mail.gateway import MailGateway
from pbem.mail.holding import Holds
Holds.turn = lambda self, wait: nullcontext()
gate = Path(sys.argv[1])
answer = MailGateway._process
def waiting(self, *args, **kwargs):
    print("stored", file=sys.stderr, flush=True)
    while not gate.exists():
        time.sleep(0.05)
    return answer(self, *args, **kwargs)
MailGateway._process = waiting
from spaceships_cli import main
sys.argv = ["spaceships", "pbem", "receive"]
main()
"""


def mail(number: int) -> bytes:
    return (
        f"From: Player {number} <p{number}@example.org>\r\nTo: judge@club.example\r\n"
        f"Subject: hello\r\nMessage-ID: <live{number}@example.org>\r\n\r\nlist\r\n"
    ).encode()


def _env(folder: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SPACESHIPS_DB": str(folder / "judge.sqlite3"),
        "SPACESHIPS_OUTBOX": str(folder / "outbox"),
        "SPACESHIPS_JUDGE_ADDRESS": "judge@club.example",
    }


def _held_receive(folder: Path, number: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-c", HELD, str(folder / "gate")], env=_env(folder), cwd=ROOT,
        stdin=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    process.stdin.write(mail(number))  # type: ignore[union-attr]
    process.stdin.close()  # type: ignore[union-attr]
    assert process.stderr.readline() == b"stored\n"  # type: ignore[union-attr]
    return process


def _receive(folder: Path, number: int) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "receive"],
        input=mail(number), env=_env(folder), cwd=ROOT, capture_output=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    return done.stderr.decode()


def _statuses(folder: Path) -> dict[str, str]:
    with sqlite3.connect(folder / "judge.sqlite3") as db:
        return dict(db.execute("SELECT message_id, status FROM mail_inbound").fetchall())


def _replies_to(folder: Path) -> list[str]:
    said = [f.read_text() for f in (folder / "outbox" / "new").iterdir()]
    return sorted(line.split()[1] for text in said for line in text.splitlines()
                  if line.startswith("In-Reply-To:"))  # fmt: skip


def test_a_receive_still_answering_its_mail_keeps_it_and_logs_no_duplicate(
    tmp_path: Path,
) -> None:
    first = _held_receive(tmp_path, 1)
    try:
        said = _receive(tmp_path, 2)  # starts, stores and answers its own, resumes nothing
        assert "resumed" not in said, said
        assert _statuses(tmp_path)["<live1@example.org>"] == "received"  # left to its holder
        (tmp_path / "gate").touch()
        first.wait(60)
        first_said = first.stderr.read().decode()  # type: ignore[union-attr]
        assert first.returncode == 0, first_said
        assert "<live1@example.org>: processed" in first_said
        assert "duplicate" not in first_said and "settled by another process" not in first_said
    finally:
        first.kill()
        first.wait(10)
    assert _replies_to(tmp_path) == ["<live1@example.org>", "<live2@example.org>"]


def test_a_mail_whose_receive_died_is_taken_over_by_the_next_once(tmp_path: Path) -> None:
    first = _held_receive(tmp_path, 1)
    first.send_signal(signal.SIGKILL)  # kill -9 between storing and answering
    first.wait(10)
    time.sleep(0.1)
    said = _receive(tmp_path, 2)
    assert "<live1@example.org>: resumed" in said, said
    assert _statuses(tmp_path) == {
        "<live1@example.org>": "processed",
        "<live2@example.org>": "processed",
    }
    assert "resumed" not in _receive(tmp_path, 3)  # once
    assert _replies_to(tmp_path) == [f"<live{n}@example.org>" for n in (1, 2, 3)]
