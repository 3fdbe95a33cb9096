"""Fixtures every test folder may use: a real PostgreSQL server (started once per run, and
once per worker when the run is spread over processes; skipped with the reason when PostgreSQL
is absent) and `store_url`, one store of each database.

The suite runs in one process per core (pytest-xdist: `--numprocesses=auto` in pyproject.toml;
`-n 0` runs it in one). Tests that share something between processes are put in one
`xdist_group`, which one worker runs in turn. Without pytest-xdist the options are accepted and
the suite runs in one process. Scratch files go to memory where there is room (tests/scratch.py).

And a watch over every message the judge produces, in every test: a password may appear only
in the one message that issues it (the reply to `join` or `create`); a test in which any other
message holds one fails, naming the message."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from password_watch import PasswordWatch  # noqa: E402
from patience import SETTLE_SECONDS  # noqa: E402
from pg_server import PgServer  # noqa: E402
from scratch import use_memory  # noqa: E402
from sizes import FULL  # noqa: E402, F401  (loads the hypothesis profile before any test)

from pbem.judge import Judge  # noqa: E402

use_memory()  # before pytest picks its temporary folder (tests/scratch.py says why)

DATABASES = ("sqlite", "postgresql")
WATCH = PasswordWatch()


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    # Here, not in tests/golden/conftest.py: the option must exist whichever test folder a
    # run names (tests/bot/test_command_tree.py uses it too); see tests/goldens.py.
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="write the captured goldens (tests/golden/*.json, the command tree) anew",
    )
    if not pluginmanager.has_plugin("xdist"):
        # pyproject's `--numprocesses=auto --dist=loadgroup`, read without pytest-xdist: one
        # process.
        group = parser.getgroup("xdist", "pytest-xdist is not installed: one process")
        group.addoption("--numprocesses", dest="numprocesses", default=None)
        group.addoption("--maxprocesses", dest="maxprocesses", default=None)
        group.addoption("--dist", dest="dist", default="no")


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.has_plugin("xdist"):
        config.addinivalue_line("markers", "xdist_group(name): tests one process runs in turn")


# The modules whose tests take longest (a browser, an MTA, a dozen processes, whole games):
# started first, so that two workers share them instead of one running them at the end.
LONG = (
    "pbem/web/test_play_browser.py",
    "pbem/web/test_club_browser.py",
    "mail/test_postfix.py",
    "mail/test_parallel_receive.py",
    "spacechess/test_terminal.py",
    "bot/test_bad_input_sweep.py",
    "mail/test_live_receive_kept.py",
    "mail/test_several_judges.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not any(item.nodeid.startswith(f"tests/{m}") for m in LONG))
    # Each simulated Discord waits SETTLE_SECONDS for the bot to go idle (tests/patience.py),
    # with whatever else a test's own `simcord` mark asks.
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()):
            own = item.get_closest_marker("simcord")
            options = {"settle_timeout": SETTLE_SECONDS, **(own.kwargs if own else {})}
            item.add_marker(pytest.mark.simcord(**options), append=False)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server, why = PgServer.find()
    if server is None:
        pytest.skip(why)
    try:
        server.start()
    except (RuntimeError, OSError) as exc:
        pytest.skip(f"PostgreSQL would not start here: {exc}")
    yield server
    server.destroy()


@pytest.fixture(params=DATABASES)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty store: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        return str(tmp_path / "judge.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return server.new_schema()


@pytest.fixture(scope="session", autouse=True)
def _watch_every_judge() -> Iterator[None]:
    handle, tick = Judge.handle, Judge.tick

    def watched_handle(self, inbound):  # type: ignore[no-untyped-def]
        messages = handle(self, inbound)
        WATCH.see(messages)
        return messages

    def watched_tick(self, now=None):  # type: ignore[no-untyped-def]
        messages = tick(self, now)
        WATCH.see(messages)
        return messages

    Judge.handle, Judge.tick = watched_handle, watched_tick  # type: ignore[method-assign]
    yield
    Judge.handle, Judge.tick = handle, tick  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _no_password_in_any_reply() -> Iterator[None]:
    WATCH.reset()
    yield
    if WATCH.leaks:
        leaks = "\n\n".join(WATCH.leaks)
        WATCH.reset()
        pytest.fail(f"a message of the judge holds a password it did not issue:\n{leaks}")
