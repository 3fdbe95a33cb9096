"""Which stored messages a live judge process is answering: one lock per message, taken before
the message is stored and let go once it is answered, which the kernel lets go too when the
process dies. Another process resuming `received` messages leaves a held one to its holder and
takes over only one whose holder died (issue 37 item 3).

The locks are byte ranges of one file shared by the judges of one machine (beside the SQLite
file, or in the outbox folder for PostgreSQL): byte N of it stands for the messages whose
Message-ID hashes to N. Linux's open-file-description locks are used where there are some, so
two judges in one process (tests) hold apart as two processes do. Two Message-IDs hashing alike
only make one wait for the next resume.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import logging
import os
import signal
import struct
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("pbem.mail")

_SPAN = 1 << 40  # byte offsets the Message-IDs hash to
_TURN = _SPAN  # the byte after them: whose turn it is to work the database (`Holds.turn`)
_SET = getattr(fcntl, "F_OFD_SETLK", None)  # Linux; elsewhere the process's own locks
_SET_WAIT = getattr(fcntl, "F_OFD_SETLKW", None)


def _offset(message_id: str) -> int:
    return int.from_bytes(hashlib.sha256(message_id.encode()).digest()[:8], "big") % _SPAN


def _in_line(take: Callable[[], None], wait: float) -> bool:
    """Run the blocking `take`, given up after `wait` seconds (False): a timer interrupts
    the kernel's wait."""

    def ring(signum: int, frame: object) -> None:
        raise _Rang

    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, wait)
    try:
        take()
        return True
    except _Rang:
        return False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


class _Rang(Exception):
    """The timer of a wait in line."""


class Holds:
    """The holds of this judge on the messages it is answering. Without a file (an in-memory
    store) every hold is granted: there is no other process to hold apart from."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._fd: int | None = None
        self._held: Counter[int] = Counter()
        self._broken = False

    def _file(self) -> int | None:
        if self._fd is None and self.path is not None and not self._broken:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)  # as the store's is
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError as exc:  # the judge still works: as before, without holds
                log.warning("cannot hold messages apart from other judges (%s): %s", self.path, exc)
                self._broken = True
        return self._fd

    def _lock(self, fd: int, kind: int, offset: int, wait: bool = False) -> None:
        if _SET is None or _SET_WAIT is None:
            how = fcntl.LOCK_UN if kind == fcntl.F_UNLCK else fcntl.LOCK_EX
            fcntl.lockf(fd, how if wait or kind == fcntl.F_UNLCK else how | fcntl.LOCK_NB, 1,
                        offset, os.SEEK_SET)  # fmt: skip
            return
        # struct flock: l_type, l_whence, l_start, l_len, l_pid (0 for these locks).
        lock = struct.pack("hhqqi4x", kind, os.SEEK_SET, offset, 1, 0)
        fcntl.fcntl(fd, _SET_WAIT if wait else _SET, lock)

    @contextmanager
    def turn(self, wait: float) -> Iterator[None]:
        """This process's turn at the database among those of this machine that take turns
        (`receive` and `tick`): one at a time, the others asleep in the kernel until it ends.
        A burst of mail then costs each process its own work and a wait in line, not a race
        in SQLite's busy loop that leaves the unlucky ones locked out after its 10 s (issue
        37 item 2). TimeoutError after `wait` seconds in line. Where locks cannot be had, no
        line: as before; nor in a thread other than the main one, which no timer can wake."""
        fd = self._file()
        if fd is None or threading.current_thread() is not threading.main_thread():
            yield
            return
        waited = _in_line(lambda: self._lock(fd, fcntl.F_WRLCK, _TURN, wait=True), wait)
        if not waited:
            raise TimeoutError(f"the judge has been busy for {wait:g} s")
        try:
            yield
        finally:
            self._lock(fd, fcntl.F_UNLCK, _TURN)

    def take(self, message_id: str) -> bool:
        """Hold the message, unless a live process holds it (False)."""
        offset = _offset(message_id)
        fd = self._file()
        if fd is None or self._held[offset]:
            self._held[offset] += 1
            return True
        try:
            self._lock(fd, fcntl.F_WRLCK, offset)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                return False
            raise
        self._held[offset] += 1
        return True

    def release(self, message_id: str) -> None:
        offset = _offset(message_id)
        self._held[offset] -= 1
        if self._held[offset] > 0:
            return
        del self._held[offset]
        if self._fd is not None:
            self._lock(self._fd, fcntl.F_UNLCK, offset)

    @contextmanager
    def holding(self, message_id: str) -> Iterator[bool]:
        """Whether this judge holds the message for the block (False: a live process does)."""
        held = self.take(message_id)
        try:
            yield held
        finally:
            if held:
                self.release(message_id)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            self._held.clear()

    def __del__(self) -> None:  # a judge let go of (tests open many): its file with it
        self.close()
