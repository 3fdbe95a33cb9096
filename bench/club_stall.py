"""How long the club page's list waits while a long replay is being made (issue 32, item 5).

    python bench/club_stall.py [--turns 100] [--asks 20]

The club page (`pbem.web.app.Club`, served by aiohttp on a loopback port) over a SQLite store of a
few games; while it makes the replay page of a made-up game of `--turns` turns (bench/replay.py's
record), `--asks` requests for the list are timed one after another. The replay is made where
the club page makes it now (its own thread) and, for comparison, on the thread that reads the
store and serves the list (where it was made before): the list's median and longest wait, and
how long the replay took.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests"))
sys.path.append(str(ROOT / "tests" / "web"))

from web_support import fill  # noqa: E402

from pbem.storage.store import open_store  # noqa: E402
from pbem.web.app import Club, make_app  # noqa: E402
from pbem.web.records import ReplaySource  # noqa: E402


def long_record(turns: int) -> str:
    """bench/replay.py's made-up game (that file's name is the replay package's: by path)."""
    spec = importlib.util.spec_from_file_location("bench_replay", Path(_HERE) / "replay.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.long_record(turns))


async def _measure(club: Club, pool: str, turns: int, asks: int) -> tuple[float, float, float]:
    from aiohttp.test_utils import TestClient, TestServer

    client = TestClient(TestServer(make_app(club)))
    await client.start_server()
    try:
        await (await client.get("/")).read()  # the list made once, as a first visitor would
        source = ReplaySource(long_record(turns), None, "long.ssr")
        executor = club.maker if pool == "replay" else club.worker
        started = time.perf_counter()
        making = asyncio.get_running_loop().run_in_executor(executor, source.page)
        waits = []
        for _ in range(asks):
            asked = time.perf_counter()
            await (await client.get("/")).read()
            waits.append(time.perf_counter() - asked)
            club.listed_at = 0.0  # read the list again each time, as a second later would
        page = await making
        made = time.perf_counter() - started
        assert page is not None, "the made-up game's record did not make a replay"
        return statistics.median(waits), max(waits), made
    finally:
        await client.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turns", type=int, default=100)  # the most its made-up game plays
    ap.add_argument("--asks", type=int, default=20)
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "club.sqlite3"
        store = open_store(path)
        fill(store)
        store.close()
        where: dict[str, Callable[[], str]] = {
            "on the thread serving the list (before)": lambda: "store",
            "on the replay thread (now)": lambda: "replay",
        }
        for label, pool in where.items():
            club = Club(open_store(path), "Bench club")
            median, longest, made = asyncio.run(_measure(club, pool(), args.turns, args.asks))
            rows.append((label, median, longest, made))
            club.worker.shutdown()
            club.maker.shutdown()
    print(f"A {args.turns}-turn replay made while the list is asked {args.asks} times:")
    print(f"{'replay made':<42} {'list median':>12} {'list longest':>13} {'replay took':>12}")
    for label, median, longest, made in rows:
        print(f"{label:<42} {median * 1000:>9.0f} ms {longest * 1000:>10.0f} ms {made:>10.1f} s")


if __name__ == "__main__":
    main()
