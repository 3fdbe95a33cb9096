"""Spaceship Battles through the judge (pbem.kinds.gamekinds, pbem.battle_*): create, designs, one
submission per player per phase, resolution, the end; what each person may see (readings
R13, R14, R16 of docs/battles-readings.md)."""

from __future__ import annotations

import random
import re

import pytest
from pbem_support import Table

from battles.computer.plain import plan_fire, plan_moves
from battles.engine.play import play_record
from battles.judge import rows as battle_rows
from notation.battles.parse import parse_record
from pbem.storage.store import open_store

DESIGN_A = "design\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(Ef)Y(Mf)O at 1,7 N"
DESIGN_B = "design\nRaider C-SSI(Lf)II(Gf)(Rf)D\nHawk E-AI(Mf)(Gf)IIID at -1,-7 S"


def new_table(seed: int = 7) -> Table:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(seed)
    return table


def seated(table: Table):
    gm = table.person("gm@club.example")
    a = table.person("alice@example.org", "Alice")
    b = table.person("bob@example.org", "Bob")
    gm.send("create duel battles budget=300")
    a.join("duel")
    b.join("duel")
    return gm, a, b


def play_phase(table: Table, a, b) -> None:
    """Both players send what the plain computer player would."""
    game = table.store.game("duel")
    turn, phase = battle_rows.battle_turn(game)
    state = battle_rows.replay_of(game).state
    for person, seat in ((a, "A"), (b, "B")):
        if phase == "movement":
            items = [f"{m.ship} {m.how}" for m in plan_moves(state, seat) if m.how != "held"]
        else:
            volleys, tractors = plan_fire(state, seat)
            items = [v.order_text() for v in volleys]
            items += [f"tractor {t.ship} > {t.target}" for t in tractors]
        reply = person.send(person.sign_on("duel") + f"orders {turn}: " + "; ".join(items))
        assert "accepted" in reply.body, reply.body


def test_create_join_and_designs_completed_by_the_tables() -> None:
    table = new_table()
    gm, a, b = seated(table)
    reply = a.send(a.sign_on("duel") + DESIGN_A)
    # Lancer 87 (the seed's example, numbers worked out) + Warden 188 = 275 of 300.
    assert "Your design is accepted for duel (275 of 300)" in reply.body
    assert "Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,8 N" in reply.body


def test_a_design_copied_from_a_record_with_comments_is_read_as_the_ships_it_names() -> None:
    # A player pastes lines of a saved .sbr (tags, `A ship NAME CODE at Q,R FACING`) and adds a
    # remark after a ship: the judge reads the ships; a line of the other side is refused.
    table = new_table()
    gm, a, b = seated(table)
    reply = a.send(
        a.sign_on("duel") + 'design\n[Game "Spaceship Battles"]\n'
        "A ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,8 N  # the spear\n"
        "Warden F-ASIII(Ef)Y(Mf)O at 1,7 N # the big one"
    )
    assert "Your design is accepted for duel (275 of 300)" in reply.body, reply.body
    assert "Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,8 N" in reply.body
    reply = b.send(b.sign_on("duel") + "design\nA ship Raider C-SSI(Lf)II(Gf)(Rf)D at 0,8 N")
    assert "is a ship of player A; you are player B [R16]" in reply.body
    assert "nothing changed" in reply.body


def test_a_design_over_budget_or_miscosted_is_refused_with_every_reason_r16() -> None:
    table = new_table()
    gm, a, b = seated(table)
    reply = a.send(
        a.sign_on("duel") + "design\nLancer E-SAI(Gf)I(Xf)IIV-84-1-4\nBig CR-IIII(Pf)(Pf)"
    )
    assert "cost 84 written, 87 by the tables: E hull 33 + 4 engines 20" in reply.body
    assert "the ships cost 519 (87 + 432), over the budget of 300 [R16]" in reply.body
    assert "nothing changed" in reply.body


def test_a_misspelt_code_points_at_the_character() -> None:
    table = new_table()
    gm, a, b = seated(table)
    reply = a.send(a.sign_on("duel") + "design\nLancer E-SAI(G)I(Xf)IIV")
    # Line 3 of the mail; the code starts at column 8, so its G (7th character) is column 14.
    assert "line 3, column 14: the weapon G has no arc of fire" in reply.body
    assert "hint: add an arc after the letter: (Gf) front" in reply.body


