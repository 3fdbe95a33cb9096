"""The club page tests' helpers (web_support) on the import path, and `client_for`: the
read-only club page served over a store (the play tests make their own, with play)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from pbem.store import open_store
from pbem.web.app import Club, make_app

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture
async def client_for() -> AsyncIterator[Callable[[str], Any]]:
    clients: list[TestClient] = []

    async def make(url: str) -> TestClient:
        client = TestClient(TestServer(make_app(Club(open_store(url), "Test club"))))
        await client.start_server()
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.close()
