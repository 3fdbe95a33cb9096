"""Bench: reading mail as clients write it, message by message (parse, headers, parts, the
sender's own lines, the choice of text), without the judge. Prints, per client shape, the
size of the message and the time `read_mail` takes, median and 99th percentile.

    python bench/mail_shapes.py [--repeat 300]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# This folder holds bench/pbem.py, which would stand for the package: read from elsewhere.
_HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != _HERE]
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "mail"))
import mail_clients as c  # noqa: E402

from pbem.mail.inbound import Accepted, read_mail  # noqa: E402

FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
QUOTE = "\n".join(f"Turn 3 results line {n}: strike Gx{n % 5 + 1} miss" for n in range(40))
ALICE = "Alice <alice@example.org>"
SHAPES = {
    "plain": c.plain(ALICE, "orders", "game alpha amber-otter-tango\norders 3: Gx3 Gx4\n"),
    "thunderbird flowed": c.thunderbird_flowed(ALICE, "fleet", f"game alpha a-b-c\nfleet {FLEET}"),
    "apple mail delsp": c.apple_mail_delsp(ALICE, "fleet", f"game alpha a-b-c\nfleet {FLEET}"),
    "notepad bom": c.notepad_bom(ALICE, "fleet", f"game alpha a-b-c\nfleet {FLEET}"),
    "inline pgp": c.clearsigned(ALICE, "fleet", f"game alpha a-b-c\nfleet {FLEET}\n-- \nAlice"),
    "outlook word html": c.outlook_word_html(
        ALICE, "orders", ["game alpha a-b-c", "orders 3: Gx3", "", "Regards"], quoted=QUOTE
    ),
    "mutt bottom post": c.mutt_bottom_post(
        ALICE, "Re: x", QUOTE, "game alpha a-b-c\norders 3: Gx3", "<r@x>"
    ),
    "gmail top post": c.gmail_reply(
        ALICE, "Re: x", "game alpha a-b-c\norders 3: Gx3", QUOTE, "<r@x>"
    ),
    "txt attachment": c.with_attachment(
        ALICE, "orders", "Attached.", "o.txt", b"game alpha a-b-c\norders 3: Gx3\n"
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    print(f"{'shape':<20} {'bytes':>7} {'median µs':>10} {'p99 µs':>8}")
    for name, raw in SHAPES.items():
        assert isinstance(read_mail(raw), Accepted), name
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            read_mail(raw)
            times.append((time.perf_counter() - start) * 1e6)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"{name:<20} {len(raw):>7} {statistics.median(times):>10.0f} {p99:>8.0f}")


if __name__ == "__main__":
    main()
