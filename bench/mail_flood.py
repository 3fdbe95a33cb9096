"""Bench: what a flood from one address costs the judge's disk (issue 27 item 4). Floods a real
judge on a fresh SQLite store with mail of several sizes from one address, as fast as it takes
it, and prints per size: mails sent, kept, not kept (the sending server told to try later),
the growth of the database files, and the bound the judge keeps to in an hour.

    python bench/mail_flood.py [--mails 500] [--rate-limit 30] [--max-size 262144]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from email.message import EmailMessage
from pathlib import Path

# This folder holds bench/pbem.py, which would stand for the package: read from elsewhere.
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]

from pbem.mail.app import open_gateway  # noqa: E402
from pbem.mail.config import MailConfig  # noqa: E402
from pbem.mail.ratelimit import OverBudget  # noqa: E402

MB = 1024 * 1024


def _mail(number: int, size: int) -> bytes:
    message = EmailMessage()
    message["From"] = "Mallory <mallory@example.org>"
    message["To"] = "judge@club.example"
    message["Subject"] = "status"
    message["Message-ID"] = f"<flood{number}@example.org>"
    line = "x" * 76 + "\n"
    message.set_content("status\n" + line * max(0, (size - 400) // len(line)))
    return message.as_bytes()


def _disk(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.glob("judge.sqlite3*"))


def flood(size: int, mails: int, rate_limit: int, max_size: int) -> tuple[int, int, int, int]:
    """(kept, not kept, store growth in bytes, raw bytes kept) for one flood."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        config = MailConfig.from_env(
            {},
            db=str(folder / "judge.sqlite3"),
            outbox=str(folder / "outbox"),
            judge_address="judge@club.example",
            rate_limit_per_hour=rate_limit,
            max_message_bytes=max_size,
        )
        gateway = open_gateway(config)
        gateway.receive(_mail(-1, 1000).replace(b"mallory@", b"keeper@"))  # tables made
        before = _disk(folder)
        kept = deferred = 0
        for number in range(mails):
            try:
                gateway.receive(_mail(number, size))
                kept += 1
            except OverBudget:
                deferred += 1
        gateway.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw = gateway.db.execute(
            "SELECT SUM(LENGTH(raw)) FROM mail_inbound WHERE sender = 'mallory@example.org'"
        ).fetchone()[0]
        return kept, deferred, _disk(folder) - before, int(raw or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=500)
    parser.add_argument("--rate-limit", type=int, default=30)
    parser.add_argument("--max-size", type=int, default=256 * 1024)
    args = parser.parse_args()
    bound = 2 * args.rate_limit * args.max_size
    print(
        f"One address floods the judge: {args.mails} mails, rate limit {args.rate_limit}/h, "
        f"size limit {args.max_size // 1024} KiB; the judge keeps at most "
        f"{2 * args.rate_limit} of its messages an hour, {bound / MB:.1f} MiB of mail."
    )
    print()
    print("| mail size | sent | kept | not kept (try later) | mail kept MiB | store grew MiB |")
    print("|---|---|---|---|---|---|")
    for size in (4 * 1024, 64 * 1024, 245 * 1024, 1024 * 1024):
        kept, deferred, grew, raw = flood(size, args.mails, args.rate_limit, args.max_size)
        print(
            f"| {size // 1024} KiB | {args.mails} | {kept} | {deferred} | {raw / MB:.1f} "
            f"| {grew / MB:.1f} |"
        )


if __name__ == "__main__":
    main()
