"""Spaceship Battles in Discord (docs/discord.md, "Spaceship Battles"; readings R12-R16 of
docs/battles-readings.md): a whole battle from the challenge to the record with the seed, the
turn limit, a member who does not play it, players' mistakes, a restart mid-battle."""

from __future__ import annotations

import re

from battle_support import DESIGN_A, DESIGN_B, phase_orders, play_phase, start_battle
from bot_support import World, attachment_bytes, text_of

from battles.engine.play import play_record
from notation.battles.parse import parse_record

CLOSE_A = "Lancer E-SAI(Gf)I(Xf)IIV at 0,5 N; Warden F-ASIII(Ef)Y(Mf)O at 1,5 N"
CLOSE_B = "Raider C-SSI(Lf)II(Gf)(Rf)D at 0,-5 S; Hawk E-AI(Mf)(Gf)IIID at -1,-5 S"


async def _designs(world: World, thread: object) -> None:
    for name, design in (("alice", DESIGN_A), ("bob", DESIGN_B)):
        echo = await world.member(name).slash(thread, "spaceships design", text=design)
        assert "Your design is accepted" in text_of(echo), text_of(echo)


async def test_a_whole_battle_from_challenge_to_the_record_with_the_seed_r13(
    world: World,
) -> None:
    thread = await start_battle(world, budget=300)
    alice, bob = world.member("alice"), world.member("bob")
    setup = thread.history()[0]
    assert "a battle: <@" in setup.content and "Submit design" in str(setup.components)
    assert thread.name == "Battle alice-bob"

    # Both sides start as close as R16 lets them (3 hexes forward of their start): a short
    # battle.
    echo = await alice.slash(thread, "spaceships design", text=CLOSE_A)
    assert echo.ephemeral
    # The email judge's words: the codes completed by the tables, the total of the budget.
    assert "Your design is accepted for alice-bob (275 of 300)" in text_of(echo)
    assert "Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,5 N" in text_of(echo)
    # The line sent is quoted with its Ship Codes, not masked as if they were a password.
    assert "> design Lancer E-SAI(Gf)I(Xf)IIV at 0,5 N" in text_of(echo), text_of(echo)
    assert [n for n, _ in attachment_bytes(world.env, echo.response.message)] == [
        "alice-bob-design-A.png"
    ]
    await bob.slash(thread, "spaceships design", text=CLOSE_B)

    begins = [m for m in thread.history() if any("battle begins" in e.title for e in m.embeds)]
    assert len(begins) == 1
    assert f"<@{alice.id}> <@{bob.id}>: turn 1, movement is open" in begins[0].content
    assert "Submit orders (turn 1, movement)" in str(begins[0].components)
    assert "alice-bob-phase0.png" in [n for n, _ in attachment_bytes(world.env, begins[0])]
    commitment = re.search(r"sha256:[0-9a-f]{64}", world.store.game("alice-bob").state["record"])
    assert commitment
    # The hash is published in the "battle begins" embed itself, the seed is not (R13).
    said = begins[0].embeds[0].description
    assert f'[Dice "{commitment.group(0)}"]' in said
    assert world.store.game("alice-bob").state["seed"] not in said

    for _ in range(80):
        if world.store.game("alice-bob").phase != "playing":
            break
        await play_phase(world, thread)
    game = world.store.game("alice-bob")
    assert game.phase == "over"
    seed = game.state["seed"]

    posts = thread.history()
    titles = [e.title for m in posts for e in m.embeds if "(continued)" not in e.title]
    assert titles[1] == "alice-bob: turn 1, movement resolved"
    assert titles[2] == "alice-bob: turn 1, fire resolved"
    assert titles[-1] == "alice-bob: the battle is over"
    # Every die is in the thread: a fire phase's volleys with their rolls.
    fire = next(m for m in posts for e in m.embeds if "fire resolved" in e.title)
    assert re.search(r"volley \w+ > \w+: \w+ r\d+ d\d", fire.embeds[0].description)
    # The seed appears in the last post only, with the record attached.
    final = [m for m in posts if any("is over" in e.title for e in m.embeds)]
    for message in posts:
        if message not in final:
            assert seed not in message.content + str([e.to_dict() for e in message.embeds])
    assert "alice (A) wins; player B has no ship left [R12]." in final[-1].embeds[0].description
    files = dict(attachment_bytes(world.env, final[-1]))
    assert "alice-bob-end.png" in files
    record = parse_record(files["alice-bob.sbr"].decode())
    replay = play_record(record)
    assert replay.problems == [] and replay.dice == "checked against the seed"
    assert record.tag("Dice") == commitment.group()
    # Nobody was sent a DM about the battle: the thread carries it.
    assert [m for m in world.dms("alice") if m.embeds] == []

    history = await bob.slash(thread, "spaceships history")
    assert history.ephemeral
    assert "attached" in text_of(history) or seed in text_of(history)