def test_fleet_and_design_go_to_their_own_game() -> None:
    table = new_table()
    gm, a, b = seated(table)
    reply = a.send(a.sign_on("duel") + "fleet DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2")
    assert (
        "Refused: `fleet` is for Spaceships; a game of Spaceship Battles takes a `design`"
        in reply.body
    )
    gm.send("create alpha")
    c = table.person("carol@example.org")
    c.join("alpha")
    reply = c.send(c.sign_on("alpha") + "design\nLancer E-SAI(Gf)I(Xf)IIV")
    assert (
        "Refused: `design` is for Spaceship Battles; a game of Spaceships takes a `fleet`"
        in reply.body
    )


def inbox_text(person) -> list[str]:
    return [m.subject + "\n" + m.body for m in person.inbox]


def test_the_opponents_design_is_hidden_until_both_are_in() -> None:
    # Swap test: B's design differs between two tables; all A has received before the start
    # is byte-identical.
    seen = []
    for design in (DESIGN_B, "design\nKite E-AI(Mf)(Gf)IIID\nSpark E-AI(Mf)(Gf)IIID"):
        table = new_table()
        gm, a, b = seated(table)
        b.send(b.sign_on("duel") + design)
        a.send("status duel")
        seen.append(inbox_text(a))
    assert seen[0] == seen[1]


def test_pending_orders_are_hidden_until_the_phase_resolves_r14() -> None:
    seen = []
    for moves in ("Raider FFF; Hawk FFFF", "Raider RFF; Hawk stay"):
        table = new_table()
        gm, a, b = seated(table)
        a.send(a.sign_on("duel") + DESIGN_A)
        b.send(b.sign_on("duel") + DESIGN_B)
        b.send(b.sign_on("duel") + f"orders 1: {moves}")
        a.send("status duel")
        gm.send("status duel")
        seen.append(inbox_text(a) + inbox_text(gm))
    assert seen[0] == seen[1]


def test_status_shows_a_player_their_own_pending_orders_and_never_the_opponents_r14() -> None:
    seen = []
    for moves in ("Raider FFF; Hawk FFFF", "Raider RFF; Hawk stay"):
        table = new_table()
        gm, a, b = seated(table)
        a.send(a.sign_on("duel") + DESIGN_A)
        b.send(b.sign_on("duel") + DESIGN_B)
        b.send(b.sign_on("duel") + f"orders 1: {moves}")
        mine = b.send(b.sign_on("duel") + "status").body
        assert "Your orders of this phase" in mine and moves.split(";")[0] in mine
        seen.append(a.send(a.sign_on("duel") + "status").body)
    assert "Your orders of this phase" not in seen[0]
    assert seen[0] == seen[1]  # Bob's pending orders change nothing Alice reads


def test_status_gives_each_ships_range_arc_and_the_weapons_that_bear_iv_a_5() -> None:
    # At the start the sides are 16 hexes apart, bow to bow: only the long reach weapons bear
    # (Lancer's X beyond gun range fires as a missile, reading R5; Raider has none that reach).
    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    status = a.send(a.sign_on("duel") + "status").body
    assert "Lancer > Raider: range 16, front arc; bears: (Xf)" in status
    assert "Raider > Lancer: range 16, front arc; nothing bears" in status
    # The ship table's columns line up however long a code is.
    rows = [line for line in status.splitlines() if line.startswith(("  A ", "  B "))]
    assert len({row.index(" at ") for row in rows}) == 1, rows


def test_status_says_how_far_each_ship_must_go_ahead_before_it_may_turn_r6() -> None:
    # Every ship starts free to turn; a turn starts the count again, and the count runs on
    # across turns (reading R6), so the player by mail need not keep it by hand.
    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    status = a.send(a.sign_on("duel") + "status").body
    assert "speed 3, turn mode 2 (may turn now)" in status
    a.send(a.sign_on("duel") + "orders 1: Warden FR")
    b.send(b.sign_on("duel") + "orders 1: none")
    status = a.send(a.sign_on("duel") + "status").body
    warden = next(line for line in status.splitlines() if "A Warden" in line)
    assert "turn mode 2 (may turn after 2 more ahead)" in warden, warden
    lancer = next(line for line in status.splitlines() if "A Lancer" in line)
    assert "(may turn now)" in lancer, lancer


