"""Issue 37 items 1 and 7: the wrapper docs/running-a-judge.md gives (`spaceships-judge`, taken
from the docs as a club admin pastes it) never lets a slip in the set-up bounce a player's mail.
No log folder, a log or log folder of another user, settings it cannot read, no database folder
it may make, a database folder of another user, an install it cannot run or that cannot load:
each ends in 75 (EX_TEMPFAIL: Postfix keeps the mail and retries) with the reason in one line on
standard output (what Postfix writes in its log), and the mail goes through once it is mended.
Run as `nobody`, as a mail server's pipe runs it, against a readable install in a temporary
folder (readable_install)."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import readable_install  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOBODY = pwd.getpwnam("nobody")


@pytest.fixture(scope="module")
def install() -> Iterator[Path]:
    if os.getuid() != 0:
        pytest.skip("running the wrapper as another user (nobody) needs root")
    reason = readable_install.why_not()
    if reason:
        pytest.skip(reason)
    with tempfile.TemporaryDirectory(prefix="spaceships-install-") as name:
        os.chmod(name, 0o755)
        yield readable_install.make(Path(name) / "venv")


class Judge:
    """One judge set up as the docs' steps 2 and 3 do, in a temporary folder: settings, data
    folder and log folder owned by the pipe's user (nobody here), the wrapper pointing there."""

    def __init__(self, root: Path, program: Path) -> None:
        self.root = root
        self.settings = root / "etc" / "judge.env"
        self.data = root / "data"
        self.logs = root / "log"
        self.program = program
        for folder in (self.settings.parent, self.data, self.logs):
            folder.mkdir(parents=True)
        os.chmod(root, 0o755)
        os.chmod(self.settings.parent, 0o755)
        for folder in (self.data, self.logs):
            os.chown(folder, NOBODY.pw_uid, NOBODY.pw_gid)
        self.write_settings(self.data / "judge.sqlite3")
        self.wrapper = root / "spaceships-judge"
        self.sent = 0

    def write_settings(self, db: Path) -> None:
        self.settings.write_text(
            "SPACESHIPS_JUDGE_ADDRESS=judge@club.example\n"
            f"SPACESHIPS_DB={db}\nSPACESHIPS_OUTBOX={self.data / 'outbox'}\n"
        )
        os.chmod(self.settings, 0o644)

    def write_wrapper(self, program: Path | None = None) -> None:
        self.wrapper.write_text(
            readable_install.docs_wrapper(
                self.settings, self.logs / "receive.log", program or self.program
            )
        )
        self.wrapper.chmod(0o755)

    def receive(self) -> subprocess.CompletedProcess[str]:
        self.sent += 1
        mail = (
            "From: Alice <alice@example.org>\nTo: judge@club.example\nSubject: hi\n"
            f"Message-ID: <wrapped{self.sent}@example.org>\n\nhelp\n"
        )

        def become() -> None:
            os.setgid(NOBODY.pw_gid)
            os.setuid(NOBODY.pw_uid)

        return subprocess.run(
            [str(self.wrapper), "receive"], input=mail, capture_output=True, text=True,
            preexec_fn=become, cwd="/", env={"PATH": "/usr/bin:/bin"}, timeout=120,
        )  # fmt: skip


@pytest.fixture
def judge(install: Path) -> Iterator[Judge]:
    with tempfile.TemporaryDirectory(prefix="spaceships-wrapper-") as name:
        judge = Judge(Path(name), install)
        judge.write_wrapper()
        yield judge


def _no_log_folder(judge: Judge) -> Callable[[], None]:
    judge.logs.rmdir()
    return lambda: (judge.logs.mkdir(), os.chown(judge.logs, NOBODY.pw_uid, NOBODY.pw_gid))


def _log_folder_of_another_user(judge: Judge) -> Callable[[], None]:
    os.chown(judge.logs, 0, 0)
    return lambda: os.chown(judge.logs, NOBODY.pw_uid, NOBODY.pw_gid)


def _log_file_of_another_user(judge: Judge) -> Callable[[], None]:
    (judge.logs / "receive.log").write_text("")
    os.chmod(judge.logs / "receive.log", 0o644)
    return lambda: os.chown(judge.logs / "receive.log", NOBODY.pw_uid, NOBODY.pw_gid)


def _settings_unreadable(judge: Judge) -> Callable[[], None]:
    os.chmod(judge.settings, 0o600)
    return lambda: os.chmod(judge.settings, 0o644)


