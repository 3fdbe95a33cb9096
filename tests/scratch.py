"""Where the tests' scratch files go: in memory (Linux's /dev/shm) where that is roomy, since
the judge's stores flush every commit to disk (SQLite `synchronous = FULL`), some 6 ms a commit
on this project's disks and none in memory, and the tests' PostgreSQL makes and deletes
hundreds of files a store. What the tests prove is the same either way: none of them cuts the
power, and a process killed with -9 loses what it would lose on a disk."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

MEMORY = Path("/dev/shm")
NEEDED = 2 * 1024**3  # a whole run takes a few MB and a PostgreSQL server some hundreds


def memory() -> str | None:
    """/dev/shm when it is a folder we may write with room to spare, else None."""
    try:
        free = os.statvfs(MEMORY)
    except OSError:
        return None
    roomy = free.f_bavail * free.f_frsize >= NEEDED
    return str(MEMORY) if roomy and os.access(MEMORY, os.W_OK | os.X_OK) else None


def use_memory() -> None:
    """Temporary files of this process and of the processes it starts (pytest's tmp_path, the
    judges and servers the tests run) in memory, unless TMPDIR names a place already."""
    if os.environ.get("TMPDIR"):
        return
    folder = memory()
    if folder is not None:
        os.environ["TMPDIR"] = folder
        tempfile.tempdir = None  # gettempdir() reads TMPDIR again
