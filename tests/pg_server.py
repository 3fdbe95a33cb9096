"""A real PostgreSQL server for the tests: initdb and pg_ctl in a temporary folder, listening on
a free loopback port only, trusting local connections, gone when the tests end.

PostgreSQL refuses to run as root: when the tests run as root (CI), the server runs as the
`postgres` user Debian's package creates, or else `nobody`, through `runuser`. When the
binaries are absent `PgServer.find()` says why, and the tests skip with that reason.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import psycopg
from scratch import memory


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_template: Path | None = None  # a freshly initialised data folder, copied for each server


def _scratch(durable: bool) -> str | None:
    """Where a server's folder goes: in memory for the tests' server (see tests/scratch.py),
    the usual temporary folder for a durable one (benches)."""
    return None if durable else memory()


class PgServer:
    """One throwaway server; `new_database()` gives each test a database of its own."""

    def __init__(self, initdb: str, pg_ctl: str, durable: bool = False) -> None:
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.durable = durable
        self.user: str | None = None  # the system user the server runs as, when we are root
        if os.geteuid() == 0:
            for candidate in ("postgres", "nobody"):
                try:
                    pwd.getpwnam(candidate)
                except KeyError:
                    continue
                self.user = candidate
                break
        self.root = Path(tempfile.mkdtemp(prefix="spaceships-pg-", dir=_scratch(durable)))
        self.data = self.root / "data"
        self.port = _free_port()
        self.admin_url = f"postgresql://judge@127.0.0.1:{self.port}/postgres"
        self.shared: str | None = None

    @classmethod
    def find(cls, durable: bool = False) -> tuple[PgServer | None, str]:
        """A server to start; `durable` for one that flushes to disk (see `start`)."""
        initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
        if not initdb or not pg_ctl:
            return None, "PostgreSQL is absent (no initdb/pg_ctl; apt-get install postgresql)"
        return cls(initdb, pg_ctl, durable), ""

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(
            command, capture_output=True, text=True, timeout=120, cwd=self.root, check=False
        )

    def start(self, durable: bool | None = None) -> None:
        """`durable` (by default as given to `find`): as a real deployment runs (every commit
        flushed to disk, PostgreSQL's defaults), for benches; the tests' server skips the
        flushes, which they never test."""
        durable = self.durable if durable is None else durable
        if self.user is not None:
            os.chmod(self.root, 0o755)
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._initdb()
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
            "-c max_connections=60 -c shared_buffers=32MB"
        )
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self.pg_ctl_start(options)

    def _initdb(self) -> None:
        """The data folder: initdb once per run, then a copy of that first cluster for each
        further server (a copy takes a fraction of initdb's second or two)."""
        global _template
        if _template is None:
            done = self._run(
                self.initdb, "-D", str(self.data), "-U", "judge", "--auth=trust",
                "--encoding=UTF8", "--no-locale", "--no-sync",
            )  # fmt: skip
            if done.returncode != 0:
                raise RuntimeError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
            template = (
                Path(tempfile.mkdtemp(prefix="spaceships-pg-template-", dir=self.root.parent))
                / "data"
            )
            shutil.copytree(self.data, template, symlinks=True)
            _template = template
            atexit.register(shutil.rmtree, template.parent, ignore_errors=True)
            return
        shutil.copytree(_template, self.data, symlinks=True)
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for folder, _, files in os.walk(self.data):
                os.chown(folder, entry.pw_uid, entry.pw_gid)
                for name in files:
                    os.chown(os.path.join(folder, name), entry.pw_uid, entry.pw_gid)

    def pg_ctl_start(self, options: str | None = None) -> None:
        if options is not None:
            self.options = options
        done = self._run(
            self.pg_ctl, "-D", str(self.data), "-o", self.options, "-l",
            str(self.root / "server.log"), "-w", "-t", "60", "start",
        )  # fmt: skip
        if done.returncode != 0:
            log = (self.root / "server.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()}\n{log}")

    def stop(self, mode: str = "fast") -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop")

    def new_database(self) -> str:
        """A URL to a new empty database of its own (CREATE DATABASE: for several processes)."""
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return f"postgresql://judge@127.0.0.1:{self.port}/{name}"

    def new_schema(self) -> str:
        """A URL whose tables land in a new empty schema: as good as a new database to the
        judge, and a hundred times quicker to make than one (for the many small tests)."""
        name = "s_" + uuid.uuid4().hex[:12]
        if self.shared is None:
            self.shared = self.new_database()
        with psycopg.connect(self.shared, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {name}")
        return f"{self.shared}?options=-csearch_path%3D{name}"

    def wait_until_up(self, seconds: float = 30) -> None:
        end = time.monotonic() + seconds
        while True:
            try:
                psycopg.connect(self.admin_url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)

    def destroy(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
