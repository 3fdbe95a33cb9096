"""Bench: the email judge end to end through its SMTP listener.

Starts `spaceships pbem serve` as a real process on a temporary database, with a lean SMTP
sink (in this process, bench/smtp_wire.py) as its SMTP relay. SMTP clients send players' mail;
a reply counts when the sink has received it. Prints:
  - throughput: emails/s for --messages mails sent as fast as --clients connections allow
    (goal >= 200/s);
  - latency at a steady --rate (default 50/s) for --seconds: percentiles from the moment
    each mail was due to be sent to its reply's arrival at the relay (goal p99 < 250 ms).

With --store URL the judges share that database (default: a new SQLite file; `pg` starts a
throwaway PostgreSQL server, durable as deployed); --workers N runs N `serve` processes on it, the
clients' mail spread over them. --matrix measures SQLite and PostgreSQL with 1, 2 and 4 workers
and prints one table; --rss-games N also measures the judge's memory with N stored games.

    python bench/pbem.py [--messages 1000] [--clients 8] [--rate 50] [--seconds 10]
    python bench/pbem.py --store postgresql://judge@localhost/bench --workers 2
    python bench/pbem.py --matrix --messages 400 --seconds 6 --rss-games 10000 [--locks]
    python bench/pbem.py --pictures [--picture-games 10] [--turns 5]

--pictures measures turns' results by mail, every player having said `pictures off` (nothing:
Spaceships' default) and then `pictures on`: mails/s and the judge's CPU per mail.

Beside the times, the CPU each mail cost the judges, the database server and the bench itself
(from /proc, so the same on a busy machine), and with --locks how long PostgreSQL judges waited
for each other's locks. bench/pbem_costs.py counts statements, round trips and commits.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from email.message import EmailMessage
from pathlib import Path

from meters import CpuMeter, LockSampler
from smtp_wire import Sink, Wire, start_sink

JUDGE = "judge@bench.example"
COMMANDS = ("list", "status bench", "help join")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_judge(
    workdir: Path, relay_port: int, store: str | None = None, index: int = 0
) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    env = {
        **os.environ,
        "SPACESHIPS_DB": store or str(workdir / "judge.sqlite3"),
        # An outbox each, as judges on different machines have: a Maildir's relay sender
        # belongs to one process.
        "SPACESHIPS_OUTBOX": str(workdir / f"outbox{index}"),
        "SPACESHIPS_JUDGE_ADDRESS": JUDGE,
        "SPACESHIPS_SMTP_RELAY": f"127.0.0.1:{relay_port}",
        "SPACESHIPS_RATE_LIMIT": "100000",  # counted as usual, never reached
        "SPACESHIPS_LISTEN": f"127.0.0.1:{port}",
    }
    process = subprocess.Popen(
        [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "serve"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "running" not in line:
        raise SystemExit(f"the judge did not start: {line}")
    return process, port


def mail(number: int, body: str | None = None) -> bytes:
    """A player's mail as an MTA would pass it on (built before the clock starts)."""
    message = EmailMessage()
    message["From"] = f"player{number % 100}@players.example"
    message["To"] = JUDGE
    message["Subject"] = "commands"
    message["Message-ID"] = f"<bench{number}@players.example>"
    text = body or COMMANDS[number % len(COMMANDS)]
    message.set_content(text + "\n\n-- \nsent by bench/pbem.py\n")
    return message.as_bytes(policy=message.policy.clone(linesep="\r\n"))  # as on the wire


def send(smtp: Wire, number: int, raw: bytes) -> None:
    smtp.sendmail(f"player{number % 100}@players.example", [JUDGE], raw)


def _client(port: int, raws: list[tuple[int, bytes]], ready: threading.Barrier) -> None:
    with Wire("127.0.0.1", port) as smtp:
        ready.wait()
        for number, raw in raws:
            send(smtp, number, raw)


def throughput(
    ports: list[int],
    sink: Sink,
    first: int,
    count: int,
    clients: int,
    meter: CpuMeter | None = None,
) -> tuple[float, dict[str, float]]:
    """emails/s for `count` mails from `clients` connections at once, and the CPU seconds
    `meter` read over that time."""
    numbers = list(range(first, first + count))
    raws = [(number, mail(number)) for number in numbers]  # before the clock starts
    shares = [raws[i::clients] for i in range(clients)]

    # Each client is a process of its own, as the players' mail servers would be: client
    # threads in this process would mostly measure this process's GIL.
    context = multiprocessing.get_context("fork")
    ready = context.Barrier(clients + 1)
    processes = [
        context.Process(target=_client, args=(ports[i % len(ports)], share, ready))
        for i, share in enumerate(shares)
    ]
    for process in processes:
        process.start()
    before = meter.read() if meter else {}
    ready.wait()
    start = time.perf_counter()
    for process in processes:
        process.join()
    ids = [f"<bench{n}@players.example>" for n in numbers]
    if not sink.wait(ids, 120):
        raise SystemExit("replies missing")
    after = meter.read() if meter else {}
    elapsed = max(sink.arrived[i] for i in ids) - start
    return count / elapsed, {part: after[part] - before[part] for part in before}


