"""Who may do what [1.4]: a third member is refused everywhere in someone else's game; and the
mistakes players make (a wrong cell, orders for the wrong turn, the wrong game, a bad file)
get an answer that says what, where and why, privately."""

from __future__ import annotations

import pytest
from bot_support import FLEET_A, FLEET_B, World, start_game, text_of
from simcord import SetupError


async def _in_play(world: World, **settings: object) -> object:
    thread = await start_game(world, **settings)
    await world.member("alice").slash(thread, "spaceships fleet", text=FLEET_A)
    await world.member("bob").slash(thread, "spaceships fleet", text=FLEET_B)
    return thread


async def test_a_third_member_is_refused_everywhere(world: World) -> None:
    thread = await _in_play(world)
    eve = world.member("eve")
    for command, options in [
        ("fleet", {"text": FLEET_A}),
        ("orders", {"text": "Rv1"}),
        ("orders", {}),
        ("status", {}),
        ("resign", {}),
        ("settings", {"deadline": "1h"}),
    ]:
        result = await eve.slash(thread, f"spaceships {command}", **options)
        said = text_of(result)
        assert result.ephemeral, command
        assert "Not your game" in said or "Only the member who created" in said, (command, said)
        assert "Rv1" not in said.replace("text", "")  # nothing of Alice's fleet
    history = text_of(await eve.slash(thread, "spaceships history"))
    assert "observer" in history and "DS Rv1" not in history and "DS Rx4" not in history
    begins = [m for m in thread.history() if any("begins" in e.title for e in m.embeds)][-1]
    form = await eve.click(begins, label="Submit orders (turn 1)")
    assert form.modal is None and "Not your game" in text_of(form)
    mine = await eve.click(begins, label="View my results")
    assert "Not your game" in text_of(mine)
    # Nothing of the game changed.
    status = text_of(await world.member("alice").slash(thread, "spaceships status"))
    assert "A: alice - no orders yet" in status and "B: bob - no orders yet" in status


async def test_a_challenge_to_someone_else_cannot_be_taken(world: World) -> None:
    alice, bob, eve = world.member("alice"), world.member("bob"), world.member("eve")
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob)
    taken = await eve.click(posted.response.message, label="Accept")
    assert "This challenge is for" in text_of(taken)
    refused = await eve.click(posted.response.message, label="Decline")
    assert "This challenge is for" in text_of(refused)
    assert world.channel.threads == []


async def test_a_private_game_is_a_private_thread_and_shows_nothing_outside(world: World) -> None:
    thread = await _in_play(world, private=True)
    eve = world.member("eve")
    board = await eve.slash(world.channel, "spaceships board", game="alice-bob")
    assert board.ephemeral and "Not your game" in text_of(board)
    history = await eve.slash(world.channel, "spaceships history", game="alice-bob")
    assert "private" in text_of(history) and "alice" not in text_of(history).split("private")[1]
    with pytest.raises(SetupError):  # Eve cannot even see the thread
        thread.history(viewer=eve)


async def test_the_board_is_public_and_holds_only_what_both_see(world: World) -> None:
    thread = await _in_play(world)
    await world.member("alice").slash(thread, "spaceships orders", text="Rx4 Bv1")
    await world.member("bob").slash(thread, "spaceships orders", text="Rv1 Gz5")
    board = await world.member("eve").slash(thread, "spaceships board")
    assert not board.ephemeral
    assert [a.filename for a in board.response.message.attachments] == ["alice-bob-board.png"]


async def test_a_wrong_cell_is_shown_with_its_place_hint_and_nothing_changes(world: World) -> None:
    thread = await _in_play(world)
    said = text_of(await world.member("alice").slash(thread, "spaceships orders", text="Rx4 Rx7"))
    assert "could not be read; nothing changed" in said
    # Counted in what the member typed, not in the `orders 1: ` line the bot made of it.
    assert "column 5" in said and "\n    Rx4 Rx7\n        ^^^" in said
    assert "hint: numbers run 1-5" in said


async def test_orders_breaking_the_rules_say_the_rule(world: World) -> None:
    thread = await _in_play(world)
    many = " ".join(f"Gv{n}" for n in range(1, 6)) + " Gw1 Gw2 Gw3"
    said = text_of(await world.member("alice").slash(thread, "spaceships orders", text=many))
    assert "refused whole; nothing changed" in said and "[" in said
    assert "This turn you may use: 7 conventional strikes" in said


async def test_orders_for_the_wrong_turn_are_refused_with_the_right_one(world: World) -> None:
    thread = await _in_play(world)
    said = text_of(
        await world.member("alice").slash(thread, "spaceships orders", text="Rx4", turn=2)
    )
    assert "these orders are for turn 2, but turn 1 is the current turn of alice-bob" in said
    assert "or the Submit orders (turn 1) button" in said, said


async def test_orders_written_as_in_a_mail_are_read_as_such(world: World) -> None:
    """Players who know the mail judge type `orders 1: Rx4`: the turn they name is checked,
    not read as two unknown orders."""
    thread = await _in_play(world)
    alice = world.member("alice")
    wrong = text_of(await alice.slash(thread, "spaceships orders", text="orders 2: Rx4"))
    assert "these orders are for turn 2, but turn 1 is the current turn" in wrong, wrong
    said = text_of(await alice.slash(thread, "spaceships orders", text="Orders 1: Rx4 Rx5"))
    assert "accepted for turn 1" in said and "1 A: Rx4 Rx5" in said, said


