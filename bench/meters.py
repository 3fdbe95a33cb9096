"""What a bench run cost, read from outside the processes measured: CPU seconds of processes
(/proc), and how often judges wait for each other's locks on PostgreSQL."""

from __future__ import annotations

import os
import resource
import threading
from pathlib import Path


def cpu_of(pid: int) -> float:
    """Seconds of CPU (user + system) a process has used; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def switches_of(pid: int) -> tuple[int, int]:
    """Context switches of a process, all its threads: (voluntary: it waited for something,
    involuntary: the scheduler took the CPU away from it)."""
    voluntary = involuntary = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    voluntary += int(line.split()[1])
                elif line.startswith("nonvoluntary_ctxt_switches:"):
                    involuntary += int(line.split()[1])
    except OSError:
        pass
    return voluntary, involuntary


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


class LockSampler:
    """With --locks, on PostgreSQL: how often the judges wait for a lock (pg_stat_activity
    every 20 ms while emails/s is measured), as the share of judge time spent so."""

    def __init__(self, url: str, workers: int) -> None:
        import psycopg

        self.connection = psycopg.connect(url, autocommit=True)
        self.workers, self.samples, self.waiting = workers, 0, 0
        self.events: dict[str, int] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        query = (
            "SELECT wait_event FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'"
        )
        while not self.stop.wait(0.02):
            rows = self.connection.execute(query).fetchall()
            self.samples += 1
            self.waiting += len(rows)
            for (event,) in rows:
                self.events[event] = self.events.get(event, 0) + 1

    def share(self) -> float:
        self.stop.set()
        self.thread.join()
        self.connection.close()
        return 100 * self.waiting / max(1, self.samples * self.workers)


class CpuMeter:
    """CPU seconds of the judges, of the database server (every process of it) and of this
    bench (its sink, and its SMTP clients once they are joined), between two readings; and the
    judges' context switches (`waits`: for the database, the disk, a client; `preempted`)."""

    def __init__(self, judges: list[int], server: int | None) -> None:
        self.judges, self.server = judges, server

    def read(self) -> dict[str, float]:
        server = 0.0
        if self.server is not None:
            server = cpu_of(self.server) + sum(map(cpu_of, children_of(self.server)))
        own = resource.getrusage(resource.RUSAGE_SELF)
        clients = resource.getrusage(resource.RUSAGE_CHILDREN)
        switches = [switches_of(pid) for pid in self.judges]
        return {
            "judge": sum(map(cpu_of, self.judges)),
            "waits": sum(v for v, _ in switches),
            "preempted": sum(i for _, i in switches),
            "server": server,
            "bench": own.ru_utime + own.ru_stime + clients.ru_utime + clients.ru_stime,
        }