async def test_the_turn_limit_ends_the_battle_and_says_who_won_r12(world: World) -> None:
    thread = await start_battle(world, turns=2, x="missile")
    first = thread.history()[0].content
    assert "2 turns at most" in first and "a missile at every range (x=missile)" in first
    await _designs(world, thread)
    begins = [m for m in thread.history() if m.embeds][-1]
    assert "Turn 1 of 2, movement" in begins.embeds[0].description
    for _ in range(4):
        await play_phase(world, thread)
    game = world.store.game("alice-bob")
    assert game.phase == "over"
    last = [m for m in thread.history() if m.embeds][-1]
    text = "\n".join(e.description for m in thread.history()[-3:] for e in m.embeds)
    # Nothing was destroyed in these two turns: said in words, not "costing 0" twice.
    assert "no winner; turn 2 was the last (turns=2): neither side destroyed a ship" in text
    assert "costing 0" not in text
    record = parse_record(dict(attachment_bytes(world.env, last))["alice-bob.sbr"].decode())
    assert record.tag("TurnLimit") == "2" and record.tag("XWeapon") == "missile"
    assert play_record(record).problems == []


async def test_a_member_who_does_not_play_is_refused_and_sees_only_the_public_board(
    world: World,
) -> None:
    thread = await start_battle(world)
    carol = world.member("carol")
    for command, options in (
        ("spaceships design", {"text": DESIGN_A}),
        ("spaceships orders", {"text": "Lancer F"}),
        ("spaceships resign", {}),
        ("spaceships status", {}),
    ):
        refused = await carol.slash(thread, command, **options)
        assert refused.ephemeral
        assert "Not your game: alice-bob is played by alice and bob" in text_of(refused)
    await _designs(world, thread)
    board = await carol.slash(thread, "spaceships board")
    assert not board.ephemeral and "Turn 1, movement" in text_of(board)
    assert [n for n, _ in attachment_bytes(world.env, board.response.message)] == [
        "alice-bob-now.png"
    ]
    begins = next(m for m in thread.history() if any("begins" in e.title for e in m.embeds))
    form = await carol.click(begins, label="Submit orders (turn 1, movement)")
    assert "Not your game" in text_of(form)


