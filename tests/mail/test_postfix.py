"""The judge behind a real Postfix, configured as docs/running-a-judge.md says (issues 27 and
37): a burst of mail from many players reaches the judge through Postfix's queue, by a
transport map to `serve`, by a master.cf `pipe` transport to `receive` through the docs' wrapper
(at the docs' `maxproc` of 4, and at 20), and by an alias in a file of its own, run as that
file's owner; each mail is answered exactly once. A slip in the set-up has Postfix hold the mail
with the reason in its log, never bounce it, and deliver it once mended. A private Postfix in a
temporary folder (postfix_server) and an install the pipe's user can read (readable_install);
skipped, with the reason, where they cannot be had."""

from __future__ import annotations

import os
import pwd
import smtplib
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from email import message_from_bytes
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

sys.path.insert(0, str(Path(__file__).resolve().parent))
import readable_install  # noqa: E402
from postfix_server import JUDGE, postfix, why_not  # noqa: E402

# One private Postfix at a time, however many processes run the suite.
pytestmark = pytest.mark.xdist_group("postfix")

ROOT = Path(__file__).resolve().parents[2]
BURST = 30


class Sink:
    """The relay the judge sends its replies to: the Message-ID each answers."""

    def __init__(self) -> None:
        self.answered: list[str] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        message = message_from_bytes(envelope.original_content)  # type: ignore[attr-defined]
        with self.lock:
            self.answered.append(str(message["In-Reply-To"]))
        return "250 OK"

    def wait_for(self, count: int, seconds: float = 180) -> Counter[str]:
        for _ in range(int(seconds * 10)):
            with self.lock:
                if len(self.answered) >= count:
                    break
            time.sleep(0.1)
        time.sleep(2)  # a second answer to any of them would come now
        with self.lock:
            return Counter(self.answered)


@pytest.fixture
def folder() -> Iterator[Path]:
    reason = why_not()
    if reason:
        pytest.skip(reason)
    # Not under pytest's private temporary root: Postfix's own users must reach the files.
    with tempfile.TemporaryDirectory(prefix="spaceships-postfix-") as name:
        os.chmod(name, 0o755)
        yield Path(name)


@pytest.fixture
def sink(free_port: int) -> Iterator[tuple[Sink, int]]:
    handler = Sink()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port)
    controller.start()
    yield handler, free_port
    controller.stop()


def _port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _burst(port: int) -> list[str]:
    """BURST mails from as many players, over six connections at once, to Postfix."""
    ids = [f"<burst{n}@example.org>" for n in range(BURST)]

    def lane(lane_ids: list[str]) -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
            for message_id in lane_ids:
                number = message_id[6:].split("@")[0]
                raw = (
                    f"From: Player {number} <p{number}@example.org>\r\nTo: {JUDGE}\r\n"
                    f"Subject: hello\r\nMessage-ID: {message_id}\r\n\r\nlist\r\n"
                ).encode()
                client.sendmail(f"p{number}@example.org", [JUDGE], raw)

    lanes = [threading.Thread(target=lane, args=(ids[i::6],)) for i in range(6)]
    for thread in lanes:
        thread.start()
    for thread in lanes:
        thread.join(120)
    return ids


def _settings(folder: Path, relay_port: int) -> dict[str, str]:
    return {
        "SPACESHIPS_JUDGE_ADDRESS": JUDGE,
        "SPACESHIPS_DB": str(folder / "judge" / "judge.sqlite3"),
        "SPACESHIPS_OUTBOX": str(folder / "judge" / "outbox"),
        "SPACESHIPS_SMTP_RELAY": f"smtp://127.0.0.1:{relay_port}",
    }


