"""Bench: instructions a `serve` process executes per mail, counted by valgrind, so two versions
of the judge can be compared on a machine others keep busy (CPU times there vary by half).

A whole `serve` (SMTP listener, judge, relay thread) runs under valgrind's cachegrind on a new
SQLite file or a throwaway PostgreSQL database, with bench/pbem.py's sink as its relay. It gets
`create bench` and a warm-up, then --messages players' mails (list, status, help in turn) one
after the other; the same again with --more mails more. The difference, divided by --more, is
what one mail costs, start-up and warm-up left out. PostgreSQL's own work is not counted (its
processes run outside valgrind): `bench/pbem_costs.py` counts the statements and round trips.

    python bench/pbem_instructions.py [--store sqlite|pg|both] [--messages 20] [--more 100]
    python bench/pbem_instructions.py --against main    # that commit's judge beside this one

`--against REV` runs the same on commit REV (exported with git archive: its `serve`, this
bench's mail and sink) and prints both. Slow (valgrind runs the judge some 50 times slower):
about two minutes a store and side.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _bench_pbem() -> Any:
    """bench/pbem.py's mail, sink and PostgreSQL (a file of this folder, not a package)."""
    sys.path.insert(0, str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("bench_pbem", ROOT / "bench" / "pbem.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def instructions(
    bench: Any, sink: Any, relay: int, store: str, count: int, first: int, tree: Path = ROOT
) -> int:
    """Instructions of one `serve` (of `tree`) answering the warm-up and then `count` mails."""
    with tempfile.TemporaryDirectory(prefix="spaceships-instructions-") as name:
        folder = Path(name)
        port = bench.free_port()
        env = {
            **os.environ,
            "SPACESHIPS_DB": store if "://" in store else str(folder / "judge.sqlite3"),
            "SPACESHIPS_OUTBOX": str(folder / "outbox"),
            "SPACESHIPS_JUDGE_ADDRESS": bench.JUDGE,
            "SPACESHIPS_SMTP_RELAY": f"127.0.0.1:{relay}",
            "SPACESHIPS_RATE_LIMIT": "100000",
            "SPACESHIPS_LISTEN": f"127.0.0.1:{port}",
        }
        out = folder / "cachegrind.out"
        process = subprocess.Popen(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
             sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "serve"],
            env=env, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        assert process.stdout is not None
        if "running" not in process.stdout.readline():
            raise SystemExit("the judge did not start under valgrind")
        numbers = range(first, first + count)
        with bench.Wire("127.0.0.1", port) as smtp:
            bench.send(smtp, 0, bench.mail(first - 1, "create bench"))
            for number in range(first - 40, first - 1):  # warm: prepared statements, caches
                bench.send(smtp, number, bench.mail(number))
            for number in numbers:
                bench.send(smtp, number, bench.mail(number))
        if not sink.wait([f"<bench{n}@players.example>" for n in numbers], 600):
            raise SystemExit("replies missing")
        process.terminate()
        process.wait(300)
        for line in out.read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("valgrind wrote no summary")


def exported(rev: str, into: Path) -> Path:
    """Commit `rev` of this repository, as files under `into`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=("sqlite", "pg", "both"), default="both")
    parser.add_argument("--messages", type=int, default=20)
    parser.add_argument("--more", type=int, default=100)
    parser.add_argument("--against", metavar="REV", help="also count commit REV's judge")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is absent (apt-get install valgrind)")
    bench = _bench_pbem()
    sink, relay = bench.start_sink()
    postgres = bench.Postgres() if args.store in ("pg", "both") else None
    with tempfile.TemporaryDirectory(prefix="spaceships-against-") as name:
        trees = [("this tree", ROOT)]
        if args.against:
            trees.insert(0, (args.against, exported(args.against, Path(name))))
        try:
            stores = []
            if args.store in ("sqlite", "both"):
                stores.append(("SQLite", lambda: "sqlite"))
            if postgres is not None:
                stores.append(("PostgreSQL", postgres.url))
            print(f"instructions per mail of one serve ({', '.join(bench.COMMANDS)} in turn), M")
            print(f"{'store':<11}" + "".join(f"{label[:12]:>13}" for label, _ in trees))
            first = 1000
            for label, url in stores:
                figures = []
                for _, tree in trees:
                    counts = []
                    for count in (args.messages, args.messages + args.more):
                        counts.append(instructions(bench, sink, relay, url(), count, first, tree))
                        first += 10000
                    figures.append((counts[1] - counts[0]) / args.more / 1e6)
                change = f"  {figures[-1] / figures[0] - 1:+.1%}" if len(figures) > 1 else ""
                print(f"{label:<11}" + "".join(f"{f:>13.2f}" for f in figures) + change, flush=True)
        finally:
            if postgres is not None:
                postgres.close()


if __name__ == "__main__":
    main()
