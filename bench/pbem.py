"""Bench: the email judge end to end through its SMTP listener.

Starts `spaceships pbem serve` as a real process on a temporary database, with an aiosmtpd
sink (in this process) as its SMTP relay. SMTP clients send players' mail; a reply counts
when the sink has received it. Prints:
  - throughput: emails/s for --messages mails sent as fast as --clients connections allow
    (goal >= 200/s);
  - latency at a steady --rate (default 50/s) for --seconds: percentiles from the moment
    each mail was due to be sent to its reply's arrival at the relay (goal p99 < 250 ms).

    python bench/pbem.py [--messages 1000] [--clients 8] [--rate 50] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from email.message import EmailMessage
from pathlib import Path

from aiosmtpd.smtp import SMTP

JUDGE = "judge@bench.example"
COMMANDS = ("list", "status bench", "help join")


class Sink:
    """The judge's relay: notes when each reply (by In-Reply-To) arrives."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.condition = threading.Condition()

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        now = time.perf_counter()
        content: bytes = envelope.content  # type: ignore[attr-defined]
        head = content.split(b"\r\n\r\n", 1)[0]
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"in-reply-to:"):
                with self.condition:
                    self.arrived[line.split(b":", 1)[1].strip().decode()] = now
                    self.condition.notify_all()
        return "250 OK"

    def wait(self, ids: list[str], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self.condition:
            while not all(i in self.arrived for i in ids):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.condition.wait(left)
        return True


def start_sink() -> tuple[Sink, int]:
    sink = Sink()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    async def serve() -> asyncio.AbstractServer:
        return await loop.create_server(lambda: SMTP(sink), "127.0.0.1", 0)

    server = asyncio.run_coroutine_threadsafe(serve(), loop).result()
    return sink, server.sockets[0].getsockname()[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_judge(workdir: Path, relay_port: int) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    env = {
        **os.environ,
        "SPACESHIPS_DB": str(workdir / "judge.sqlite3"),
        "SPACESHIPS_OUTBOX": str(workdir / "outbox"),
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
    return message.as_bytes()


def send(smtp: smtplib.SMTP, number: int, raw: bytes) -> None:
    smtp.sendmail(f"player{number % 100}@players.example", [JUDGE], raw)


def _client(port: int, share: list[int], ready: threading.Barrier) -> None:
    raws = [(number, mail(number)) for number in share]
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
        ready.wait()
        for number, raw in raws:
            send(smtp, number, raw)


def throughput(port: int, sink: Sink, first: int, count: int, clients: int) -> float:
    numbers = list(range(first, first + count))
    shares = [numbers[i::clients] for i in range(clients)]

    # Each client is a process of its own, as the players' mail servers would be: client
    # threads in this process would mostly measure this process's GIL.
    context = multiprocessing.get_context("fork")
    ready = context.Barrier(clients + 1)
    processes = [context.Process(target=_client, args=(port, share, ready)) for share in shares]
    for process in processes:
        process.start()
    ready.wait()
    start = time.perf_counter()
    for process in processes:
        process.join()
    ids = [f"<bench{n}@players.example>" for n in numbers]
    if not sink.wait(ids, 120):
        raise SystemExit("replies missing")
    elapsed = max(sink.arrived[i] for i in ids) - start
    return count / elapsed


def latency(port: int, sink: Sink, first: int, rate: float, seconds: float) -> list[float]:
    """Sends on a fixed schedule from a few connections; latency counts from the due time,
    so a slow reply delays no later measurement (no coordinated omission)."""
    count = int(rate * seconds)
    due: dict[str, float] = {}
    lanes = 4
    raws = {k: mail(first + k) for k in range(count)}
    start = time.perf_counter() + 0.2

    def lane(index: int) -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()

    sink, relay_port = start_sink()
    with tempfile.TemporaryDirectory(prefix="spaceships-bench-") as name:
        process, port = start_judge(Path(name), relay_port)
        try:
            # A game for `status bench`, and a warm-up.
            with smtplib.SMTP("127.0.0.1", port) as smtp:
                send(smtp, 0, mail(0, "create bench"))
            throughput(port, sink, 1, 100, args.clients)

            rate = throughput(port, sink, 1000, args.messages, args.clients)
            print(
                f"throughput: {rate:.0f} emails/s end to end "
                f"({args.messages} mails, {args.clients} SMTP clients; goal >= 200/s)"
            )
            lat = latency(port, sink, 100000, args.rate, args.seconds)
            print(
                f"latency at {args.rate:g}/s for {args.seconds:g} s ({len(lat)} mails): "
                f"p50 {percentile(lat, 50):.1f} ms, p90 {percentile(lat, 90):.1f} ms, "
                f"p99 {percentile(lat, 99):.1f} ms, max {lat[-1]:.1f} ms, "
                f"mean {statistics.fmean(lat):.1f} ms (goal p99 < 250 ms)"
            )
        finally:
            process.terminate()
            process.wait(20)


if __name__ == "__main__":
    main()
