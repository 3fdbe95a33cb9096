"""Play in the browser (issue 35): how soon the other player's page shows a turn, and how many
seat pages a second `spaceships web` serves with 100 players signed in.

    python bench/web_play.py [--games 50] [--seconds 10] [--turns 10]
    python bench/web_play.py --chess [--games 50] [--playing 20] [--tree ../main]

`spaceships web` runs as a keeper runs it, over a SQLite store of `--games` games of Spaceships
whose fleets are in (made through the judge); two players per game sign in with their
passwords over HTTP, each with their own cookies, and each keeps the game's live stream open
(Server-Sent Events) as their page does.

- Turn to the other page: in `--turns` games, B's orders are in; A sends the orders that
  resolve the turn (the form's POST and its redirect); the time until B's open stream is told
  the game changed, and until B's page, read again as live.js does, shows the results.
- Seat pages: every signed-in player asks for their own page (`/games/NAME/play`: status,
  history, forms, as the judge answers them) as fast as answers come, for `--seconds`.

`--chess` (issue 44, item 5): `--games` games of Space Chess, every seat's stream open, and
in `--playing` of them the six turns of samples/spacechess/short.scr played at once, each sent
by its side's form; for each turn, the time until the other seat's open stream is told and
until its page, read again with every picture it shows (as a browser loads it), shows the
turn; meanwhile the club list is read again and again. `--tree`: serve another checkout's
code (main's, for the figures before a change) over the same store.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from html import unescape
from pathlib import Path

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


async def run_chess(
    base: str, passwords: dict[tuple[str, str], str], games: int, playing: int
) -> None:
    names = [f"c{n}" for n in range(1, games + 1)]
    seats = {}
    for name in names:
        seats[name, "A"] = await sign_in(base, name, passwords[name, ALICE])
        seats[name, "B"] = await sign_in(base, name, passwords[name, BOB])
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--chess", action="store_true")
    parser.add_argument("--playing", type=int, default=20)
    parser.add_argument("--tree", type=Path, default=ROOT)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "club.sqlite3"
        made = time.perf_counter()
        if args.chess:
            passwords = make_chess(db, args.games)
        else:
            passwords = make_store(db, args.games)
        print(f"{args.games} games made through the judge in {time.perf_counter() - made:.1f} s")
        tree = args.tree.resolve()
        print(f"serving {tree}'s code")
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
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert served.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", served.stdout.readline())
            assert found, "spaceships web did not start"
            base = f"http://127.0.0.1:{found.group(1)}"
            if args.chess:
                asyncio.run(run_chess(base, passwords, args.games, args.playing))
            else:
                asyncio.run(
                    run(db, base, passwords, args.games, args.seconds, min(args.turns, args.games))
                )
        finally:
            served.terminate()
            try:
                served.wait(30)
            except subprocess.TimeoutExpired:  # mail still drawing what the turns caused
                served.kill()
                served.wait(30)


if __name__ == "__main__":
    main()
