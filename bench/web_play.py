"""Play in the browser (issue 35): how soon the other player's page shows a turn, and how many
seat pages a second `spaceships web` serves with 100 players signed in.

    python bench/web_play.py [--games 50] [--seconds 10] [--turns 10]
    python bench/web_play.py --flood forms|streams [--seconds 10] [--tree OTHER_CHECKOUT] [--forged]
        [--nofile 1024] [--server-log PATH]
    python bench/web_play.py --chess [--games 50] [--playing 20] [--tree OTHER_CHECKOUT]

`spaceships web` runs as a keeper runs it, over a SQLite store of `--games` games of Spaceships
whose fleets are in (made through the judge); two players per game sign in with their
passwords over HTTP, each with their own cookies, and each keeps the game's live stream open
(Server-Sent Events) as their page does.

- Turn to the other page: in `--turns` games, B's orders are in; A sends the orders that
  resolve the turn (the form's POST and its redirect); the time until B's open stream is told
  the game changed, and until B's page, read again as live.js does, shows the results.
- Seat pages: every signed-in player asks for their own page (`/games/NAME/play`: status,
  history, forms, as the judge answers them) as fast as answers come, for `--seconds`.

With `--flood` (issue 42, items 2 and 3), another visitor asks for the list one request after
another while a flood goes on, and the list's median, 99th percentile and longest wait are
printed (a request that takes 15 s is given up and counted):
- `forms`: four signed-in sessions send the orders form as fast as answers come, for
  `--seconds`, once with the audit's 1 MB text and once with 7 KiB (within the cap).
- `streams`: one client opens `--streams` live streams (1,100: the audit's) to a server whose
  descriptor limit is systemd's default soft limit, 1,024; the server's log lines are counted.
  With `--forged` each stream names an address of its own in `X-Real-IP`, and the server
  believes it (the loopback named a trusted proxy, as behind nginx).
With `--chess` (issue 44, item 5): `--games` games of Space Chess, every seat's stream open
(each player from an address of their own), and in `--playing` of them the six turns of
samples/spacechess/short.scr played at once, each sent by its side's form; for each turn, the
time until the other seat's open stream is told and until its page, read again with every
picture it shows (as a browser loads them), shows the turn; meanwhile the club list is read
again and again.
`--tree` serves another checkout's code (e.g. main's, before a change) over the same store.
Loopback only; the flood is bounded by `--seconds` and `--streams`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests"))
sys.path.append(str(ROOT / "tests" / "pbem" / "web"))

import aiohttp  # noqa: E402
from web_support import FLEET_A, FLEET_B  # noqa: E402
from web_support import Club as Players  # noqa: E402

from pbem.storage.store import open_store  # noqa: E402

ALICE, BOB = "alice@example.org", "bob@example.org"


def make_store(path: Path, games: int) -> dict[tuple[str, str], str]:
    store = open_store(path)
    players = Players(store)
    for number in range(1, games + 1):
        name = f"g{number}"
        players.send("gm@example.org", f"create {name}")
        players.seat(name, ALICE)
        players.seat(name, BOB)
        players.as_player(name, ALICE, f"fleet {FLEET_A}")
        players.as_player(name, BOB, f"fleet {FLEET_B}")
    store.close()
    return players.passwords


async def hidden(session: aiohttp.ClientSession, url: str) -> dict[str, str]:
    async with session.get(url) as response:
        page = await response.text()
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))


async def sign_in(base: str, game: str, password: str) -> aiohttp.ClientSession:
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    fields = await hidden(session, f"{base}/games/{game}/play")
    async with session.post(
        f"{base}/games/{game}/play/sign-in", data={**fields, "password": password}
    ) as response:
        assert "Sign out" in await response.text(), "sign-in failed"
    return session


async def send_orders(session: aiohttp.ClientSession, base: str, game: str, text: str) -> str:
    page_url = f"{base}/games/{game}/play"
    async with session.get(page_url) as response:
        page = await response.text()
    form = re.search(r'<form class="play" id="form-orders".*?</form>', page, re.S)
    assert form, page
    data = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    async with session.post(page_url, data={**data, "text": text}) as response:
        return await response.text()


async def stream(session: aiohttp.ClientSession, base: str, game: str, seen: asyncio.Queue) -> None:
    async with session.get(f"{base}/games/{game}/events", timeout=None) as response:
        while True:
            block = await response.content.readuntil(b"\n\n")
            if block.startswith(b"event: moment"):
                await seen.put((time.perf_counter(), block))


async def run(
    db: Path,
    base: str,
    passwords: dict[tuple[str, str], str],
    games: int,
    seconds: float,
    turns: int,
) -> None:
    names = [f"g{n}" for n in range(1, games + 1)]
    started = time.perf_counter()
    seats = {}
    for name in names:
        seats[name, "A"] = await sign_in(base, name, passwords[name, ALICE])
        seats[name, "B"] = await sign_in(base, name, passwords[name, BOB])
    signed = time.perf_counter() - started
    queues = {key: asyncio.Queue() for key in seats}
    streams = [
        asyncio.create_task(stream(s, base, key[0], queues[key])) for key, s in seats.items()
    ]
    for queue in queues.values():
        await asyncio.wait_for(queue.get(), 30)  # each stream's first moment

    # -- turn to the other page --------------------------------------------------------
    told, shown, posted = [], [], []
    for name in names[:turns]:
        await send_orders(seats[name, "B"], base, name, "Rv1 Oz5 Gx1 Bv5")
        queue = queues[name, "B"]
        while not queue.empty():
            queue.get_nowait()
        start = time.perf_counter()
        await send_orders(seats[name, "A"], base, name, "Rx4 Rv5 Bv1")
        posted.append(time.perf_counter() - start)
        at, _ = await asyncio.wait_for(queue.get(), 30)
        told.append(at - start)
        async with seats[name, "B"].get(f"{base}/games/{name}/play") as response:
            page = await response.text()
        assert "1 B results" in page
        shown.append(time.perf_counter() - start)

    # -- a turn resolved by mail: another process, seen at the web's next poll -------------
    mailed = []
    store = open_store(db)
    players = Players(store)
    players.passwords.update(passwords)
    for name in names[:turns]:
        await send_orders(seats[name, "B"], base, name, "Rx5 Ov5")
        queue = queues[name, "B"]
        await asyncio.wait_for(queue.get(), 30)  # B's own orders told
        start = time.perf_counter()
        said = await asyncio.to_thread(players.as_player, name, ALICE, "orders 2: Gx2 Yv1")
        assert "adjudicated" in said, said
        at, _ = await asyncio.wait_for(queue.get(), 30)
        mailed.append(at - start)
    store.close()

    # -- seat pages with everyone signed in ---------------------------------------------
    latencies: list[float] = []
    stop = time.perf_counter() + seconds

    async def reader(key: tuple[str, str]) -> None:
        session = seats[key]
        while time.perf_counter() < stop:
            asked = time.perf_counter()
            async with session.get(f"{base}/games/{key[0]}/play") as response:
                await response.read()
                assert response.status == 200
            latencies.append(time.perf_counter() - asked)

    begun = time.perf_counter()
    await asyncio.gather(*(reader(key) for key in seats))
    spent = time.perf_counter() - begun
    for task in streams:
        task.cancel()
    for session in seats.values():
        await session.close()

    ms = lambda values: f"{statistics.median(values) * 1000:8.1f}"  # noqa: E731
    p95 = lambda values: f"{sorted(values)[int(len(values) * 0.95)] * 1000:8.1f}"  # noqa: E731
    print(f"\n{len(seats)} players signed in to {games} games in {signed:.1f} s\n")
    print(f"Turn to the other page ({turns} turns)          median ms   p95 ms")
    print(f"  A's form sent (POST, redirect, A's page)    {ms(posted)} {p95(posted)}")
    print(f"  B's open page told (event on its stream)    {ms(told)} {p95(told)}")
    print(f"  B's page shows the results (read again)     {ms(shown)} {p95(shown)}")
    print(f"  by mail instead: B's open page told         {ms(mailed)} {p95(mailed)}")
    print(f"\nSeat pages, {len(seats)} players asking at once for {seconds:g} s")
    print(
        f"  requests/s {len(latencies) / spent:8.1f}   median ms {ms(latencies)}   "
        f"p95 ms {p95(latencies)}   ({len(latencies)} pages)"
    )


# -- floods (issue 42) ------------------------------------------------------------------------
GIVE_UP = 15.0  # a list request slower than this is counted as failed
NOFILE = 1024  # systemd's default soft limit on open files, as in the audit (--nofile)


async def visit(base: str, seconds: float) -> tuple[list[float], list[str]]:
    """Another visitor: the list, one request after another, each on a connection of its own
    (as a new visitor comes), for `seconds`: the waits, and the requests that failed."""
    waits: list[float] = []
    failed: list[str] = []
    timeout = aiohttp.ClientTimeout(total=GIVE_UP)
    connector = aiohttp.TCPConnector(force_close=True)
    stop = time.perf_counter() + seconds
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        while time.perf_counter() < stop:
            asked = time.perf_counter()
            try:
                async with session.get(f"{base}/") as response:
                    await response.read()
                    if response.status != 200:
                        failed.append(str(response.status))
                        continue
            except (aiohttp.ClientError, TimeoutError, OSError) as exc:
                failed.append(type(exc).__name__)
                continue
            waits.append(time.perf_counter() - asked)
            await asyncio.sleep(0.01)  # a visitor, not a flood of its own
    return waits, failed


async def visiting(base: str, seconds: float) -> tuple[list[float], list[str]]:
    """`visit` in a process of its own: the flood's own work here delays none of its asks."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--visitor",
        base,
        "--seconds",
        str(seconds),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await process.communicate()
    waits, failed = json.loads(out)
    return waits, failed


