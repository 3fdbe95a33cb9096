"""Fixtures of the golden tests: the judge tests' and the bot tests' helpers made importable
(pytest's importlib mode puts no test folder on sys.path), and a simulated Discord with the
real bot over a store in a temporary file, as in tests/bot."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_TESTS = Path(__file__).resolve().parents[1]
for _folder in (_TESTS / "pbem", _TESTS / "bot"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from bot_support import World  # noqa: E402

from bot import create_bot  # noqa: E402
from pbem.storage.store import Store, open_store  # noqa: E402


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(tmp_path / "judge.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def simcord_bot(store: Store) -> Any:
    return create_bot(store, shard_count=1)


@pytest.fixture
def world(simcord_env: Any, store: Store) -> World:
    guild = simcord_env.create_guild("Club")
    channel = guild.create_text_channel("spaceships")
    return World(simcord_env, guild, channel, store)
