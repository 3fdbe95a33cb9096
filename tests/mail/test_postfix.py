"""The judge behind a real Postfix, configured as docs/running-a-judge.md says (issue 27): a
burst of mail from many players reaches the judge through Postfix's queue, by a transport map
to `serve` and by a master.cf `pipe` transport to `receive` (Postfix runs up to 20 of those at
once), and each mail is answered exactly once. A private Postfix in a temporary folder
(postfix_server); skipped, with the reason, where it cannot run."""

from __future__ import annotations

import os
import pwd
import site
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
from postfix_server import JUDGE, postfix, why_not  # noqa: E402

# One private Postfix at a time, however many processes run the suite.
pytestmark = pytest.mark.xdist_group("postfix")

ROOT = Path(__file__).resolve().parents[2]
BURST = 30
# Where the judge's code and its libraries are, for a process of another user (its own site
# setup may differ from root's).
JUDGE_PATH = ":".join([str(ROOT), *site.getsitepackages()])


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


def _nobody_runs(program: str) -> bool:
    nobody = pwd.getpwnam("nobody")

    def become() -> None:
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)

    try:
        done = subprocess.run(
            [program, "-c", "import spaceships_cli"], preexec_fn=become, capture_output=True,
            env={**os.environ, "PYTHONPATH": JUDGE_PATH}, timeout=60,
        )  # fmt: skip
    except OSError:
        return False
    return done.returncode == 0


def test_receive_by_a_master_cf_pipe_transport_answers_a_burst_once_each(
    folder: Path, sink: tuple[Sink, int]
) -> None:
    if not _nobody_runs(sys.executable):
        pytest.skip(
            f"the user Postfix's pipe runs as (nobody) cannot run {sys.executable} and the "
            "judge: the install must be readable by that user (docs/running-a-judge.md)"
        )
    handler, relay_port = sink
    judge = folder / "judge"
    judge.mkdir()
    os.chown(judge, pwd.getpwnam("nobody").pw_uid, pwd.getpwnam("nobody").pw_gid)
    wrapper = folder / "spaceships-receive"
    settings = _settings(folder, relay_port)
    if os.environ.get("LD_LIBRARY_PATH"):  # a Python built with its library elsewhere
        settings["LD_LIBRARY_PATH"] = os.environ["LD_LIBRARY_PATH"]
    exports = "".join(f"export {k}={v}\n" for k, v in settings.items())
    wrapper.write_text(
        f"#!/bin/sh\n{exports}export PYTHONPATH={JUDGE_PATH}\ncd {judge}\n"
        f'exec {sys.executable} -c "from spaceships_cli import main; main()" pbem receive '
        f"2>>{judge}/receive.log\n"
    )
    wrapper.chmod(0o755)
    port = _port()
    with postfix(folder / "postfix", port, "spaceships:", receive=str(wrapper)) as log:
        ids = _burst(port)
        answered = handler.wait_for(BURST)
        said = (judge / "receive.log").read_text() if (judge / "receive.log").exists() else ""
        assert {i: answered[i] for i in ids} == dict.fromkeys(ids, 1), log.read_text()[-3000:]
        assert sum(answered.values()) == BURST
        assert "Traceback" not in said
