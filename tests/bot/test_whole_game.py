"""A whole game in Discord, from the challenge to the reveal, by two members [1.4, 2.3, 11.3]:
every step answered privately, the thread holding the public account and board, results by
DM, and the record attached at the end."""

from __future__ import annotations

import re

from bot_support import FLEET_A, SINKING_ORDERS, World, attachment_bytes, start_game, text_of

from pbem.judge import Judge
from pbem.messages import Inbound
from pbem.replay.page import record_in_page
from pbem.storage.store import open_store


async def test_a_whole_game_from_challenge_to_reveal(world: World) -> None:
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    setup = thread.history()[0]
    assert "(A) against" in setup.content and "Submit fleet" in str(setup.components)

    for member in (alice, bob):
        echo = await member.slash(thread, "spaceships fleet", text=FLEET_A)
        assert echo.ephemeral
        assert "Your fleet is accepted" in text_of(echo)
        # The fleet as text and as a picture.
        assert "DS Rv1 Rv2" in text_of(echo)
        assert [n for n, _ in attachment_bytes(world.env, echo.response.message)] == [
            "alice-bob-fleet.png"
        ]

    for turn, orders in enumerate(SINKING_ORDERS, start=1):
        echo = await alice.slash(thread, "spaceships orders", text=orders)
        assert echo.ephemeral and f"accepted for turn {turn}" in text_of(echo), text_of(echo)
        echo = await bob.slash(thread, "spaceships orders", text="none")
        assert "(no actions)" in text_of(echo)

    posts = thread.history()
    titles = [e.title for m in posts for e in m.embeds]
    assert titles[:4] == [
        "alice-bob: the game begins",
        "alice-bob: turn 1 results",
        "alice-bob: turn 2 results",
        "alice-bob: game over",
    ], titles
    final = [m for m in posts if any(e.title == "alice-bob: game over" for e in m.embeds)]
    files = [name for m in final for name, _ in attachment_bytes(world.env, m)]
    assert files == ["alice-bob-reveal.png", "alice-bob.ssr", "alice-bob-replay.html"]
    attached = dict(attachment_bytes(world.env, final[-1]))
    record = attached["alice-bob.ssr"].decode()
    assert "[Termination" in record and "3 A: Bz3 Bz4" in record
    # The replay page steps through that record and holds nothing more (docs/replay.md).
    page = attached["alice-bob-replay.html"].decode()
    assert record_in_page(page) == record
    assert '"id":"turn-3"' in page and '"reveal"' in page
    assert "wins" in final[0].embeds[0].description

    for name in ("alice", "bob"):
        dm_titles = [e.title for m in world.dms(name) for e in m.embeds]
        assert dm_titles == [
            "alice-bob: the game begins (your view)",
            "alice-bob: turn 1, your results",
            "alice-bob: turn 2, your results",
            "alice-bob: game over",
        ], dm_titles

    status = await bob.slash(thread, "spaceships status")
    assert "over" in text_of(status) and status.ephemeral
    history = await alice.slash(thread, "spaceships history")
    assert "The whole game" in text_of(history)


async def test_the_echo_of_orders_is_what_the_email_judge_says(world: World) -> None:
    """The same game by email: the answer to the same orders, word for word (less the lines
    about passwords that Discord does not have), but that in Discord the quoted line, its
    columns and its carets are those of what the member typed, without the `orders 1: ` the
    bot wrote before it (issue 36, item 4)."""
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await bob.slash(thread, "spaceships fleet", text=FLEET_A)
    discord_echo = text_of(await alice.slash(thread, "spaceships orders", text="Gx3 Gx9 Yq1"))

    store = open_store(":memory:")
    judge = Judge(store)
    judge.handle(Inbound("gm@example.org", "create alice-bob"))
    passwords = {}
    for who in ("alice", "bob"):
        reply = judge.handle(Inbound(f"{who}@example.org", "join alice-bob", sender_name=who))[0]
        passwords[who] = reply.body.split("Your password for alice-bob: ")[1].split()[0]
        judge.handle(
            Inbound(f"{who}@example.org", f"game alice-bob {passwords[who]}\nfleet {FLEET_A}")
        )
    mail = judge.handle(
        Inbound("alice@example.org", f"game alice-bob {passwords['alice']}\norders 1: Gx3 Gx9 Yq1")
    )[0].body
    section = mail.split("\n\n", 1)[1].replace("line 2,", "line 1,")
    written = len("orders 1: ")
    section = re.sub(
        r"column (\d+)",
        lambda m: f"column {int(m.group(1)) - written}",
        section.replace("orders 1: ", ""),
    )
    for line in section.splitlines():
        if line.strip() and set(line.strip()) == {"^"}:
            line = line[:4] + line[4 + written :]
        assert line in discord_echo, line
    assert "column 5: `Gx9`" in discord_echo


async def test_a_challenge_can_be_declined_and_withdrawn(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob)
    declined = await bob.click(posted.response.message, label="Decline")
    assert "Declined" in declined.response.content
    assert world.channel.threads == []
    posted = await alice.slash(world.channel, "spaceships challenge")
    withdrawn = await alice.click(posted.response.message, label="Decline")
    assert "Withdrawn" in withdrawn.response.content


async def test_an_open_challenge_is_taken_by_the_first_member(world: World) -> None:
    alice, carol = world.member("alice"), world.member("carol")
    posted = await alice.slash(world.channel, "spaceships challenge", deadline="48h")
    own = await alice.click(posted.response.message, label="Accept")
    assert "cannot accept your own" in text_of(own)
    taken = await carol.click(posted.response.message, label="Accept")
    assert taken.acknowledged
    thread = world.thread()
    assert "alice-carol" in thread.name
    assert "deadline 2d" in thread.history()[0].content


async def test_a_fleet_s_mistake_is_placed_at_the_line_the_member_wrote(world: World) -> None:
    """A fleet sent over several lines is read under the bot's own `fleet` line; the answer
    counts the member's lines, not the bot's [3.6]."""
    thread = await start_game(world)
    alice = world.member("alice")
    text = FLEET_A.replace("; ", "\n").replace("MD Yv3 Yw3 Yx3", "MD Yv3 Yw3 Yq3")
    wrong = text_of(await alice.slash(thread, "spaceships fleet", text=text))
    assert "line 4" in wrong, wrong
    assert "line 5" not in wrong, wrong