def test_orders_are_checked_against_the_phase_and_the_rules() -> None:
    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    reply = a.send(a.sign_on("duel") + "orders 2: Lancer F")
    assert "these orders are for turn 2, but turn 1 (movement) is the current turn" in reply.body
    reply = a.send(a.sign_on("duel") + "orders 1: Lancer FFFFF; Raider F")
    assert "5 hexes ahead, but Lancer has speed 4 (4 working engines) [III.A.1]" in reply.body
    assert "Raider is player B's ship [II.B.1]" in reply.body
    reply = a.send(a.sign_on("duel") + "orders 1: Lancer > Raider")
    assert "turn 1 is in its movement phase: moves like `SHIP FFRF`" in reply.body


def test_a_volley_that_cannot_bear_is_refused_when_sent() -> None:
    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    a.send(a.sign_on("duel") + "orders 1: Lancer stay")
    b.send(b.sign_on("duel") + "orders 1:")
    # Warden at 1,7 and Raider at 0,-8: range 16; the energy beam reaches 9: refused.
    reply = a.send(a.sign_on("duel") + "orders 1: Warden > Raider (Ef)")
    assert "cannot fire at Raider: range 16 is beyond (Ef)'s reach of 9 [VI]" in reply.body


def test_a_whole_battle_to_the_end_with_the_seed_revealed_r13(table: Table) -> None:
    # On both databases (the `table` fixture).
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    start = a.inbox[-1].body
    commit = re.search(r"sha256:[0-9a-f]{64}", table.store.game("duel").state["record"])
    assert commit
    for _ in range(80):
        if table.store.game("duel").phase != "playing":
            break
        play_phase(table, a, b)
    game = table.store.game("duel")
    assert game.phase == "over"
    seed = game.state["seed"]
    # The seed is in no message before the last one, to anyone.
    for message in table.log[:-3]:
        assert seed not in message.body
    last = a.inbox[-1]
    assert "The battle duel is over" in last.body and seed in last.body
    attachment, page = last.attachments
    assert page.filename == "duel-replay.html" and page.content_type.startswith("text/html")
    record = parse_record(attachment.data.decode("utf-8"))
    replay = play_record(record)
    assert replay.problems == [] and replay.dice == "checked against the seed"
    assert record.tag("Dice") == commit.group()
    assert "The judge rolls every die from a secret seed" in start


def test_at_the_deadline_a_missing_player_moves_nothing(table: Table) -> None:
    gm, a, b = seated(table)
    gm.send(
        "master duel "
        + re.search(r"master password: (\S+)", gm.inbox[0].body).group(1)
        + "\ndeadline 24h"
    )
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    a.send(a.sign_on("duel") + "orders 1: Lancer FF")
    table.clock.advance(hours=25)
    table.tick()
    game = table.store.game("duel")
    assert battle_rows.battle_turn(game) == (1, "fire")
    assert "No orders from B by the deadline" in a.inbox[-1].body
    assert "1 A move Lancer FF to 0,6 N" in a.inbox[-1].body


@pytest.mark.parametrize("word", ["resign", "cancel"])
def test_resigning_or_cancelling_ends_with_the_record(word: str) -> None:
    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    if word == "resign":
        reply = a.send(a.sign_on("duel") + "resign")
        assert "You resigned duel" in reply.body
        assert "Bob (B) wins" in b.inbox[-1].body
    else:
        password = re.search(r"master password: (\S+)", gm.inbox[0].body).group(1)
        reply = gm.send(f"master duel {password}\ncancel")
        assert "cancelled" in reply.body
    assert b.inbox[-1].attachments[0].filename == "duel.sbr"


def test_every_command_has_a_handler_in_each_game_and_spaceships_keeps_its_own() -> None:
    from pbem import registry
    from pbem.kinds import gamekinds
    from pbem.language.keywords import SYNOPSIS
    from pbem.steps import ending, lobby, mastering
    from spaceships.judge import end as own_mastering
    from spaceships.judge import setup as own_lobby
    from spaceships.judge import turns as play

    for kind in gamekinds.kinds():
        assert set(SYNOPSIS) <= set(kind.handlers), kind.name
    own = {**lobby.COMMANDS, **play.COMMANDS, **mastering.COMMANDS}
    own |= {word: getattr(own_lobby, word) for word in ("create", "join", "status", "history")}
    own |= {"process": own_mastering.process, "cancel": ending.cancel, "resign": ending.resign}
    spaceships = registry.kind_named("spaceships").handlers
    assert all(spaceships[keyword] is handler for keyword, handler in own.items())


