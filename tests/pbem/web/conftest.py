"""The club page tests' helpers (web_support) on the import path; `serve_app`: a started test
client for any app, all closed at the end; and `client_for`: the read-only club page served
over a store (the play tests make their own, with play, over `serve_app`)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from pbem.storage.store import open_store
from pbem.web.app import Club, make_app

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture
async def serve_app() -> AsyncIterator[Callable[[web.Application], Awaitable[TestClient]]]:
    clients: list[TestClient] = []

    async def start(app: web.Application) -> TestClient:
        client = TestClient(TestServer(app))
        await client.start_server()
        clients.append(client)
        return client

    yield start
    for client in clients:
        await client.close()


@pytest.fixture
def client_for(serve_app: Callable[[web.Application], Awaitable[TestClient]]) -> Callable[..., Any]:
    async def make(url: str) -> TestClient:
        return await serve_app(make_app(Club(open_store(url), "Test club")))

    return make
