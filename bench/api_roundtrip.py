"""The API's turn round trip (issue 46): from a program's POST of its turn to the event on its
opponent's open stream, through a running `spaceships web`; and the sample client's whole
games against the computer, one of each game.

    python bench/api_roundtrip.py [--turns 60] [--games N] [--game chess|spaceships] [--no-samples]

`spaceships web` runs as a keeper runs it, over a SQLite store. In Space Chess games between
two programs (or Spaceships games, `--game spaceships`: orders of no actions, each POST telling
the opponent the orders are in, or resolving the turn), tokens by mail, each seat keeps its
stream open (GET /api/games/NAME/stream); the side to act posts its turn (POST
/api/games/NAME/orders) and the clock runs until the other side's stream delivers the event it
caused. The games take turns round-robin, `--turns` turns in all, four a game (`--games`: more
games). The POST's own answer is timed too: in Space Chess most of it is the board picture
drawn for the opponent's mail, in the turn's transaction. Then `samples/api/play.py` plays a
game of each of the three games against the computer (their default levels), timed.
"""

from __future__ import annotations

import argparse
import json
import queue
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests"))
sys.path.append(str(ROOT / "tests" / "pbem" / "web"))

from web_support import (  # noqa: E402
    FLEET_A,
    FLEET_B,
    Served,  # noqa: E402
)
from web_support import Club as Players  # noqa: E402

from pbem.storage.store import open_store  # noqa: E402

ALICE, BOB = "alice@example.org", "bob@example.org"


def token(players: Players, game: str, sender: str, password: str) -> str:
    said = players.send(sender, f"token {game} {password}")
    found = re.search(r"API token for \S+: (\S+)", said)
    assert found, said
    return found.group(1)


def listen(url: str, token: str, game: str, arrived: queue.Queue[tuple[float, dict]]) -> None:
    """Keep the seat's stream open; each event with the moment it arrived."""
    request = urllib.request.Request(f"{url}/api/games/{game}/stream?since=0")
    request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=120) as stream:
        for line in stream:
            if line.strip():
                arrived.put((time.perf_counter(), json.loads(line)))


def post(url: str, token: str, game: str, text: str) -> dict:
    request = urllib.request.Request(
        f"{url}/api/games/{game}/orders", data=text.encode(), method="POST"
    )
    request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        return json.load(error)


def round_trips(
    url: str, seats: dict[str, dict[str, str]], turns: int, answered: list[float], move: str
) -> list[float]:
    """Each POST's time to the next event on the other seat's stream (its queue drained
    first: only an event the POST caused counts)."""
    streams: dict[tuple[str, str], queue.Queue[tuple[float, dict]]] = {}
    for game, tokens in seats.items():
        for seat, held in tokens.items():
            streams[game, seat] = queue.Queue()
            threading.Thread(
                target=listen, args=(url, held, game, streams[game, seat]), daemon=True
            ).start()
    time.sleep(1.0)  # the streams are open (a bench, not a test: no event to wait on)
    took: list[float] = []
    played = {game: 0 for game in seats}
    games = list(seats)
    for number in range(turns):
        game = games[number % len(games)]
        played[game] += 1
        seat = "A" if played[game] % 2 else "B"
        other = streams[game, "B" if seat == "A" else "A"]
        while not other.empty():
            other.get()
        started = time.perf_counter()
        said = post(url, seats[game][seat], game, move)
        answered.append(time.perf_counter() - started)
        assert said["accepted"], said
        at, _event = other.get(timeout=30)
        took.append(at - started)
    return took


def samples(url: str, db: Path) -> list[tuple[str, str, float]]:
    players = Players(open_store(db))
    runs = []
    for name, settings in (
        ("s-ships", "vs computer"),
        ("s-battle", "battles vs computer"),
        ("s-chess", "chess vs computer"),
    ):
        answer = players.send(ALICE, f"create {name} {settings}")
        password = re.search(rf"password for {name}: (\S+)", answer)
        assert password, answer
        held = token(players, name, ALICE, password.group(1))
        started = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                str(ROOT / "samples/api/play.py"),
                "--url",
                url,
                "--token",
                held,
                "--game",
                name,
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
        lines = done.stdout.strip().splitlines()
        runs.append((name, lines[0] + " | " + lines[-1], time.perf_counter() - started))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--games", type=int, default=0, help="default: a game per 4 turns")
    parser.add_argument("--no-samples", action="store_true")
    parser.add_argument("--game", choices=("chess", "spaceships"), default="chess")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "judge.sqlite3"
        players = Players(open_store(db))
        seats: dict[str, dict[str, str]] = {}
        # Four passes a game: the fifth would repeat the position a third time, a draw [SC12].
        chess = arguments.game == "chess"
        for number in range(1, (arguments.games or -(-arguments.turns // 4)) + 1):
            name = f"duel{number}"
            players.send("gm@example.org", f"create {name} {'chess' if chess else ''}".strip())
            players.seat(name, ALICE)
            players.seat(name, BOB)
            if not chess:
                players.as_player(name, ALICE, f"fleet {FLEET_A}")
                players.as_player(name, BOB, f"fleet {FLEET_B}")
            seats[name] = {
                "A": token(players, name, ALICE, players.passwords[name, ALICE]),
                "B": token(players, name, BOB, players.passwords[name, BOB]),
            }
        served = Served(db)
        try:
            answered: list[float] = []
            move = "pass" if chess else ""  # a turn of no actions: the game goes on
            took = round_trips(served.url, seats, arguments.turns, answered, move)
            print(f"API turn round trip, {len(took)} turns of {len(seats)} {arguments.game} games")
            print(f"  {'':44} {'median':>8} {'p90':>8} {'worst':>8}")
            for what, times in (
                ("POST to the opponent's stream event", took),
                ("POST to its answer", answered),
            ):
                times = sorted(times)
                p90 = times[int(0.9 * (len(times) - 1))]
                print(
                    f"  {what:44} {statistics.median(times) * 1000:6.0f}ms "
                    f"{p90 * 1000:6.0f}ms {times[-1] * 1000:6.0f}ms"
                )
            if not arguments.no_samples:
                print("\nThe sample client against the computer (samples/api/play.py)")
                for name, said, seconds in samples(served.url, db):
                    print(f"  {name:9} {seconds:6.1f} s  {said}")
        finally:
            served.stop()


if __name__ == "__main__":
    main()