def test_serve_behind_a_postfix_transport_answers_a_burst_once_each(
    folder: Path, sink: tuple[Sink, int]
) -> None:
    handler, relay_port = sink
    (folder / "judge").mkdir()
    serve_port = _port()
    serve = subprocess.Popen(
        [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "serve",
         "--listen", f"127.0.0.1:{serve_port}"],
        env={**os.environ, **_settings(folder, relay_port)},
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert "is running" in serve.stdout.readline()  # type: ignore[union-attr]
        port = _port()
        with postfix(folder / "postfix", port, f"smtp:[127.0.0.1]:{serve_port}") as log:
            ids = _burst(port)
            answered = handler.wait_for(BURST)
            assert {i: answered[i] for i in ids} == dict.fromkeys(ids, 1), log.read_text()[-3000:]
            assert sum(answered.values()) == BURST
    finally:
        serve.terminate()
        serve.wait(30)


@pytest.fixture(scope="module")
def install() -> Iterator[Path]:
    reason = why_not() or readable_install.why_not()
    if reason:
        pytest.skip(reason)
    with tempfile.TemporaryDirectory(prefix="spaceships-install-") as name:
        os.chmod(name, 0o755)
        yield readable_install.make(Path(name) / "venv")


def _set_up(folder: Path, relay_port: int, install: Path) -> tuple[Path, Path]:
    """The docs' steps 2 and 3 in `folder`, for the user `nobody`: the settings, the data and
    log folders, the wrapper. The wrapper and the log folder."""
    nobody = pwd.getpwnam("nobody")
    for sub in ("judge", "log"):
        (folder / sub).mkdir(exist_ok=True)
        os.chown(folder / sub, nobody.pw_uid, nobody.pw_gid)
    settings = folder / "judge.env"
    settings.write_text("".join(f"{k}={v}\n" for k, v in _settings(folder, relay_port).items()))
    wrapper = folder / "spaceships-judge"
    wrapper.write_text(
        readable_install.docs_wrapper(settings, folder / "log" / "receive.log", install)
    )
    wrapper.chmod(0o755)
    return wrapper, folder / "log"


def _said(log: Path) -> str:
    return (log / "receive.log").read_text() if (log / "receive.log").exists() else ""


@pytest.mark.parametrize("maxproc", [4, 20])
def test_receive_by_a_master_cf_pipe_transport_answers_a_burst_once_each(
    folder: Path, sink: tuple[Sink, int], install: Path, maxproc: int
) -> None:
    handler, relay_port = sink
    wrapper, log_folder = _set_up(folder, relay_port, install)
    port = _port()
    receive = f"{wrapper} receive"
    with postfix(folder / "postfix", port, "spaceships:", receive, maxproc=maxproc) as log:
        ids = _burst(port)
        answered = handler.wait_for(BURST)
        assert {i: answered[i] for i in ids} == dict.fromkeys(ids, 1), log.read_text()[-3000:]
        assert sum(answered.values()) == BURST
        said = _said(log_folder)
        assert "Traceback" not in said and "duplicate" not in said, said
        assert "status=deferred" not in log.read_text()  # no mail waited for a retry


def test_a_slip_in_the_set_up_has_postfix_hold_the_mail_with_the_reason_then_deliver_it(
    folder: Path, sink: tuple[Sink, int], install: Path
) -> None:
    handler, relay_port = sink
    wrapper, log_folder = _set_up(folder, relay_port, install)
    log_folder.rmdir()  # the slip: the wrapper's log folder was never made
    port = _port()
    with postfix(folder / "postfix", port, "spaceships:", f"{wrapper} receive") as log:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
            client.sendmail("p1@example.org", [JUDGE], (
                f"From: p1@example.org\r\nTo: {JUDGE}\r\nSubject: hello\r\n"
                "Message-ID: <slip1@example.org>\r\n\r\nlist\r\n").encode())  # fmt: skip
        for _ in range(600):
            if "status=deferred" in log.read_text():
                break
            time.sleep(0.1)
        said = log.read_text()
        deferred = [line for line in said.splitlines() if "status=deferred" in line]
        assert deferred, said[-3000:]
        assert f"no folder {log_folder} for the log" in deferred[0], deferred[0]
        assert "status=bounced" not in said and handler.answered == []
        log_folder.mkdir()  # mended: Postfix's next try delivers it
        os.chown(log_folder, pwd.getpwnam("nobody").pw_uid, pwd.getpwnam("nobody").pw_gid)
        answered = handler.wait_for(1)
        assert answered == {"<slip1@example.org>": 1}, log.read_text()[-3000:]
        assert "status=bounced" not in log.read_text()


def test_an_alias_in_a_file_of_its_own_runs_receive_as_that_files_owner(
    folder: Path, sink: tuple[Sink, int], install: Path
) -> None:
    """Postfix runs an alias's command as the owner of the alias file (`default_privs`, here
    `daemon`, only for root's): so the judge's data belong to the user the other ways and
    cron use too (issue 37 item 6)."""
    handler, relay_port = sink
    wrapper, log_folder = _set_up(folder, relay_port, install)
    port = _port()
    alias = (f'judge: "|{wrapper} receive"', "nobody")
    with postfix(folder / "postfix", port, "", alias=alias) as log:
        ids = _burst(port)
        answered = handler.wait_for(BURST)
        assert {i: answered[i] for i in ids} == dict.fromkeys(ids, 1), log.read_text()[-3000:]
        assert "Traceback" not in _said(log_folder)
    database = folder / "judge" / "judge.sqlite3"
    assert database.stat().st_uid == pwd.getpwnam("nobody").pw_uid
