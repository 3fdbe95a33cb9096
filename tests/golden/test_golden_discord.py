"""Goldens of the Discord bot (simcord): a Spaceships game and a battle played by members,
every post each of them sees (the channel, the game's thread, their DMs, their private
answers, the forms the bot shows) compared with tests/golden/*.json: content, embeds, each
file's name and sha256, each component's custom id and label (issue 21, S0)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from battle_support import DESIGN_A, DESIGN_B, phase_orders, start_battle
from bot_support import FLEET_A, SINKING_ORDERS, World, attachment_bytes, start_game
from goldens import check_golden

HERE = Path(__file__).resolve().parent


class Recorder:
    """What each member read, in the order they read it."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.seen: list[dict[str, Any]] = []

    def answer(self, who: str, what: str, result: Any) -> Any:
        """A member's interaction: the private or public answer and any form shown."""
        messages = ([result.response.message] if result.response is not None else []) + [
            f.message for f in result.followups
        ]
        self.seen.append(
            {
                "where": f"{who}: {what}",
                "ephemeral": bool(result.ephemeral),
                "messages": [self.post(m) for m in messages],
                "form": _form(result.modal),
            }
        )
        return result

    def post(self, message: Any) -> dict[str, Any]:
        return {
            "content": message.content,
            "embeds": [e.to_dict() for e in message.embeds],
            "files": [
                {"name": name, "sha256": hashlib.sha256(data).hexdigest()}
                for name, data in attachment_bytes(self.world.env, message)
            ],
            "components": [
                [
                    {"custom_id": getattr(c, "custom_id", None), "label": getattr(c, "label", None)}
                    for c in row.children
                ]
                for row in message.components
            ],
        }

    def places(self, members: tuple[str, ...]) -> list[dict[str, Any]]:
        """At the end: the channel, each thread and each member's DMs, oldest post first."""
        places = [("channel", self.world.channel)]
        places += [(f"thread {t.name}", t) for t in self.world.channel.threads]
        places += [(f"DMs of {m}", self.world.member(m).user.dm_channel) for m in members]
        return [
            {"where": name, "messages": [self.post(m) for m in place.history()]}
            for name, place in places
        ]


def _form(modal: dict[str, Any] | None) -> Any:
    if modal is None:
        return None
    # A form's custom id ends in random hex (bot.components), new each time it is shown so
    # that Discord never refills an old form: kept up to that part, which is all that matters.
    return {
        "custom_id": re.sub(r":[0-9a-f]+$", ":RANDOM", modal["custom_id"]),
        "title": modal["title"],
    }


def _post_titled(thread: Any, title: str) -> Any:
    return next(m for m in thread.history() if any(e.title == title for e in m.embeds))


async def test_a_spaceships_game_in_discord(world: World, request: pytest.FixtureRequest) -> None:
    seen = Recorder(world)
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    setup = thread.history()[0]
    seen.answer("alice", "fleet", await alice.slash(thread, "spaceships fleet", text=FLEET_A))
    # Bob sends his fleet through the setup post's button and its form.
    form = seen.answer("bob", "Submit fleet", await bob.click(setup, label="Submit fleet"))
    field = form.modal["components"][0]["components"][0]["custom_id"]
    seen.answer("bob", "fleet form", await bob.submit_modal(form, {field: FLEET_A}))
    # Alice's first orders through the button under the game's first post, the rest typed.
    begins = _post_titled(thread, "alice-bob: the game begins")
    form = seen.answer(
        "alice", "Submit orders", await alice.click(begins, label="Submit orders (turn 1)")
    )
    field = form.modal["components"][0]["components"][0]["custom_id"]
    seen.answer("alice", "orders form", await alice.submit_modal(form, {field: SINKING_ORDERS[0]}))
    seen.answer("bob", "orders", await bob.slash(thread, "spaceships orders", text="none"))
    for orders in SINKING_ORDERS[1:]:
        seen.answer("alice", "orders", await alice.slash(thread, "spaceships orders", text=orders))
        seen.answer("bob", "orders", await bob.slash(thread, "spaceships orders", text="none"))
    seen.answer("bob", "status", await bob.slash(thread, "spaceships status"))
    # Each player's own view of turn 1, asked for under the thread's public results.
    results = _post_titled(thread, "alice-bob: turn 1 results")
    for name, member in (("alice", alice), ("bob", bob)):
        seen.answer(name, "View my results", await member.click(results, label="View my results"))
    captured = seen.seen + seen.places(("alice", "bob"))
    assert any("game over" in str(p) for p in captured)
    check_golden(HERE / "discord_spaceships.json", captured, request.config)


async def test_a_battle_in_discord(world: World, request: pytest.FixtureRequest) -> None:
    seen = Recorder(world)
    thread = await start_battle(world, budget=300, turns=3)
    for name, design in (("alice", DESIGN_A), ("bob", DESIGN_B)):
        member = world.member(name)
        seen.answer(name, "design", await member.slash(thread, "spaceships design", text=design))
    seen.answer("bob", "board", await world.member("bob").slash(thread, "spaceships board"))
    # Alice's first movement through the button under the battle's first post and its form.
    alice = world.member("alice")
    begins = next(m for m in thread.history() if any("begins" in e.title for e in m.embeds))
    label = "Submit orders (turn 1, movement)"
    form = seen.answer("alice", label, await alice.click(begins, label=label))
    field = form.modal["components"][0]["components"][0]["custom_id"]
    sent = await alice.submit_modal(form, {field: phase_orders(world, "A")})
    seen.answer("alice", "orders form", sent)
    bob_orders = phase_orders(world, "B")
    bob_answer = await world.member("bob").slash(thread, "spaceships orders", text=bob_orders)
    seen.answer("bob", "orders", bob_answer)
    for _ in range(40):
        game = world.store.game("alice-bob")
        if game is not None and game.phase == "over":
            break
        for name, seat in (("alice", "A"), ("bob", "B")):
            text = phase_orders(world, seat)
            answer = await world.member(name).slash(thread, "spaceships orders", text=text)
            seen.answer(name, "orders", answer)
    game = world.store.game("alice-bob")
    assert game is not None and game.phase == "over"
    captured = seen.seen + seen.places(("alice", "bob"))
    check_golden(HERE / "discord_battle.json", captured, request.config)