async def test_a_form_of_a_turn_sent_after_that_turn_ended_says_so(world: World) -> None:
    thread = await _in_play(world)
    begins = [m for m in thread.history() if any("begins" in e.title for e in m.embeds)][-1]
    alice, bob = world.member("alice"), world.member("bob")
    form = await alice.click(begins, label="Submit orders (turn 1)")  # opened in turn 1 ...
    key = form.modal["components"][0]["components"][0]["custom_id"]
    await alice.slash(thread, "spaceships orders", text="Rx4")
    await bob.slash(thread, "spaceships orders", text="none")
    late = await alice.submit_modal(form, {key: "Bv1"})  # ... sent in turn 2
    said = text_of(late)
    assert "These orders are for turn 1 of alice-bob, which is over: turn 2 is open" in said
    assert "send `orders" not in said and "/spaceships orders" in said, said


async def test_the_game_is_found_by_name_by_thread_or_as_the_only_one(world: World) -> None:
    thread = await _in_play(world)
    alice = world.member("alice")
    elsewhere = await alice.slash(world.channel, "spaceships status")
    assert "alice-bob" in text_of(elsewhere)
    unknown = await alice.slash(world.channel, "spaceships status", game="alpah")
    assert "There is no game named alpah. Your games: alice-bob." in text_of(unknown)
    choices = await alice.autocomplete(world.channel, "spaceships status", "game", "ali")
    assert [c["value"] for c in choices] == ["alice-bob"]
    await start_game(world, "alice", "carol")
    two = await alice.slash(world.channel, "spaceships status")
    assert "You play several games" in text_of(two)
    assert "alice-bob" in text_of(await alice.slash(thread, "spaceships status"))


async def test_a_fleet_file_is_read_and_a_wrong_file_refused(world: World) -> None:
    thread = await start_game(world)
    alice = world.member("alice")
    accepted = await alice.slash(
        thread, "spaceships fleet", file=("fleet.ssr", FLEET_A.replace("; ", "\n").encode())
    )
    assert "Your fleet is accepted" in text_of(accepted)
    picture = await alice.slash(thread, "spaceships fleet", file=("fleet.png", b"\x89PNG"))
    assert "attach a text file (.ssr, .sbr or .txt)" in text_of(picture)
    broken = await alice.slash(thread, "spaceships fleet", file=("fleet.txt", b"DS \xff"))
    assert "is not UTF-8 text" in text_of(broken)
    both = await alice.slash(
        thread, "spaceships fleet", text="DS Rv1", file=("fleet.ssr", FLEET_A.encode())
    )
    assert "not both: nothing was read" in text_of(both)


async def test_the_fleet_form_from_the_button(world: World) -> None:
    thread = await start_game(world)
    setup = thread.history()[0]
    form = await world.member("bob").click(setup, label="Submit fleet")
    key = form.modal["components"][0]["components"][0]["custom_id"]
    sent = await world.member("bob").submit_modal(form, {key: FLEET_B.replace("; ", "\n")})
    assert sent.ephemeral and "Your fleet is accepted" in text_of(sent)
    form = await world.member("bob").click(setup, label="Submit fleet")
    key = form.modal["components"][0]["components"][0]["custom_id"]
    wrong = await world.member("bob").submit_modal(form, {key: "DS Rv1"})
    assert "breaks the rules" in text_of(wrong) or "could not be read" in text_of(wrong)


async def test_resigning_asks_first_and_reveals(world: World) -> None:
    thread = await _in_play(world)
    asked = await world.member("bob").slash(thread, "spaceships resign")
    assert asked.ephemeral and "Resign alice-bob?" in asked.response.content
    done = await world.member("bob").click(asked.response.message, label="Resign alice-bob")
    assert "You resigned alice-bob" in done.response.content
    over = [m for m in thread.history() if any("game over" in e.title for e in m.embeds)]
    files = [a.filename for m in over for a in m.attachments]
    assert "alice-bob.ssr" in files and "alice-bob-reveal.png" in files


async def test_help_answers_privately(world: World) -> None:
    said = await world.member("eve").slash(world.channel, "spaceships help")
    assert said.ephemeral and "/spaceships challenge" in text_of(said)
    topic = await world.member("eve").slash(world.channel, "spaceships help", topic="orders")
    assert "bRv1Rx1" in text_of(topic)


async def test_help_in_several_messages_is_cut_between_paragraphs(world: World) -> None:
    """The help runs past one message; each message ends where a paragraph does, so that no
    sentence is cut in two ("...shown only to you;" | "results also come by direct message")."""
    for topic in (None, "fleet", "orders", "notation", "deadline", "battles"):
        asked = {"topic": topic} if topic else {}
        said = await world.member("eve").slash(world.channel, "spaceships help", **asked)
        messages = [said.response, *said.followups]
        for message in messages[1:]:
            body = message.content.removeprefix("```\n")
            assert body[:1].isupper() or not body[:1].isalpha(), (topic, body[:80])
        whole = "\n\n".join(m.content.strip("`\n") for m in messages)
        assert "shown only to you;\nresults also come" in whole or topic, whole
