"""The sample client (samples/api/play.py, issue 46) plays whole games through a running
`spaceships web`: one of each game against the computer, and one against another instance of
itself, seated by a challenge made and accepted through the API."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

from web_support import ROOT, Served
from web_support import Club as Players

from pbem.storage.store import open_store

CLIENT = ROOT / "samples" / "api" / "play.py"


def client(url: str, token: str, game: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CLIENT), "--url", url, "--token", token, "--game", game],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def posted(url: str, token: str, data: dict[str, str] | None = None) -> dict[str, object]:
    request = urllib.request.Request(
        url,
        data=json.dumps(data or {}).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def test_the_sample_client_plays_each_game_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "judge.sqlite3"
    players = Players(open_store(str(db)))
    tokens: dict[str, str] = {}
    for name, settings in (
        ("ships", "vs computer"),
        ("battle", "battles vs computer"),
        ("chess", "chess vs computer greedy"),
    ):
        answer = players.send("alice@example.org", f"create {name} {settings}")
        password = re.search(rf"password for {name}: (\S+)", answer)
        assert password, answer
        said = players.send("alice@example.org", f"token {name} {password.group(1)}")
        tokens[name] = re.search(r"API token for \S+: (\S+)", said).group(1)  # type: ignore[union-attr]
    masters = {}
    for who in ("alice", "bob"):
        answer = players.send(f"{who}@example.org", f"create home-{who}")
        password = re.findall(r"master password[^:]*: (\S+)", answer)[0]
        said = players.send(f"{who}@example.org", f"token home-{who} {password}")
        masters[who] = re.search(r"API token for \S+: (\S+)", said).group(1)  # type: ignore[union-attr]
    served = Served(db)
    try:
        made = posted(
            f"{served.url}/api/challenges",
            masters["alice"],
            {"name": "mirror", "settings": "battles turns=4"},
        )
        accepted = posted(f"{served.url}/api/challenges/mirror/accept", masters["bob"])
        seats = {"mirror-A": made["tokens"]["A"], "mirror-B": accepted["tokens"]["B"]}  # type: ignore[index]
        running = {name: client(served.url, token, name) for name, token in tokens.items()}
        running |= {seat: client(served.url, token, "mirror") for seat, token in seats.items()}
        for name, process in running.items():
            out, err = process.communicate(timeout=240)
            assert process.returncode == 0, (name, out, err)
            assert re.search(r": over after \d+ turns sent", out), (name, out)
    finally:
        served.stop()
