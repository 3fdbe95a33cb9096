"""Bench: a burst of players' mail through `spaceships pbem receive`, as a mail server's pipe
runs it (issue 37 item 2). Seats --games Spaceships games (both fleets in) on a new SQLite
store, then hands the judge the turn's orders of every player at once, one `receive` process
per mail, at most --concurrency of them running together (Postfix: the `maxproc` of a master.cf
pipe transport, 2 through an alias). Prints for each way and concurrency: mails deferred (exit
75: Postfix would hold them and retry minutes later), the burst's wall time, each mail's time
from its process's start to its end (median, 99th percentile, slowest), the CPU each mail's
process used (what the machine's load does not change: the wall time of a burst on a quiet
machine is about mails x CPU / cores), and the "Turn 1 results" mails written (two per game
when none was deferred).

Ways: `turns`, as shipped: the receives of one SQLite store wait in line for it in the kernel;
`race`: each waits in SQLite's busy loop instead, which gives up after 10 s; `before`, as
before issue 37: racing, and a new `receive` takes over the mail other live ones are still
answering ("taken over": answered twice, one copy rolled back; "lost": a process that answered
its mail told it was settled by another).

    python bench/receive_burst.py [--games 100] [--concurrency 20 4] [--ways turns race before]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUDGE = "judge@club.example"
FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
ORDERS = {"a": "bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3", "b": ""}
# `receive` as before issue 37: no line at the SQLite store.
RACE = (
    "from contextlib import nullcontext\n"
    "from pbem.mail.holding import Holds\n"
    "Holds.turn = lambda self, wait: nullcontext()\n"
    "from spaceships_cli import main\n"
    "main()\n"
)
# As before issue 37: racing, and no message held by the live process answering it.
BEFORE = RACE.replace(
    "from spaceships_cli",
    "Holds.take = lambda self, message_id: True\n"
    "Holds.release = lambda self, message_id: None\n"
    "from spaceships_cli",
)
SHIPPED = "from spaceships_cli import main\nmain()\n"


def seat(db: str, games: int) -> dict[str, str]:
    """`games` games with both fleets in, through the judge in this process: each player's
    sign-on line."""
    sys.path.insert(0, str(ROOT))
    from pbem.judge import Judge
    from pbem.messages import Inbound
    from pbem.storage.store import open_store

    store = open_store(db)
    judge = Judge(store, judge_address=JUDGE)
    sign_on = {}
    for n in range(games):
        judge.handle(Inbound("gm@players.example", f"create burst{n}"))
        for side in "ab":
            who = f"{side}{n}@players.example"
            joined = judge.handle(Inbound(who, f"join burst{n}"))[0].body
            found = re.search(rf"password for burst{n}: (\S+)", joined)
            assert found, joined
            sign_on[who] = f"game burst{n} {found.group(1)}"
            judge.handle(Inbound(who, f"{sign_on[who]}\nfleet {FLEET}"))
    store.close()
    return sign_on


def orders_mail(number: int, sender: str, sign_on: str) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE
    message["Subject"] = "orders"
    message["Message-ID"] = f"<burst{number}@players.example>"
    message.set_content(f"{sign_on}\norders 1: {ORDERS[sender[0]]}\n")
    return bytes(message)


def burst(way: str, concurrency: int, games: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="receive-burst-") as name:
        folder = Path(name)
        db = str(folder / "judge.sqlite3")
        sign_on = seat(db, games)
        mails = [orders_mail(n, who, line) for n, (who, line) in enumerate(sign_on.items())]
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "SPACESHIPS_DB": db,
            "SPACESHIPS_OUTBOX": str(folder / "outbox"),
            "SPACESHIPS_JUDGE_ADDRESS": JUDGE,
        }
        code = {"race": RACE, "before": BEFORE}.get(way, SHIPPED)

        def one(raw: bytes) -> tuple[int, float, str]:
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", code, "pbem", "receive"],
                input=raw, env=env, cwd=folder, capture_output=True, timeout=1000,
            )  # fmt: skip
            return done.returncode, time.perf_counter() - started, done.stderr.decode()

        started = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with ThreadPoolExecutor(concurrency) as pool:
            ended = list(pool.map(one, mails))
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times = sorted(seconds for _, seconds, _ in ended)
        said = "".join(text for _, _, text in ended)
        results = sum(
            b"Turn 1 results" in path.read_bytes() for path in (folder / "outbox" / "new").iterdir()
        )
        return {
            "mails": len(mails),
            "deferred": sum(status == 75 for status, _, _ in ended),
            "other": sum(status not in (0, 75) for status, _, _ in ended),
            "taken": said.count(": resumed"),
            "lost": said.count("settled by another process"),
            "wall": wall,
            "cpu": cpu / len(mails),
            "p50": statistics.median(times),
            "p99": times[min(len(times) - 1, int(len(times) * 0.99))],
            "max": times[-1],
            "results": results,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[20, 4])
    parser.add_argument(
        "--ways", nargs="+", choices=["turns", "race", "before"], default=["turns", "before"]
    )
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(
        f"{args.games * 2} mails to {args.games} games through `receive`, {os.cpu_count()} "
        f"cores, load {load:.1f} at the start"
    )
    print(
        f"{'way':<6} {'procs':>5} {'deferred':>8} {'failed':>6} {'taken over':>10} {'lost':>4} "
        f"{'cpu s/mail':>10} {'wall s':>7} {'p50 s':>6} {'p99 s':>6} {'max s':>6} {'results':>7}"
    )
    for way in args.ways:
        for concurrency in args.concurrency:
            r = burst(way, concurrency, args.games)
            print(
                f"{way:<6} {concurrency:>5} {r['deferred']:>8} {r['other']:>6} {r['taken']:>10} "
                f"{r['lost']:>4} {r['cpu']:>10.2f} {r['wall']:>7.1f} {r['p50']:>6.2f} "
                f"{r['p99']:>6.2f} "
                f"{r['max']:>6.2f} {r['results']:>4}/{r['mails']}",
                flush=True,
            )
    print(f"load {os.getloadavg()[0]:.1f} at the end (other work on the machine slows it all)")


if __name__ == "__main__":
    main()