def waited(waits: list[float], failed: list[str]) -> str:
    if not waits:
        return f"{'-':>8} {'-':>8} {'-':>8} {len(failed):>7}"
    ordered = sorted(waits)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    shown = [statistics.median(ordered), p99, ordered[-1]]
    return " ".join(f"{v * 1000:8.0f}" for v in shown) + f" {len(failed):>7}"


async def send_as_fast(
    session: aiohttp.ClientSession, url: str, text: str, stop: asyncio.Event, said: dict[str, int]
) -> None:
    """One session's orders form sent again and again (each a new form: its own number); the
    text is encoded once, so that the flood is the server's work, not this process's."""
    async with session.get(url) as response:
        page = await response.text()
    form = re.search(r'<form class="play" id="form-orders".*?</form>', page, re.S)
    assert form, page
    data = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    typed = urlencode({"text": text}).encode()
    form_type = {"Content-Type": "application/x-www-form-urlencoded"}
    while not stop.is_set():
        data["nonce"] = os.urandom(12).hex()
        body = urlencode(data).encode() + b"&" + typed
        try:
            async with session.post(
                url, data=body, headers=form_type, allow_redirects=False
            ) as response:
                await response.read()
                key = str(response.status)
        except (aiohttp.ClientError, OSError) as exc:
            key = type(exc).__name__
        said[key] = said.get(key, 0) + 1


