"""Replays and the club page: how big a replay file is and how soon a browser paints it; how
many requests a second the club page answers over a store of many games.

    python bench/replay.py [--turns 100] [--games 1000] [--seconds 5] [--clients 8]

The replay is of a made-up game of `--turns` turns (each player strikes one cell a turn, then
B resigns, so the page holds every view): the time to make it (`spaceships replay`'s work),
its size, and in headless chromium (Debian's, driven by Playwright; skipped without it) the
first contentful paint and the moment the viewer has drawn its first step, the median of 5
loads; and the sample battle's replay (a map picture a phase). The club page runs as
`spaceships web` over a SQLite store of `--games` games (copies
of a finished and an in-play game made through the judge), asked by `--clients` concurrent
clients for `--seconds` per page: the list of games, a game's page, its board picture, its
replay (the last two kept between requests while the game stands still).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# This folder's pbem.py would hide the pbem package; the project comes first.
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests"))  # after the project: tests/pbem is no package
sys.path.append(str(ROOT / "tests" / "web"))

from browser_support import ARGS, chromium_path  # noqa: E402
from web_support import FLEET_A, FLEET_B, fill  # noqa: E402

from notation.spaceships.cells import COLOUR_ORDERS  # noqa: E402
from pbem.replay.games import replay_of_text  # noqa: E402
from pbem.replay.page import replay_html  # noqa: E402
from pbem.storage.store import open_store  # noqa: E402


def long_record(turns: int) -> str:
    """A game of `turns` turns, one strike a player a turn, sweeping the other's space."""
    colours = COLOUR_ORDERS[0]
    cells = [f"{c}{letter}{n}" for c in colours for letter in "vwxyz" for n in range(1, 6)]
    lines = [
        '[Game "bench"]',
        '[Ruleset "2.6.1"]',
        '[A "Alice"]',
        '[B "Bob"]',
        '[Termination "Alice (A) wins (Bob (B) resigned)"]',
        "",
        f"A fleet: {FLEET_A}",
        f"B fleet: {FLEET_B}",
        "",
    ]
    for turn in range(1, turns + 1):
        lines.append(f"{turn} A: {cells[(turn * 7) % len(cells)]}")
        lines.append(f"{turn} B: {cells[(turn * 11) % len(cells)]}")
    return "\n".join(lines) + "\n"


def replay_figures(turns: int, folder: Path) -> list[tuple[str, str]]:
    text = long_record(turns)
    started = time.perf_counter()
    made = replay_of_text(text, None, "bench.ssr")
    page = replay_html(made)
    took = time.perf_counter() - started
    path = folder / "bench.html"
    path.write_bytes(page)
    rows = [
        (f"replay of a {turns}-turn game: steps", str(len(made.frames))),
        ("views in the page", ", ".join(k for k, _ in made.views)),
        ("time to make it (frames, pictures, page)", f"{took:.2f} s"),
        ("file size", f"{len(page) / 1024:.0f} KiB"),
    ]
    battle = (ROOT / "samples" / "battles" / "full-battle.sbr").read_text(encoding="utf-8")
    started = time.perf_counter()
    made = replay_of_text(battle, None, "full-battle.sbr")
    battle_page = replay_html(made)
    took = time.perf_counter() - started
    rows += [
        (f"replay of samples/battles/full-battle.sbr ({len(made.frames)} maps)", f"{took:.2f} s"),
        ("its file size", f"{len(battle_page) / 1024:.0f} KiB"),
    ]
    chromium = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        return rows + [("first paint in chromium", "skipped: no chromium or Playwright")]
    paints, drawn = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        for _ in range(5):
            page_ = browser.new_page(viewport={"width": 1280, "height": 900})
            page_.goto(path.as_uri() + "#turn-50", wait_until="load")
            # Polled from here: the page's policy forbids the eval wait_for_function needs.
            for _ in range(500):
                if page_.evaluate("performance.getEntriesByName('first-contentful-paint').length"):
                    break
                page_.wait_for_timeout(10)
            paints.append(
                page_.evaluate(
                    "performance.getEntriesByName('first-contentful-paint')[0].startTime"
                )
            )
            drawn.append(page_.evaluate("performance.now()"))  # after load: the step is drawn
            page_.close()
        browser.close()
    return rows + [
        ("first contentful paint (median of 5)", f"{statistics.median(paints):.0f} ms"),
        ("load done, turn 50 drawn (median of 5)", f"{statistics.median(drawn):.0f} ms"),
    ]


def club_store(path: Path, games: int) -> None:
    store = open_store(path)
    fill(store)
    finished, in_play = store.game("done", lock=False), store.game("open", lock=False)
    assert finished is not None and in_play is not None
    with store.transaction():
        for i in range(games - len(store.games())):
            model = finished if i % 2 else in_play
            copy = store.insert_game(replace(model, name=f"g{i:04d}"))
            for player in store.players(model.id).values():
                store.insert_player(replace(player, game_id=copy.id))
    store.close()


async def _ask(url: str, seconds: float, clients: int) -> tuple[int, int]:
    import aiohttp

    done = failed = 0
    until = time.perf_counter() + seconds

    async def client(session: aiohttp.ClientSession) -> None:
        nonlocal done, failed
        while time.perf_counter() < until:
            async with session.get(url) as response:
                await response.read()
                if response.status == 200:
                    done += 1
                else:
                    failed += 1

    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(client(session) for _ in range(clients)))
    return done, failed


def club_figures(games: int, seconds: float, clients: int, folder: Path) -> list[tuple[str, str]]:
    db = folder / "club.sqlite3"
    club_store(db, games)
    server = subprocess.Popen(
        [sys.executable, "-m", "spaceships_cli", "web", "--db", str(db), "--listen", "127.0.0.1:0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://[^/]+", server.stdout.readline())
        assert found, "spaceships web did not start"
        base = found.group(0)
        rows = []
        for label, path in (
            (f"list of {games} games", "/"),
            ("a game's page (in play)", "/games/g0500"),
            ("its board picture (kept)", "/games/g0500/board.png"),
            ("a finished game's replay (kept)", "/games/g0501/replay.html"),
        ):
            asyncio.run(_ask(base + path, 0.5, 1))  # made once, as a first visitor would
            done, failed = asyncio.run(_ask(base + path, seconds, clients))
            rows.append((f"club page, {label}", f"{done / seconds:.0f} req/s ({failed} failed)"))
        return rows
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--clients", type=int, default=8)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = replay_figures(args.turns, folder)
        rows += club_figures(args.games, args.seconds, args.clients, folder)
    width = max(len(label) for label, _ in rows)
    print(f"{'measure':<{width}}  value")
    for label, value in rows:
        print(f"{label:<{width}}  {value}")


if __name__ == "__main__":
    main()
