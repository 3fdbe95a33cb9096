"""Where results go [1.4]: by DM, or behind the "View my results" button when a member's DMs
are closed; buttons of old messages after a restart; deadlines and reminders in the thread."""

from __future__ import annotations

from bot_support import FLEET_A, FLEET_B, World, start_game, text_of


async def _fleets(world: World, thread: object) -> None:
    await world.member("alice").slash(thread, "spaceships fleet", text=FLEET_A)
    await world.member("bob").slash(thread, "spaceships fleet", text=FLEET_B)


async def test_closed_dms_are_said_in_the_thread_and_the_button_shows_the_results(
    world: World,
) -> None:
    world.close_dms("bob")
    thread = await start_game(world)
    said = [m.content for m in thread.history() if "cannot send you direct messages" in m.content]
    assert said and said[0].startswith(f"<@{world.member('bob').id}>")
    await _fleets(world, thread)
    await world.member("alice").slash(thread, "spaceships orders", text="Rx4 Bv1")
    await world.member("bob").slash(thread, "spaceships orders", text="Rv1 Gx1")
    assert world.dms("bob") == []
    results = [m for m in thread.history() if any("turn 1 results" in e.title for e in m.embeds)]
    mine = await world.member("bob").click(results[-1], label="View my results")
    assert mine.ephemeral
    assert "turn 1, your results" in text_of(mine)
    assert "Your orders: Rv1 Gx1" in text_of(mine)
    names = [a.filename for a in mine.response.message.attachments]
    assert names == ["alice-bob-turn1-B.png"]
    # The thread never carries the results themselves.
    for message in thread.history(viewer=world.member("eve")):
        assert "Your orders" not in message.content


async def test_a_third_member_gets_not_your_game_from_the_button(world: World) -> None:
    thread = await start_game(world)
    await _fleets(world, thread)
    begins = [m for m in thread.history() if any("begins" in e.title for e in m.embeds)]
    refused = await world.member("eve").click(begins[-1], label="View my results")
    assert refused.ephemeral and "Not your game" in text_of(refused)


async def test_old_buttons_work_after_a_restart_mid_game(world: World) -> None:
    thread = await start_game(world)
    await _fleets(world, thread)
    begins = [m for m in thread.history() if any("begins" in e.title for e in m.embeds)][-1]
    await world.restart()
    assert world.bot.synced is False  # the commands had not changed: no second sync
    form = await world.member("alice").click(begins, label="Submit orders (turn 1)")
    assert form.modal is not None
    sent = await world.member("alice").submit_modal(
        form, {form.modal["components"][0]["components"][0]["custom_id"]: "Rx4"}
    )
    assert "accepted for turn 1" in text_of(sent)
    mine = await world.member("bob").click(begins, label="View my results")
    assert "the game begins (your view)" in text_of(mine)
    await world.member("bob").slash(thread, "spaceships orders", text="none")
    assert any("turn 1 results" in e.title for m in thread.history() for e in m.embeds)


async def test_a_deadline_passing_plays_the_missing_orders_as_no_actions(world: World) -> None:
    thread = await start_game(world, deadline="2h")
    alice, bob = world.member("alice"), world.member("bob")
    changed = await alice.slash(thread, "spaceships settings", reminder="1h")
    assert "Reminders go 1h before a deadline" in text_of(changed)
    await _fleets(world, thread)
    await bob.slash(thread, "spaceships orders", text="Rv1")
    await world.env.advance_time(65 * 60)
    reminders = [m for m in thread.history() if "Reminder" in m.content]
    assert len(reminders) == 1
    assert reminders[0].content.startswith(f"<@{alice.id}>")  # only the missing player
    assert [u.id for u in reminders[0].mentions] == [alice.id]
    await world.env.advance_time(60 * 60)
    results = [e for m in thread.history() for e in m.embeds if "turn 1 results" in e.title]
    assert results and "No orders from A" in results[0].description
    dm = [e.description for m in world.dms("alice") for e in m.embeds if "turn 1" in e.title]
    assert "No orders came from you for turn 1 by the deadline" in dm[0]


async def test_a_new_deadline_rule_is_said_once_in_the_thread(world: World) -> None:
    thread = await start_game(world)
    await _fleets(world, thread)
    changed = await world.member("alice").slash(thread, "spaceships settings", deadline="24h")
    assert "deadline 1d after each phase opens: the fleets, then each turn" in text_of(changed)
    said = [m for m in thread.history() if "changed the deadline rule" in m.content]
    assert len(said) == 1 and "Deadline:" in said[0].content


async def test_results_discord_refused_to_take_are_posted_later(world: World) -> None:
    """Nothing is lost: a post Discord failed is kept in the outbox and posted again."""
    thread = await start_game(world)
    await _fleets(world, thread)
    await world.member("alice").slash(thread, "spaceships orders", text="Rx4")
    world.env.inject_error("POST", f"/channels/{thread.id}/messages", status=500, times=1)
    said = await world.member("bob").slash(thread, "spaceships orders", text="Rv1")
    assert "the turn is adjudicated" in text_of(said)  # the answer came; the post failed
    assert not [m for m in thread.history() if any("turn 1 results" in e.title for e in m.embeds)]
    await world.env.advance_time(6 * 60)
    posted = [m for m in thread.history() if any("turn 1 results" in e.title for e in m.embeds)]
    assert len(posted) == 1


async def test_a_form_open_across_a_restart_is_still_read_when_sent(world: World) -> None:
    """A member types their orders into the form while the bot restarts (an upgrade): what
    they send is read by the new bot, not lost with the old one."""
    thread = await start_game(world)
    await _fleets(world, thread)
    begins = [m for m in thread.history() if any("begins" in e.title for e in m.embeds)][-1]
    form = await world.member("alice").click(begins, label="Submit orders (turn 1)")
    assert form.modal is not None
    await world.restart()
    sent = await world.member("alice").submit_modal(
        form, {form.modal["components"][0]["components"][0]["custom_id"]: "Rx4"}
    )
    assert "accepted for turn 1" in text_of(sent), sent
    fleet_form = await world.member("bob").slash(thread, "spaceships orders")
    assert fleet_form.modal is not None
    await world.restart()
    sent = await world.member("bob").submit_modal(
        fleet_form, {fleet_form.modal["components"][0]["components"][0]["custom_id"]: "none"}
    )
    assert "accepted for turn 1" in text_of(sent), sent
    assert any("turn 1 results" in e.title for m in thread.history() for e in m.embeds)


async def test_with_missing_wait_the_deadline_passed_notice_pings_only_who_is_late(
    world: World,
) -> None:
    """`missing wait`: past the deadline the game waits and says so in the thread; that notice
    pings the players it waits for, as the reminder before it did, and not the one whose
    orders are in."""
    thread = await start_game(world, deadline="2h")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships settings", missing="wait")
    await _fleets(world, thread)
    await alice.slash(thread, "spaceships orders", text="Rx4")
    await world.env.advance_time(130 * 60)
    late = [m for m in thread.history() if "still waiting for the orders" in m.content]
    assert len(late) == 1, [m.content for m in thread.history()]
    assert late[0].content.startswith(f"<@{bob.id}>\n```"), late[0].content
    assert f"<@{alice.id}>" not in late[0].content
    stored = world.env.backend.get_message(thread.id, late[0].id)
    assert set(stored.ping_user_ids) == {bob.id}  # Discord pinged Bob, and only him