async def flood_forms(base: str, passwords: dict[tuple[str, str], str], seconds: float) -> None:
    seats = [("g1", ALICE), ("g1", BOB), ("g2", ALICE), ("g2", BOB)]
    print(f"Four sessions sending the orders form as fast as answers come, {seconds:g} s each:")
    print(
        f"{'orders text':<12} {'forms':>6} {'answers (HTTP status)':<28} {'list: median':>12} "
        f"{'p99 ms':>8} {'max ms':>8} {'failed':>7} {'asks':>5}"
    )
    for size, label in ((1_000_000, "1 MB"), (7 * 1024, "7 KiB")):  # the audit's; within the cap
        text = ("Gx3 " * (size // 4 + 1))[:size]
        sessions = [await sign_in(base, game, passwords[game, who]) for game, who in seats]
        statuses: dict[str, int] = {}
        stop = asyncio.Event()
        senders = [
            asyncio.create_task(
                send_as_fast(session, f"{base}/games/{game}/play", text, stop, statuses)
            )
            for session, (game, _) in zip(sessions, seats, strict=True)
        ]
        waits, failed = await visiting(base, seconds)
        stop.set()
        await asyncio.gather(*senders)
        for session in sessions:
            await session.close()
        said = ", ".join(f"{n} x {k}" for k, n in sorted(statuses.items()))
        print(
            f"{label:<12} {sum(statuses.values()):>6} {said:<28} {waited(waits, failed)}"
            f" {len(waits) + len(failed):>5}"
        )


async def flood_streams(base: str, streams: int, seconds: float, forged: bool) -> None:
    opened: list[asyncio.StreamWriter] = []
    answers: dict[str, int] = {}
    host, port = base.removeprefix("http://").split(":")

    async def one() -> None:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 10)
        except (OSError, TimeoutError) as exc:
            answers[type(exc).__name__] = answers.get(type(exc).__name__, 0) + 1
            return
        opened.append(writer)
        # Forged: each stream names an address of its own, as a local peer may (X-Real-IP).
        named = f"X-Real-IP: 10.0.{len(opened) // 250}.{len(opened) % 250}\r\n" if forged else ""
        writer.write(f"GET /games/g1/events HTTP/1.1\r\nHost: bench\r\n{named}\r\n".encode())
        try:
            line = await asyncio.wait_for(reader.readline(), GIVE_UP)
            key = line.decode("latin-1").split(" ")[1] if line else "closed"
        except (OSError, TimeoutError, IndexError) as exc:
            key = type(exc).__name__
        answers[key] = answers.get(key, 0) + 1

    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(streams)))
    took = time.perf_counter() - started
    waits, failed = await visiting(base, seconds)  # the streams held open meanwhile
    for writer in opened:
        writer.close()
    said = ", ".join(f"{n} x {k}" for k, n in sorted(answers.items()))
    who = "one client, each naming an address of its own" if forged else "one client"
    print(f"{streams} streams asked from {who} in {took:.1f} s: {said}")
    print(f"{'list: median ms':>15} {'p99 ms':>8} {'max ms':>8} {'failed':>7} {'asks':>5}")
    print(f"{waited(waits, failed):>40} {len(waits) + len(failed):>5}")