def _no_database_folder(judge: Judge) -> Callable[[], None]:
    judge.write_settings(judge.root / "lib" / "spaceships" / "judge.sqlite3")  # in root's folder

    def mend() -> None:
        (judge.root / "lib" / "spaceships").mkdir(parents=True)
        os.chown(judge.root / "lib" / "spaceships", NOBODY.pw_uid, NOBODY.pw_gid)

    return mend


def _database_folder_of_another_user(judge: Judge) -> Callable[[], None]:
    os.chown(judge.data, 0, 0)
    return lambda: os.chown(judge.data, NOBODY.pw_uid, NOBODY.pw_gid)


def _install_unreadable(judge: Judge) -> Callable[[], None]:
    private = judge.root / "private"  # as a virtual environment in root's home folder
    private.mkdir(mode=0o700)
    shutil.copy(judge.program, private / "spaceships")
    judge.write_wrapper(private / "spaceships")
    return judge.write_wrapper


def _no_install(judge: Judge) -> Callable[[], None]:
    judge.write_wrapper(judge.root / "nowhere" / "spaceships")
    return judge.write_wrapper


def _install_that_cannot_load(judge: Judge) -> Callable[[], None]:
    broken = judge.root / "broken-spaceships"  # its Python finds no judge
    broken.write_text("#!/usr/bin/python3 -I\nimport spaceships_cli\n")
    broken.chmod(0o755)
    judge.write_wrapper(broken)
    return judge.write_wrapper


def _install_killed(judge: Judge) -> Callable[[], None]:
    killed = judge.root / "killed-spaceships"  # killed after its receipt (kill -9, OOM)
    killed.write_text("#!/bin/sh\necho '#1 <wrapped1@example.org>: processed' >&2\nkill -9 $$\n")
    killed.chmod(0o755)
    judge.write_wrapper(killed)
    return judge.write_wrapper


def _install_that_says_nothing(judge: Judge) -> Callable[[], None]:
    silent = judge.root / "silent-spaceships"
    silent.write_text("#!/bin/sh\nexit 3\n")
    silent.chmod(0o755)
    judge.write_wrapper(silent)
    return judge.write_wrapper


SLIPS = {
    "no log folder": (_no_log_folder, "no folder"),
    "a log folder of another user": (_log_folder_of_another_user, "nobody cannot write in"),
    "a log file of another user": (_log_file_of_another_user, "nobody cannot write"),
    "settings it cannot read": (_settings_unreadable, "nobody cannot read"),
    "no database folder": (_no_database_folder, "cannot make the folder of the store"),
    "a database folder of another user": (_database_folder_of_another_user, "cannot open"),
    "an install it cannot read": (_install_unreadable, "cannot run"),
    "no install": (_no_install, "is missing"),
    "an install that cannot load": (_install_that_cannot_load, "No module named"),
    # issue 48: never an empty reason ("ended with status 137: ;") nor "processed"
    "a judge killed": (_install_killed, "was killed by signal 9 before it ended; the mail"),
    "a judge that says nothing": (_install_that_says_nothing, "status 3: it said nothing;"),
}


@pytest.mark.parametrize("slip", list(SLIPS))
def test_a_slip_in_the_set_up_defers_the_mail_with_the_reason_in_one_line(
    judge: Judge, slip: str
) -> None:
    make, reason = SLIPS[slip]
    mend = make(judge)
    deferred = judge.receive()
    assert deferred.returncode == 75, (deferred.stdout, deferred.stderr)
    assert len(deferred.stdout.splitlines()) == 1, deferred.stdout  # one line for Postfix's log
    assert reason in deferred.stdout, deferred.stdout
    log = judge.logs / "receive.log"
    before = log.stat().st_size if log.exists() else 0  # what the slip left in the log
    mend()
    mended = judge.receive()  # the retry once mended
    assert (mended.returncode, mended.stdout) == (0, ""), (mended.stdout, mended.stderr)
    said = log.read_bytes()[before:].decode()
    assert said == "#1 <wrapped2@example.org>: processed\n", said


def test_the_wrapper_set_up_right_stores_and_answers_the_mail_and_logs_it(judge: Judge) -> None:
    done = judge.receive()
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert "<wrapped1@example.org>: processed" in (judge.logs / "receive.log").read_text()
    (reply,) = (judge.data / "outbox" / "new").iterdir()
    assert "In-Reply-To: <wrapped1@example.org>" in reply.read_text()
    assert (judge.data / "judge.sqlite3").stat().st_uid == NOBODY.pw_uid  # the pipe's user's
