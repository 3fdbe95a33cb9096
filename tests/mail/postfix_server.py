"""A private Postfix for the tests: its own configuration, queue and log in a temporary folder,
its SMTP server on a free loopback port, nothing else listening, and the system's Postfix
untouched. It hands the judge's address to the judge the three ways docs/running-a-judge.md
says: a transport map to `serve` over SMTP, a master.cf `pipe` transport to `receive`, or an
alias piping to `receive` in an alias file of its own (Postfix's `local` delivery).

Postfix starts only as root (its master drops to the `postfix` user); without Debian's
package or root the tests that use it skip, saying why (.ci/run installs it)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

POSTFIX = shutil.which("postfix") or (
    "/usr/sbin/postfix" if os.path.exists("/usr/sbin/postfix") else None
)
JUDGE = "judge@judge.test"

_MASTER = """\
{port} inet n - n - - smtpd
cleanup unix n - n - 0 cleanup
qmgr unix n - n 300 1 qmgr
rewrite unix - - n - - trivial-rewrite
bounce unix - - n - 0 bounce
defer unix - - n - 0 bounce
trace unix - - n - 0 bounce
verify unix - - n - 1 verify
flush unix n - n 1000? 0 flush
proxymap unix - - n - - proxymap
smtp unix - - n - - smtp
relay unix - - n - - smtp
showq unix n - n - - showq
error unix - - n - - error
retry unix - - n - - error
discard unix - - n - - discard
anvil unix - - n - 1 anvil
scache unix - - n - 1 scache
postlog unix-dgram n - n - 1 postlogd
local unix - n n - - local
spaceships unix - n n - {maxproc} pipe
  flags=Rq user=nobody argv={receive}
"""

_MAIN = """\
compatibility_level = 3.6
queue_directory = {root}/queue
data_directory = {root}/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.judge.test
mydomain = judge.test
myorigin = judge.test
mydestination =
relay_domains = judge.test
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_recipient_restrictions = permit_mynetworks, reject
alias_maps =
alias_database =
local_recipient_maps =
transport_maps = texthash:{root}/etc/transport
spaceships_destination_recipient_limit = 1
smtp_dns_support_level = disabled
maillog_file = {root}/maillog
maillog_file_prefixes = {root}
syslog_name = postfix-spaceships-test
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
smtp_connection_cache_on_demand = no
"""


def why_not() -> str | None:
    """Why a private Postfix cannot run here, or None."""
    if POSTFIX is None:
        return "Postfix is not installed (Debian: apt-get install postfix; .ci/run installs it)"
    if os.getuid() != 0:
        return "a private Postfix starts only as root (its master drops to the postfix user)"
    return None


@contextmanager
def postfix(
    root: Path,
    port: int,
    transport: str,
    receive: str = "/bin/false",
    alias: tuple[str, str] | None = None,
    maxproc: int = 4,
) -> Iterator[Path]:
    """Postfix on 127.0.0.1:`port`, the judge's address sent by `transport` (a transport map
    value: `smtp:[127.0.0.1]:2525` or `spaceships:`), the pipe transport running at most
    `maxproc` at once; or, with `alias` (an alias line, the user owning the alias file), by
    that alias through Postfix's `local` delivery, whose `default_privs` is `daemon` (so the
    command runs as `nobody` only as the alias file's owner). Yields its log file."""
    for sub in ("etc", "queue", "data"):
        (root / sub).mkdir(parents=True)
    os.chown(root / "data", *_ids("postfix"))
    main = _MAIN.format(root=root)
    if alias is not None:
        line, owner = alias
        folder = root / "aliases"  # the owner's: postalias writes the map beside the file
        folder.mkdir()
        (folder / "aliases").write_text(line + "\n")
        for path in (folder, folder / "aliases"):
            os.chown(path, *_ids(owner))
        main += (
            f"mydestination = judge.test\nrelay_domains =\ntransport_maps =\n"
            f"alias_maps = hash:{folder}/aliases\nlocal_recipient_maps = $alias_maps\n"
            "default_privs = daemon\n"
        )
    (root / "etc" / "main.cf").write_text(main)
    master = _MASTER.format(port=f"127.0.0.1:{port}", receive=receive, maxproc=maxproc)
    (root / "etc" / "master.cf").write_text(master)
    (root / "etc" / "transport").write_text(f"{JUDGE} {transport}\n")
    if alias is not None:
        subprocess.run(
            ["runuser", "-u", alias[1], "--", "postalias", "-c", str(root / "etc"),
             f"hash:{root}/aliases/aliases"],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
    config = ["-c", str(root / "etc")]
    started = subprocess.run(
        [POSTFIX, *config, "start"], capture_output=True, text=True, timeout=60
    )
    log = root / "maillog"
    try:
        if started.returncode != 0:
            raise RuntimeError(f"postfix start failed: {started.stdout}{started.stderr}")
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("postfix does not listen: " + _tail(log))
        yield log
    finally:
        subprocess.run([POSTFIX, *config, "stop"], capture_output=True, timeout=60)


def _ids(user: str) -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam(user)
    return entry.pw_uid, entry.pw_gid


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-1500:] if log.exists() else "(no log)"