async def test_players_mistakes_get_what_where_why_and_a_hint(world: World) -> None:
    thread = await start_battle(world)
    alice, bob = world.member("alice"), world.member("bob")
    wrong = text_of(await alice.slash(thread, "spaceships design", text="Lancer E-SAI(G)I(Xf)IIV"))
    assert "Your design is refused; nothing changed" in wrong
    assert "the weapon G has no arc of fire" in wrong and "hint: add an arc" in wrong
    assert "[V.A.2]" in wrong
    fleet = text_of(await alice.slash(thread, "spaceships fleet", text="DS Rv1 Rv2"))
    assert "`fleet` is for Spaceships; a game of Spaceship Battles takes a `design`" in fleet
    early = text_of(await alice.slash(thread, "spaceships orders", text="Lancer F"))
    assert "has not started: both designs must be in" in early
    no_form = await alice.slash(thread, "spaceships orders")
    assert no_form.modal is None
    assert (
        "alice-bob takes designs now, not orders: send your design with `/spaceships design`"
        in text_of(no_form)
    )
    await _designs(world, thread)
    setup = thread.history()[0]
    late = await alice.click(setup, label="Submit design")
    assert late.modal is None
    assert "The designs of alice-bob are set: turn 1, movement is open" in text_of(late)
    again = text_of(await alice.slash(thread, "spaceships design", text=DESIGN_A))
    assert "the battle is under way" in again
    fire = text_of(await alice.slash(thread, "spaceships orders", text="Lancer > Raider"))
    assert "turn 1 is in its movement phase: moves like `SHIP FFRF`" in fire
    theirs = text_of(await alice.slash(thread, "spaceships orders", text="Raider F"))
    assert "Raider is player B's ship [II.B.1]" in theirs and "nothing changed" in theirs
    fast = text_of(await alice.slash(thread, "spaceships orders", text="Lancer FFFFF"))
    assert "5 hexes ahead, but Lancer has speed 4 (4 working engines) [III.A.1]" in fast
    later = text_of(await alice.slash(thread, "spaceships orders", text="Lancer F", turn=2))
    assert "these orders are for turn 2, but turn 1 (movement) is the current turn" in later
    first = text_of(await alice.slash(thread, "spaceships orders", text="Lancer FF"))
    assert "Your orders are accepted for turn 1 (movement)" in first
    replaced = text_of(await alice.slash(thread, "spaceships orders", text="Lancer F"))
    assert "Your orders are replaced for turn 1 (movement)" in replaced
    await bob.slash(thread, "spaceships orders", text="none")
    resolved = [m for m in thread.history() if m.embeds][-1].embeds[0].description
    assert "1 A move Lancer F to 0,7 N" in resolved


async def test_a_restart_mid_battle_keeps_the_battle_and_its_buttons(world: World) -> None:
    thread = await start_battle(world)
    await _designs(world, thread)
    await play_phase(world, thread)
    fire_post = [m for m in thread.history() if m.embeds][-1]
    await world.restart()
    form = await world.member("alice").click(fire_post, label="Submit orders (turn 1, fire)")
    assert form.modal is not None, text_of(form)
    field = form.modal["components"][0]["components"][0]["custom_id"]
    sent = await world.member("alice").submit_modal(form, {field: phase_orders(world, "A")})
    assert "accepted for turn 1 (fire)" in text_of(sent), text_of(sent)
    await world.member("bob").slash(thread, "spaceships orders", text=phase_orders(world, "B"))
    titles = [e.title for m in thread.history() for e in m.embeds]
    assert "alice-bob: turn 1, fire resolved" in titles
    old = await world.member("alice").click(fire_post, label="Submit orders (turn 1, fire)")
    assert "which is over: turn 2, movement is open now" in text_of(old)


async def test_resigning_a_battle_posts_the_record_with_the_seed(world: World) -> None:
    thread = await start_battle(world)
    await _designs(world, thread)
    asked = await world.member("bob").slash(thread, "spaceships resign")
    assert "the record and the dice seed go to everyone" in text_of(asked)
    done = await world.member("bob").click(asked.response.message, label="Resign alice-bob")
    assert "You resigned alice-bob" in text_of(done)
    last = [m for m in thread.history() if m.embeds][-1]
    assert "alice (A) wins" in last.embeds[0].description
    record = parse_record(dict(attachment_bytes(world.env, last))["alice-bob.sbr"].decode())
    assert play_record(record).problems == []


ODD_DESIGNS = [
    "   ;;; ",
    "Lancer",
    "Lancer E-SAI(Gf)I(Xf)IIV at",
    "Ωmega E-SAI(Gf)I(Xf)IIV",
    "Lancer E-" + "I" * 300,
    "Lancer E-SAI(Gf)I(Xf)IIV at 0,8 Q",
    "Lancer E-SAI(Gf)I(Xf)IIV at 99999999999999999999,0 N",
    "Lancer\x00 E-SAI(Gf)I(Xf)IIV",
]
ODD_ORDERS = [
    ">",
    "Lancer > > Raider",
    "tractor",
    "Lancer " + "F" * 500,
    "move Lancer F; fire Lancer > Raider",
    "Lancer+Lancer > Raider",
    "Lancer F\nWarden 0,0",
]