def serve(
    db: Path, tree: Path, nofile: int | None = None, proxied: bool = False
) -> tuple[subprocess.Popen, str]:
    """`spaceships web` of the checkout `tree` over `db`, with play; its base URL. `proxied`:
    the loopback named a trusted proxy, so that a request's X-Real-IP names its client."""

    def limit() -> None:
        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    served = subprocess.Popen(
        [sys.executable, "-m", "spaceships_cli", "web", "--db", str(db), "--listen", "127.0.0.1:0"],
        cwd=tree,
        env={
            **os.environ,
            "PYTHONPATH": str(tree),
            **({"SPACESHIPS_WEB_TRUSTED_PROXIES": "127.0.0.1"} if proxied else {}),
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit,
    )
    assert served.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", served.stdout.readline())
    assert found, "spaceships web did not start"
    return served, f"http://127.0.0.1:{found.group(1)}"


def flood(
    kind: str,
    tree: Path,
    seconds: float,
    streams: int,
    log: Path | None,
    forged: bool,
    nofile: int = NOFILE,
) -> None:
    print(f"Serving {tree} (commit {_commit(tree)})")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "club.sqlite3"
        passwords = make_store(db, 2)
        served, base = serve(db, tree, nofile if kind == "streams" else None, forged)
        if kind == "streams":
            print(f"The server's limit on open files: {nofile}")
        try:
            if kind == "forms":
                asyncio.run(flood_forms(base, passwords, seconds))
            else:
                asyncio.run(flood_streams(base, min(streams, 5000), seconds, forged))
        finally:
            served.terminate()
            try:
                _, err = served.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                served.kill()
                _, err = served.communicate()
                print("The server did not stop within 60 s of SIGTERM: killed.")
        if log is not None:
            log.write_text(err)
        lines = err.splitlines()
        files = sum("Too many open files" in line for line in lines)
        errors = sum(" ERROR " in line for line in lines)
        print(
            f"The server's log: {len(lines)} lines ({len(err)} bytes), {errors} ERROR, "
            f"{files} saying 'Too many open files'"
        )


SHORT = (  # samples/spacechess/short.scr: side, actions
    ("A", "M@Ab2"),
    ("B", "M@Hb4 M@Gd2"),
    ("A", "Eb1-Eb4 Eb4-Jb2"),
    ("B", "Jd4-Jd2 Hd3-Hd2"),
    ("A", "Jb2-Dc2 M@Aa3"),
    ("B", "Jd2>Jd3 Gd4-Fd4"),
)


def make_chess(path: Path, games: int) -> dict[tuple[str, str], str]:
    store = open_store(path)
    players = Players(store)
    for number in range(1, games + 1):
        name = f"c{number}"
        players.send(f"gm{number}@example.org", f"create {name} chess")  # 20 a day each
        players.seat(name, ALICE)
        players.seat(name, BOB)
    store.close()
    return players.passwords


async def page_with_pictures(session: aiohttp.ClientSession, base: str, game: str) -> str:
    """The seat's page and every picture it shows, as a browser loads them."""
    async with session.get(f"{base}/games/{game}/play") as response:
        page = await response.text()
    for src in re.findall(r'<img[^>]* src="([^"]+)"', page):
        async with session.get(base + src.replace("&amp;", "&")) as response:
            await response.read()
    return page


async def sign_in_from(base: str, game: str, password: str, where: str) -> aiohttp.ClientSession:
    session = aiohttp.ClientSession(
        cookie_jar=aiohttp.CookieJar(unsafe=True), headers={"X-Real-IP": where}
    )
    fields = await hidden(session, f"{base}/games/{game}/play")
    async with session.post(
        f"{base}/games/{game}/play/sign-in", data={**fields, "password": password}
    ) as response:
        assert "Sign out" in await response.text(), "sign-in failed"
    return session


def chess(tree: Path, games: int, playing: int) -> None:
    print(f"Serving {tree} (commit {_commit(tree)})")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "club.sqlite3"
        passwords = make_chess(db, games)
        served, base = serve(db, tree, None, proxied=True)
        try:
            asyncio.run(run_chess(base, passwords, games, playing))
        finally:
            served.terminate()
            try:
                served.communicate(timeout=30)
            except subprocess.TimeoutExpired:  # mail still drawing what the turns caused
                served.kill()
                served.communicate()


async def run_chess(
    base: str, passwords: dict[tuple[str, str], str], games: int, playing: int
) -> None:
    names = [f"c{n}" for n in range(1, games + 1)]
    seats = {}
    for number, name in enumerate(names):
        # Each player from an address of their own (the loopback a trusted proxy): 100
        # players, not one client holding 100 streams.
        for seat, who in (("A", ALICE), ("B", BOB)):
            where = f"10.0.{number}.{1 if seat == 'A' else 2}"
            seats[name, seat] = await sign_in_from(base, name, passwords[name, who], where)
    queues = {key: asyncio.Queue() for key in seats}
    streams = [
        asyncio.create_task(stream(s, base, key[0], queues[key])) for key, s in seats.items()
    ]
    for queue in queues.values():
        await asyncio.wait_for(queue.get(), 60)
    listing: list[float] = []
    done = asyncio.Event()

    async def lister() -> None:
        async with aiohttp.ClientSession() as session:
            while not done.is_set():
                asked = time.perf_counter()
                async with session.get(f"{base}/") as response:
                    await response.read()
                listing.append(time.perf_counter() - asked)

    told: list[float] = []
    shown: list[float] = []

    async def game(name: str) -> None:
        for number, (seat, actions) in enumerate(SHORT, 1):
            other = "B" if seat == "A" else "A"
            queue = queues[name, other]
            while not queue.empty():
                queue.get_nowait()
            start = time.perf_counter()
            await send_orders(seats[name, seat], base, name, actions)
            at, _ = await asyncio.wait_for(queue.get(), 120)  # the turn played: one change
            told.append(at - start)
            page = await page_with_pictures(seats[name, other], base, name)
            assert f"{number} {'T' if seat == 'A' else 'A'}: {actions}" in unescape(page)
            shown.append(time.perf_counter() - start)

    listing_task = asyncio.create_task(lister())
    await asyncio.gather(*(game(name) for name in names[:playing]))
    done.set()
    await listing_task
    for task in streams:
        task.cancel()
    for session in seats.values():
        await session.close()

    def pct(values: list[float], q: float) -> str:
        ordered = sorted(values)
        return f"{ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000:9.1f}"

    print(f"\n{games} Space Chess games, {len(seats)} seats' streams open, {playing} in play")
    print(f"{'':44} median ms    p99 ms   count")
    for label, values in (
        ("a turn told to the other seat's stream", told),
        ("... and on its page (page and pictures)", shown),
        ("the club list meanwhile", listing),
    ):
        print(f"  {label:42} {pct(values, 0.5)} {pct(values, 0.99)} {len(values):7}")


def _commit(tree: Path) -> str:
    found = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h"], capture_output=True, text=True
    )
    return found.stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--flood", choices=("forms", "streams"))
    parser.add_argument("--visitor", metavar="URL", help=argparse.SUPPRESS)  # visit's process
    parser.add_argument("--streams", type=int, default=1100)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--server-log", type=Path, help="where to keep the server's log")
    parser.add_argument(
        "--forged", action="store_true", help="each stream names an address of its own"
    )
    parser.add_argument("--nofile", type=int, default=NOFILE, help="the server's open files")
    parser.add_argument("--chess", action="store_true", help="Space Chess games (issue 44)")
    parser.add_argument("--playing", type=int, default=20, help="--chess: games in play")
    args = parser.parse_args()
    if args.chess:
        chess(args.tree.resolve(), args.games, args.playing)
        return
    if args.visitor:
        print(json.dumps(asyncio.run(visit(args.visitor, args.seconds))))
        return
    if args.flood:
        flood(
            args.flood,
            args.tree.resolve(),
            args.seconds,
            args.streams,
            args.server_log,
            args.forged,
            args.nofile,
        )
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "club.sqlite3"
        made = time.perf_counter()
        passwords = make_store(db, args.games)
        print(f"{args.games} games made through the judge in {time.perf_counter() - made:.1f} s")
        served = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "spaceships_cli",
                "web",
                "--db",
                str(db),
                "--listen",
                "127.0.0.1:0",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert served.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", served.stdout.readline())
            assert found, "spaceships web did not start"
            base = f"http://127.0.0.1:{found.group(1)}"
            asyncio.run(
                run(db, base, passwords, args.games, args.seconds, min(args.turns, args.games))
            )
        finally:
            served.terminate()
            served.wait(30)


if __name__ == "__main__":
    main()
