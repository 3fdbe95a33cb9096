"""Issue 48 item 1: the README's first command, `spaceships pbem`, starts the whole club on this
machine from the embedded defaults: the mail judge, the club page with play and one-time
links on (its key made beside the store on the first start), and the deadlines; it prints
where each part is; and what it leaves in a clone is all ignored by git (item 6)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import smtplib
import stat
import subprocess
import sys
import urllib.request
from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner

from spaceships_cli import main

ROOT = Path(__file__).resolve().parents[2]


def _mail(port: int, sender: str, text: str) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, "judge@localhost", "commands"
    message.set_content(text + "\n")
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
        client.send_message(message)


def _replies_to(folder: Path, address: str) -> list[str]:
    texts = [path.read_text() for path in sorted((folder / "spaceships-outbox" / "new").iterdir())]
    return [text for text in texts if re.search(rf"^To: {re.escape(address)}$", text, re.M)]


def test_spaceships_pbem_starts_the_mail_judge_the_club_page_and_its_links(
    tmp_path: Path,
) -> None:
    shutil.copy(ROOT / ".gitignore", tmp_path / ".gitignore")
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SPACESHIPS_", "DISCORD_"))
    }
    # Ports of the system's choosing, so that tests run side by side; all else the defaults.
    environment |= {
        "SPACESHIPS_LISTEN": "127.0.0.1:0",
        "SPACESHIPS_WEB_LISTEN": "127.0.0.1:0",
        "PYTHONPATH": str(ROOT),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "spaceships_cli", "pbem"],
        env=environment,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    banner: list[str] = []
    try:
        while not banner or "Ctrl-C stops." not in banner[-1]:
            line = process.stdout.readline()  # type: ignore[union-attr]
            assert line, "".join(banner)
            banner.append(line)
        said = "".join(banner)
        port = int(re.search(r"over SMTP at 127\.0\.0\.1:(\d+)", said).group(1))  # type: ignore[union-attr]
        url = re.search(r"The club page is at (http://\S+/);", said).group(1)  # type: ignore[union-attr]
        assert "spaceships-judge.sqlite3-web-key" in said and "DISCORD_TOKEN" in said
        assert "Maildir spaceships-outbox/new" in said
        with urllib.request.urlopen(url, timeout=60) as page:
            assert page.status == 200
        key = tmp_path / "spaceships-judge.sqlite3-web-key"
        assert stat.S_IMODE(key.stat().st_mode) == 0o600  # made on the first start, private

        _mail(port, "gm@example.org", "create alpha")
        _mail(port, "alice@example.org", "join alpha")
        _mail(port, "alice@example.org", "web alpha")
        (link,) = [t for t in _replies_to(tmp_path, "alice@example.org") if "/link/" in t]
        assert f"{url}link/" in link
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert status.splitlines() == ["?? .gitignore"]  # nothing of the judge's shows


def test_spaceships_web_opens_the_same_store_as_the_mail_judge_by_default(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SPACESHIPS_DB", raising=False)
    result = CliRunner().invoke(main, ["web"])
    assert result.exit_code == 2
    assert "no judge database at ./spaceships-judge.sqlite3" in result.output