def test_the_battle_begins_mail_publishes_the_dice_hash_and_turn_1s_initiative_r13_r15() -> None:
    table = new_table()
    gm, a, b = seated(table)
    watcher = table.person("eve@example.org", "Eve")
    watcher.send("observe duel")
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    game = table.store.game("duel")
    commitment = re.search(r"sha256:[0-9a-f]{64}", game.state["record"]).group(0)
    first = re.search(r"^1 initiative .+$", game.state["record"], re.M).group(0)
    for person in (a, b, watcher):
        begins = next(m for m in person.inbox if "The battle duel begins" in m.body)
        assert f'[Dice "{commitment}"]' in begins.body
        assert game.state["seed"] not in begins.body
        # Turn 1's initiative roll is told when it is made, as every later turn's is [R15].
        assert f"\n  {first}\n" in begins.body


def test_the_game_master_hears_the_news_of_a_battle_and_news_off_stops_it() -> None:
    table = new_table()
    gm = table.person("gm@club.example")
    a = table.person("alice@example.org", "Alice")
    b = table.person("bob@example.org", "Bob")
    gm.send("create duel battles budget=300")
    password = re.search(r"master password: (\S+)", gm.inbox[0].body).group(1)
    gm.send(f"master duel {password}\ndeadline 24h")
    a.join("duel")
    assert "Alice has joined the battle duel as player A" in gm.inbox[-1].body
    b.join("duel")
    assert "Both players have joined the battle duel" in gm.inbox[-1].body
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    assert "The battle duel begins" in gm.inbox[-1].body
    assert "(You are its game master.)" in gm.inbox[-1].body
    a.send(a.sign_on("duel") + "orders 1: Lancer FF")
    table.clock.advance(hours=25)
    table.tick()
    assert "without the orders of Bob (B) for turn 1 (movement)" in gm.inbox[-1].body
    a.send(a.sign_on("duel") + "resign")
    assert "The battle duel is over" in gm.inbox[-1].body
    assert gm.inbox[-1].attachments[0].filename == "duel.sbr"

    quiet = new_table()
    gm2 = quiet.person("gm@club.example")
    gm2.send("create duel battles budget=300 news off")
    a2, b2 = quiet.person("alice@example.org", "Alice"), quiet.person("bob@example.org", "Bob")
    a2.join("duel")
    b2.join("duel")
    a2.send(a2.sign_on("duel") + DESIGN_A)
    b2.send(b2.sign_on("duel") + DESIGN_B)
    a2.send(a2.sign_on("duel") + "resign")
    assert len(gm2.inbox) == 1  # the create reply only


@pytest.mark.parametrize("words", ["none", "None", "move: none", "fire none"])
def test_orders_none_is_accepted_by_mail_as_doing_nothing(words: str) -> None:
    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    if words.startswith("fire"):
        a.send(a.sign_on("duel") + "orders 1: none")
        b.send(b.sign_on("duel") + "orders 1: none")
    reply = a.send(a.sign_on("duel") + f"orders 1: {words}")
    assert "Your orders are accepted for turn 1" in reply.body, reply.body
    assert "(nothing)" in reply.body


def test_help_battles_teaches_a_battle_by_mail_and_help_points_to_it() -> None:
    table = new_table()
    eve = table.person("eve@example.org")
    guide = eve.send("help battles").body
    assert "create duel battles budget=300 turns=20 x=reach" in guide
    assert "SD Super Dreadnought" in guide and "R Tractor Beam *" in guide
    assert "orders 1: Lancer FFRF; Kite stay" in guide and "orders 1: none" in guide
    assert "/spaceships" not in guide
    assert "battles budget=300" in eve.send("help").body
    for topic in ("create", "design", "orders"):
        said = eve.send(f"help {topic}").body
        assert "help battles" in said and "docs/battles.md" not in said, topic


def test_a_volley_refused_says_for_each_weapon_why_it_does_not_bear_iv_a_5() -> None:
    from battles.judge.turns import check_orders
    from notation.battles.records import Volley

    # Raider is 5 hexes behind Lancer (facing N): in its rear arc, where neither gun bears.
    record = parse_record(
        '[Game "Spaceship Battles"]\n'
        "A ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,0 N\n"
        "B ship Raider C-SSI(Lf)II(Gf)(Rf)D-167-2-3 at 0,5 S\n"
        "1 initiative A 5 B 3\n"
    )
    state = play_record(record, open_turn=True).state
    (order,) = parse_record("1 A volley Lancer > Raider\n").events
    assert isinstance(order, Volley)
    (problem,) = check_orders(state, "A", [order])
    said = str(problem)
    assert "no weapon bears: Lancer (Gf): Raider is in the rear arc, not the front" in said
    assert "Lancer (Xf): Raider is in the rear arc, not the front" in said
    assert "out of arc or out of reach" not in said
    assert "[IV.A.5] [IV.A.5]" not in said  # the rule the last reason cites is cited once


