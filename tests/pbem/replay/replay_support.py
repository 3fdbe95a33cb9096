"""Records of the replay tests: a game in play whose B fleet is placed two ways that A's and
B's orders never tell apart, and the CLI run as a user runs it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import traceback
from pathlib import Path

from click.testing import CliRunner
from sample_fleets import FLEET_A as FLEET_A
from sample_fleets import FLEET_B as FLEET_B
from sample_fleets import FLEET_B_SWAPPED as FLEET_B_SWAPPED

from spaceships_cli import main

ROOT = Path(__file__).resolve().parents[3]


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
    """`spaceships ARGS` run in this process, as a process would end: its exit status, what it
    printed on stdout and stderr, and an exception it let out as a traceback on stderr. (A
    process of its own spent as long importing as replaying; `run_process` is one.)"""
    result = CliRunner().invoke(main, list(args))
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(list(args), result.exit_code, result.stdout, stderr)


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`spaceships ARGS` as a user runs it: a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "spaceships_cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def page_data(page: str) -> dict:
    """The frames a replay page steps through (its embedded JSON, which is JSON as it stands:
    the viewer parses it so)."""
    found = re.search(r'id="replay-data">(.*?)</script>', page, re.S)
    assert found, "no replay data in the page"
    return json.loads(found.group(1))
