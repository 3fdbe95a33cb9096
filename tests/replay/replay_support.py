"""Records of the replay tests: a game in play whose B fleet is placed two ways that A's and
B's orders never tell apart, and the CLI run as a user runs it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
FLEET_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)
# The same B fleet with its patrol cruiser and missile destroyer elsewhere: A's strikes
# (Rx4 Rv5 Bv1, Rx5 Ov5) meet the same cells in both.
FLEET_B_SWAPPED = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gv5 Gw5 Gx5 Gy5; "
    "MD Bz3 Bz4 Bz5; LS Yv5"
)


def in_play(fleet_b: str = FLEET_B) -> str:
    """A game in play after two turns."""
    return f"""[Ruleset "2.6.1"]
[A "Alice"]
[B "Bob"]

A fleet: {FLEET_A}
B fleet: {fleet_b}

1 A: Rx4 Rv5 Bv1
1 B: Rv1 Oz5 Gx1 Bv5
2 A: Rx5 Ov5
2 B: Gx2 Yv1
"""


def sample(name: str) -> Path:
    return ROOT / "samples" / name


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spaceships_cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def page_data(page: str) -> dict:
    """The frames a replay page steps through (its embedded JSON)."""
    found = re.search(r'id="replay-data">(.*?)</script>', page, re.S)
    assert found, "no replay data in the page"
    return json.loads(found.group(1).replace("<\\/", "</"))