def test_battle_replies_use_the_battle_words() -> None:
    table = new_table()
    gm, a, b = seated(table)
    status = table.person("eve@example.org").send("observe duel").body
    assert "waiting for designs" in status and "no design yet" in status
    assert "fleet" not in status and "each phase resolved" in status
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    password = re.search(r"master password: (\S+)", gm.inbox[0].body).group(1)
    gm.send(f"master duel {password}\nprocess")
    said = a.inbox[-1].body
    assert "No orders from A and B when the game master resolved the phase" in said
    assert "by the deadline" not in said


def test_a_named_weapon_crossed_out_by_an_earlier_volley_stays_silent_r14() -> None:
    # Gnat's gun is its first system. With this seed A has the initiative and Lancer's X hits
    # first: Gnat loses its gun. Gnat's order, accepted when sent, names the gun: the phase
    # resolves, the order written `: silent` (it once stopped the judge: the record refused).
    table = new_table(1)
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + "design\nLancer E-SAI(Gf)I(Xf)IIV at 0,5 N")
    b.send(b.sign_on("duel") + "design\nGnat E-(Gf)II at 0,-5 S")
    a.send(a.sign_on("duel") + "orders 1: Lancer FFFF")
    b.send(b.sign_on("duel") + "orders 1: Gnat stay")
    a.send(a.sign_on("duel") + "orders 1: Lancer > Gnat")
    reply = b.send(b.sign_on("duel") + "orders 1: Gnat > Lancer (Gf)")
    assert "Both players' orders are in: the phase is resolved" in reply.body
    record = table.store.game("duel").state["record"]
    assert "1 A volley Lancer > Gnat: Gf r6 d1=0, Xf r6 d5=1; Gnat loses (Gf)" in record
    assert "1 B volley Gnat > Lancer (Gf): silent" in record
    resolved = next(m for m in b.inbox if "Turn 1, fire, resolved" in m.body)
    assert "  1 B volley Gnat > Lancer (Gf): silent" in resolved.body


def test_a_design_whose_code_has_a_space_inside_is_refused_at_the_space_v_b() -> None:
    # It was read as a code ending at the space, then "after the code, `at Q,R FACING`".
    table = new_table()
    gm, a, b = seated(table)
    reply = a.send(a.sign_on("duel") + "design\nLancer E-SAI(Gf) I(Xf)IIV at 0,5 N")
    assert "line 3, column 17: a Ship Code is written without spaces" in reply.body
    assert "hint: write it as one word: `E-SAI(Gf)I(Xf)IIV` [V.B]" in reply.body
    assert "nothing changed" in reply.body


def test_the_settings_say_a_duration_times_the_designs_and_each_phase(table: Table) -> None:
    gm, a, b = seated(table)
    password = re.search(r"master password: (\S+)", gm.inbox[0].body).group(1)
    reply = gm.send(f"master duel {password}\ndeadline 12h")
    said = "deadline 12h after each phase opens: the designs, then each movement and fire phase"
    assert said in reply.body, reply.body


def test_by_mail_orders_for_another_turn_are_refused_in_mail_words(table: Table) -> None:
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    said = a.send(a.sign_on("duel") + "orders 2: Lancer F").body
    assert "nothing changed (send `orders 1: ...`)" in said, said
    assert "/spaceships" not in said, said


def test_list_and_the_club_page_say_the_battles_turn_as_status_does_issue_45() -> None:
    """Issue 45, item 4: after three phases (turn 1 movement and fire, turn 2 movement) the
    battle is at turn 2, fire; `list` and the club page said "turn 4", its phase count."""
    from pbem.web.pages import index_page
    from pbem.web.records import game_lines

    table = new_table()
    gm, a, b = seated(table)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    for _ in range(3):
        play_phase(table, a, b)
    status = a.send(a.sign_on("duel") + "status").body
    assert "Turn 2, fire" in status, status
    listed = gm.send("list").body
    assert "turn 2, fire" in listed and "turn 4" not in listed, listed
    page = index_page(game_lines(table.store), "Test club")
    assert "turn 2, fire" in page and "turn 4" not in page