def latency(ports: list[int], sink: Sink, first: int, rate: float, seconds: float) -> list[float]:
    """Sends on a fixed schedule from a few connections; latency counts from the due time,
    so a slow reply delays no later measurement (no coordinated omission)."""
    count = int(rate * seconds)
    due: dict[str, float] = {}
    lanes = 4
    raws = {k: mail(first + k) for k in range(count)}
    start = time.perf_counter() + 0.2

    def lane(index: int) -> None:
        with Wire("127.0.0.1", ports[index % len(ports)]) as smtp:
            for k in range(index, count, lanes):
                at = start + k / rate
                pause = at - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
                number = first + k
                due[f"<bench{number}@players.example>"] = at
                send(smtp, number, raws[k])

    threads = [threading.Thread(target=lane, args=(i,)) for i in range(lanes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if not sink.wait(list(due), 120):
        raise SystemExit("replies missing")
    return sorted((sink.arrived[i] - at) * 1000 for i, at in due.items())


def percentile(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def fill_games(store_url: str, count: int) -> None:
    """`count` games as a busy judge keeps them: two players, fleets, a few turns played."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from datetime import UTC, datetime

    from pbem.storage.store import GameRow, PlayerRow, open_store

    store = open_store(store_url)
    now = datetime.now(UTC)
    state = {"filler": "x" * 3000}  # about the size of a mid-game state's JSON
    with store.transaction():
        for n in range(count):
            game = store.insert_game(
                GameRow(0, f"stored{n}", "2.6.1", (), False, "playing", "gm@x", "h", "", 24.0,
                        0.0, "noactions", 5, now, None, False, False, state, None, now, None)
            )  # fmt: skip
            for seat in "AB":
                store.insert_player(PlayerRow(game.id, seat, f"{seat}{n}@x", "", "h", "f", now))
    store.close()


def measure(
    sink: Sink,
    relay_port: int,
    store: str | None,
    workers: int,
    args: argparse.Namespace,
    server: int | None = None,
) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="spaceships-bench-") as name:
        if store is None:
            store = str(Path(name) / "judge.sqlite3")
        judges = [start_judge(Path(name), relay_port, store, i) for i in range(workers)]
        ports = [port for _, port in judges]
        try:
            # A game for `status bench`, and a warm-up.
            with Wire("127.0.0.1", ports[0]) as smtp:
                send(smtp, 0, mail(0, "create bench"))
            throughput(ports, sink, 1, 100, args.clients)
            meter = CpuMeter([process.pid for process, _ in judges], server)
            locks = LockSampler(store, workers) if args.locks and "://" in store else None
            rate, cpu = throughput(ports, sink, 1000, args.messages, args.clients, meter)
            lock_share = locks.share() if locks is not None else None
            if locks is not None and locks.events:
                print(f"  lock waits by kind: {locks.events}", flush=True)
            lat = latency(ports, sink, 100000, args.rate, args.seconds)
        finally:
            for process, _ in judges:
                process.terminate()
                process.wait(20)
    sink.arrived.clear()
    return {
        "rate": rate,
        "p50": percentile(lat, 50),
        "p99": percentile(lat, 99),
        "max": lat[-1],
        "mean": statistics.fmean(lat),
        "locks": lock_share,
        **{
            f"{part} cpu": 1000 * cpu[part] / args.messages for part in ("judge", "server", "bench")
        },
        "waits": cpu["waits"] / args.messages,
        "preempted": cpu["preempted"] / args.messages,
    }


# -- --pictures: turns whose results mail carries pictures -------------------------------------
FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)


def seat_players(store_path: str, games: int, pictures: bool) -> dict[str, str]:
    """`games` Spaceships games with both fleets in, through the judge in this process, each
    player having said `pictures on` (or nothing: Spaceships' default, text only); the
    sign-on line of each player's address."""
    import re

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pbem.judge import Judge
    from pbem.messages import Inbound
    from pbem.storage.store import open_store

    store = open_store(store_path)
    judge = Judge(store, judge_address=JUDGE)
    sign_on = {}
    for n in range(games):
        judge.handle(Inbound("gm@players.example", f"create pics{n}"))
        for seat in "ab":
            who = f"{seat}{n}@players.example"
            if pictures:
                judge.handle(Inbound(who, "pictures on"))
            joined = judge.handle(Inbound(who, f"join pics{n}"))[0].body
            found = re.search(rf"password for pics{n}: (\S+)", joined)
            assert found, joined
            sign_on[who] = f"game pics{n} {found.group(1)}"
            judge.handle(Inbound(who, f"{sign_on[who]}\nfleet {FLEET}"))
    store.close()
    return sign_on


def player_mail(number: int, sender: str, body: str) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE
    message["Subject"] = "orders"
    message["Message-ID"] = f"<bench{number}@players.example>"
    message.set_content(body + "\n")
    return message.as_bytes(policy=message.policy.clone(linesep="\r\n"))


def _orders_client(port: int, mails: list[tuple[str, bytes]]) -> None:
    with Wire("127.0.0.1", port) as smtp:
        for sender, raw in mails:  # in order: a game's turn is A's orders, then B's
            smtp.sendmail(sender, [JUDGE], raw)


def pictures_run(
    sink: Sink, relay_port: int, args: argparse.Namespace, on: bool
) -> dict[str, float]:
    """Orders mails through one `serve`: every second one completes a turn, whose results go to
    both players; with `on`, each with that player's own view as a PNG."""
    games, turns = args.picture_games, args.turns
    with tempfile.TemporaryDirectory(prefix="spaceships-bench-") as name:
        store = str(Path(name) / "judge.sqlite3")
        sign_on = seat_players(store, games, on)
        process, port = start_judge(Path(name), relay_port, store)
        try:
            number = 2_000_000 if on else 1_000_000
            shares: list[list[tuple[str, bytes]]] = [[] for _ in range(min(args.clients, games))]
            ids = []
            for turn in range(1, turns + 1):
                for n in range(games):
                    for seat in "ab":
                        who = f"{seat}{n}@players.example"
                        raw = player_mail(number, who, f"{sign_on[who]}\norders {turn}:")
                        shares[n % len(shares)].append((who, raw))
                        ids.append(f"<bench{number}@players.example>")
                        number += 1
            meter = CpuMeter([process.pid], None)
            before = meter.read()
            start = time.perf_counter()
            clients = [
                threading.Thread(target=_orders_client, args=(port, share)) for share in shares
            ]
            for client in clients:
                client.start()
            for client in clients:
                client.join()
            if not sink.wait(ids, 600):
                raise SystemExit("replies missing")
            elapsed = max(sink.arrived[i] for i in ids) - start
            judge_cpu = meter.read()["judge"] - before["judge"]
        finally:
            process.terminate()
            process.wait(20)
    sink.arrived.clear()
    return {"mails": len(ids), "rate": len(ids) / elapsed, "cpu": 1000 * judge_cpu / len(ids)}


def pictures_table(sink: Sink, relay_port: int, args: argparse.Namespace) -> None:
    print(
        f"{args.picture_games} Spaceships games x {args.turns} turns of orders (no actions), "
        f"one serve on SQLite, {min(args.clients, args.picture_games)} SMTP clients; every "
        "second mail completes a turn: its results to both players"
    )
    print(f"{'pictures':<26} {'mails':>6} {'emails/s':>9} {'judge ms/mail':>14}")
    for label, on in (("not said (Spaceships: off)", False), ("on (every player)", True)):
        m = pictures_run(sink, relay_port, args, on)
        print(f"{label:<26} {m['mails']:>6.0f} {m['rate']:>9.1f} {m['cpu']:>14.1f}", flush=True)
    print("on: each turn's results mail carries its reader's own view (a PNG of about 80 KB),")
    print("drawn inside the turn's transaction; judge ms/mail: CPU of the serve process")


def memory(sink: Sink, relay_port: int, store: str, games: int) -> int:
    fill_games(store, games)
    with tempfile.TemporaryDirectory(prefix="spaceships-bench-") as name:
        process, port = start_judge(Path(name), relay_port, store)
        try:
            with Wire("127.0.0.1", port) as smtp:
                for n in range(50):
                    send(smtp, n, mail(500000 + n, "list" if n % 2 else "status stored7"))
            time.sleep(1)
            return rss_kb(process.pid)
        finally:
            process.terminate()
            process.wait(20)


class Postgres:
    """A throwaway PostgreSQL server (the tests' own, tests/pg_server.py)."""

    def __init__(self) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from pg_server import PgServer

        server, why = PgServer.find(durable=True)
        if server is None:
            raise SystemExit(why)
        # As a real deployment runs it: every durable commit flushed to disk (fsync on,
        # synchronous_commit on), as the judge's SQLite does its (synchronous FULL).
        server.start()
        self.server = server

    def url(self) -> str:
        return self.server.new_database()

    @property
    def pid(self) -> int:
        """The postmaster's: its children are the server's other processes."""
        return int((self.server.data / "postmaster.pid").read_text().split()[0])

    def close(self) -> None:
        self.server.destroy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--store", metavar="URL", help="the database (pg: a throwaway server)")
    parser.add_argument("--workers", type=int, default=1, help="serve processes on it")
    parser.add_argument("--matrix", action="store_true", help="SQLite and PostgreSQL x 1, 2, 4")
    parser.add_argument("--rss-games", type=int, default=0, metavar="N")
    parser.add_argument("--locks", action="store_true", help="PostgreSQL: share of lock waits")
    parser.add_argument(
        "--pictures", action="store_true", help="turns' results by mail, pictures off and on"
    )
    parser.add_argument("--picture-games", type=int, default=10, metavar="N")
    parser.add_argument("--turns", type=int, default=5, help="with --pictures")
    args = parser.parse_args()

    sink, relay_port = start_sink()
    if args.pictures:
        pictures_table(sink, relay_port, args)
        return
    postgres = Postgres() if args.matrix or args.store == "pg" else None
    try:
        runs: list[tuple[str, str | None, int]] = []
        if args.matrix:
            for workers in (1, 2, 4):
                runs.append(("SQLite", None, workers))
            for workers in (1, 2, 4):
                assert postgres is not None
                runs.append(("PostgreSQL", postgres.url(), workers))
        else:
            store = postgres.url() if postgres is not None else args.store
            runs.append((store or "SQLite (new file)", store, args.workers))
        print(
            f"{args.messages} mails from {args.clients} SMTP clients for emails/s; "
            f"{args.rate:g} mails/s for {args.seconds:g} s for the latency (due -> reply at relay)"
        )
        print(f"{'store':<22} {'workers':>7} {'emails/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
              f"{'max ms':>8} {'judge':>6} {'server':>6} {'bench':>6} {'waits':>6} {'preempt':>7}"
              + (f" {'lock %':>6}" if args.locks else ""))  # fmt: skip
        for label, store, workers in runs:
            server = postgres.pid if postgres is not None and store and "://" in store else None
            m = measure(sink, relay_port, store, workers, args, server)
            print(
                f"{label[:22]:<22} {workers:>7} {m['rate']:>9.0f} {m['p50']:>8.1f} "
                f"{m['p99']:>8.1f} {m['max']:>8.1f} {m['judge cpu']:>6.2f} "
                f"{m['server cpu']:>6.2f} {m['bench cpu']:>6.2f} {m['waits']:>6.1f} "
                f"{m['preempted']:>7.1f}"
                + (f" {m['locks']:>6.1f}" if m["locks"] is not None else ""),
                flush=True,
            )
        print("judge, server, bench: CPU ms per mail while measuring emails/s (the judges, every")
        print("PostgreSQL process, this bench's sink and SMTP clients); the CPU a mail costs")
        print("however busy the machine. Durable commits on both: SQLite synchronous=FULL for")
        print("the answer's commit, PostgreSQL fsync=on, synchronous_commit=on (their defaults).")
        print("waits, preempt: the judges' context switches per mail: waiting (for the database,")
        print("the disk, a client), and taken off the CPU (more processes than cores)")
        if args.locks:
            print("lock %: of the judges' time while measuring emails/s, the share spent waiting")
            print("for a lock another judge holds (PostgreSQL, sampled every 20 ms)")
        print("goals: PostgreSQL with 2 workers >= SQLite with 1; p99 < 250 ms at 50 mails/s")
        if args.rss_games:
            print(f"\njudge memory (VmRSS of one serve) with {args.rss_games} stored games:")
            with tempfile.TemporaryDirectory(prefix="spaceships-rss-") as name:
                stores = [("SQLite", str(Path(name) / "rss.sqlite3"))]
                if postgres is not None:
                    stores.append(("PostgreSQL", postgres.url()))
                for label, url in stores:
                    kb = memory(sink, relay_port, url, args.rss_games)
                    print(f"  {label:<11} {kb / 1024:.0f} MB")
    finally:
        if postgres is not None:
            postgres.close()


if __name__ == "__main__":
    main()