async def test_orders_a_ship_a_line_in_the_form_or_a_file_are_read_one_per_ship(
    world: World,
) -> None:
    thread = await start_battle(world)
    await _designs(world, thread)
    answer = await world.member("alice").slash(
        thread, "spaceships orders", text="Lancer FF\n\n  Warden   FFF  \n"
    )
    assert "1 A move Lancer FF\n  1 A move Warden FFF" in text_of(answer), text_of(answer)


async def test_odd_input_is_answered_never_with_a_failure(world: World) -> None:
    thread = await start_battle(world)
    alice = world.member("alice")
    for text in ODD_DESIGNS:
        answer = text_of(await alice.slash(thread, "spaceships design", text=text))
        assert "nothing changed" in answer or "Refused" in answer, (text, answer)
        assert "went wrong" not in answer
    await _designs(world, thread)
    for text in ODD_ORDERS:
        answer = text_of(await alice.slash(thread, "spaceships orders", text=text))
        assert "nothing changed" in answer or "Refused" in answer, (text, answer)


async def test_a_deadline_reminds_the_missing_player_and_then_moves_nothing_for_them(
    world: World,
) -> None:
    thread = await start_battle(world, deadline="2h")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships settings", reminder="1h")
    await _designs(world, thread)
    # A settings change mid-battle is a plain notice in the thread: no map, no pings.
    changed = await alice.slash(thread, "spaceships settings", deadline="2h")
    assert "Game alice-bob: Spaceship Battles, options budget=300" in text_of(changed)
    notice = thread.history()[-1]
    assert "The game master changed the deadline rule of alice-bob to: 2h" in notice.content
    assert notice.embeds == [] and notice.mentions == []
    await alice.slash(thread, "spaceships orders", text="Lancer FF")
    await world.env.advance_time(65 * 60)
    reminders = [m for m in thread.history() if "Reminder" in m.content]
    assert len(reminders) == 1 and [u.id for u in reminders[0].mentions] == [bob.id]
    assert "no orders for turn 1 (movement) from you" in reminders[0].content
    await world.env.advance_time(60 * 60)
    last = [m for m in thread.history() if m.embeds][-1].embeds[0].description
    assert "No orders from B by the deadline: nothing moves or fires for them" in last
    assert "1 A move Lancer FF to 0,6 N" in last


async def test_the_battle_guide_and_answers_show_discord_syntax(world: World) -> None:
    eve = world.member("eve")
    guide = text_of(await eve.slash(world.channel, "spaceships help", topic="battles"))
    assert "/spaceships design text:Lancer E-SAI(Gf)I(Xf)IIV" in guide
    assert "Super Dreadnought" in guide and "Tractor Beam" in guide
    assert "PASSWORD" not in guide and "docs/battles.md" not in guide
    overview = text_of(await eve.slash(world.channel, "spaceships help"))
    assert "its results are in its thread only" in overview

    thread = await start_battle(world, budget=300)
    alice, bob = world.member("alice"), world.member("bob")
    # In a battle's thread, the orders topic is the battle's.
    topic = text_of(await alice.slash(thread, "spaceships help", topic="orders"))
    assert "Lancer FFRF" in topic and "bRv1Rx1" not in topic
    await alice.slash(thread, "spaceships design", text=DESIGN_A)
    await bob.slash(thread, "spaceships design", text=DESIGN_B)
    begins = next(m for m in thread.history() if any("begins" in e.title for e in m.embeds))
    said = begins.embeds[0].description
    assert "Send:  /spaceships orders text:SHIP FFRF; SHIP stay" in said
    assert "PASSWORD" not in said


async def test_a_design_file_s_mistake_is_placed_at_the_line_the_player_wrote(
    world: World,
) -> None:
    """The bot puts `design` before the member's text; the answer still counts their lines."""
    thread = await start_battle(world)
    alice = world.member("alice")
    text = "# my fleet\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(E)Y(Mf)O at 1,7 N\n"
    wrong = text_of(await alice.slash(thread, "spaceships design", text=text))
    assert "Your design is refused" in wrong, wrong
    assert "line 3, column 16: the weapon E has no arc of fire" in wrong, wrong
    # Blank lines before the design are the member's lines too.
    wrong = text_of(await alice.slash(thread, "spaceships design", text="\n\n" + text))
    assert "line 5, column 16: the weapon E has no arc of fire" in wrong, wrong
