"""Passwords, sign-on, fleets and orders: what a player sends, what the judge answers, and that
a refused submission changes nothing."""

from __future__ import annotations

import json

from pbem_support import FLEET_A, Table

from notation.spaceships.parse import parse_fleet
from pbem.messages import Inbound
from spaceships import engine


def _snapshot(table: Table) -> str:
    """Everything the judge keeps about its games, to compare before and after."""
    rows = []
    for name in ("games", "players", "observers", "orders", "turns"):
        rows.append(
            [tuple(r) for r in table.store.connection.execute(f"SELECT * FROM {name} ORDER BY 1")]
        )
    return json.dumps(rows, default=str)


def test_joining_gives_each_player_a_different_secret_password(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    assert alice.password and bob.password and alice.password != bob.password
    # The store keeps only salted hashes.
    stored = [r[0] for r in table.store.connection.execute("SELECT password FROM players")]
    assert alice.password not in " ".join(stored) and bob.password not in " ".join(stored)


def test_a_wrong_password_is_refused_and_changes_nothing(started: Table) -> None:
    alice = started.people["alice@example.org"]
    before = _snapshot(started)
    reply = alice.send("game alpha amber-otter-tango\norders 1: Rx4")
    assert "Refused: wrong password for alpha; nothing changed" in reply.body
    assert "not signed on: the sign-on at line 1 failed" in reply.body
    assert _snapshot(started) == before


def test_the_password_works_in_any_case_and_spacing(started: Table) -> None:
    alice = started.people["alice@example.org"]
    assert alice.password
    spaced = alice.password.upper().replace("-", "  ")
    reply = alice.send(f"GAME alpha {spaced}\nOrders 1: Rx4")
    assert "accepted for turn 1" in reply.body


def test_the_password_is_never_quoted_back(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.send(alice.sign_on() + "orders 1: Rx4")
    assert alice.password and alice.password not in reply.body
    assert "> game alpha ******" in reply.body


def test_orders_for_another_turn_are_refused_saying_which_turn_is_current(
    started: Table,
) -> None:
    alice = started.people["alice@example.org"]
    before = _snapshot(started)
    reply = alice.orders(2, "Rx4")
    assert "these orders are for turn 2, but turn 1 is the current turn of alpha" in reply.body
    assert _snapshot(started) == before


def test_orders_without_a_turn_number_are_refused_with_the_current_turn(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.send(alice.sign_on() + "orders Rx4 Ry4")
    assert "say which turn the orders are for: `orders 1: ...`" in reply.body


def test_orders_can_be_replaced_until_both_are_in(started: Table) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    assert "accepted for turn 1" in alice.orders(1, "Rx4 Rx5").body
    reply = alice.orders(1, "Bv1")
    assert "Your orders are replaced for turn 1" in reply.body
    assert "1 A: Bv1" in reply.body
    bob.orders(1, "")
    results = alice.last.body
    assert "strike Bv1 hit" in results
    assert "Rx4" not in results  # the replaced orders were not played


def test_empty_orders_mean_no_actions(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.orders(1, "")
    assert "1 A: (no actions)" in reply.body
    assert "They use: 0 of 7 conventional strikes, 0 of 1 missile" in reply.body


def test_accepted_orders_are_echoed_canonically_with_what_they_use(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.orders(1, "Rx4, Rx5 m Yv3 Bv1 s Gz1")
    assert "1 A: Rx4 Rx5 mYv3 Bv1 sGz1" in reply.body
    # One way of counting in both lines: the missile's strike is not a conventional one.
    assert (
        "They use: 2 of 7 conventional strikes, 1 of 1 missile (from Yv3), 0 of 1 beam, "
        "1 of 1 scan." in reply.body
    )
    assert (
        "This turn you may use: 7 conventional strikes, 1 missile (MD, launched from Yv3, Yw3 "
        "or Yx3), 1 beam (DS), 1 scan." in reply.body
    )


def test_a_cell_struck_twice_in_one_turn_is_accepted_with_a_note(started: Table) -> None:
    # Legal [4.4.2], but nearly always a slip: the second strike is a duplicate at best [5.2.4].
    alice = started.people["alice@example.org"]
    reply = alice.orders(1, "Rx4 Gx3 Rx4 sGz1")
    assert "Your orders are accepted for turn 1" in reply.body
    assert "Note: Rx4 is struck twice this turn" in reply.body
    assert "Note:" not in alice.orders(1, "Rx4 Gx3 sGz1").body


def test_unreadable_orders_get_line_column_caret_and_hint(started: Table) -> None:
    alice = started.people["alice@example.org"]
    before = _snapshot(started)
    reply = alice.send(alice.sign_on() + "orders 1: Rx4 Rx9")
    assert "could not be read; nothing changed" in reply.body
    assert "line 2, column 15:" in reply.body
    lines = reply.body.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == "orders 1: Rx4 Rx9")
    assert lines[at + 1].index("^") == lines[at].index("Rx9")
    assert "hint:" in reply.body
    assert _snapshot(started) == before


def test_illegal_orders_are_refused_whole_with_every_reason(started: Table) -> None:
    alice = started.people["alice@example.org"]
    before = _snapshot(started)
    reply = alice.orders(1, "Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5 Bv1 mYz3")
    assert "refused whole; nothing changed" in reply.body
    problems = [line for line in reply.body.splitlines() if line.startswith("  - ")]
    assert len(problems) >= 2  # too many strikes, and no unfired missile at Yz3
    assert all("[" in p and "]" in p for p in problems)  # each cites its rule
    assert _snapshot(started) == before


def test_orders_before_sign_on_are_refused_with_how_to(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.send("orders 1: Rx4")
    assert "needs a sign-on first: put `game NAME PASSWORD` on a line above it" in reply.body


def test_several_commands_are_all_answered_in_order(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.send(alice.sign_on() + "status\norders 1: Rx4\nlist\nhelp orders")
    body = reply.body
    assert body.index("> status") < body.index("> orders 1") < body.index("> list")
    assert body.index("> list") < body.index("> help orders")
    assert "Public games:" in body and "orders TURN: ORDERS" in body


def test_an_unknown_command_gets_help_not_silence(table: Table) -> None:
    reply = table.person("carol@example.org").send("hello judge")
    assert "> hello judge\nSkipped: line 1 starts with no command." in reply.body
    assert "join NAME" in reply.body and "Send `help` for every command" in reply.body


def test_greetings_and_sign_offs_are_skipped_together_in_one_paragraph(table: Table) -> None:
    """docs/commands.md: lines with no command, wherever they stand, get one short answer
    after the commands (issue 24 item 8), not an `unknown command` paragraph each."""
    table.person("gm@example.org").send("create alpha")
    text = "Hi judge, I'd like to play\n\njoin alpha\n\nThanks, Bob\n\nNice turn!"
    body = table.person("bob@example.org").send(text).body
    assert "unknown command" not in body
    paragraphs = body.split("\n\n")
    assert paragraphs[0].startswith("> join alpha\nYou joined alpha as player A")
    skipped = [p for p in paragraphs if "Skipped" in p]
    assert skipped == [
        "> Hi judge, I'd like to play\n> Thanks, Bob\n> Nice turn!\n"
        "Skipped: lines 1, 5 and 7 start with no command."
    ]
    assert body.index("> join alpha") < body.index("> Hi judge")


def test_an_empty_message_gets_help(table: Table) -> None:
    reply = table.person("carol@example.org").send("")
    assert "found no command" in reply.body and "join NAME" in reply.body


def test_a_refused_create_keeps_its_refusal_and_one_pointer_not_the_first_steps(
    table: Table,
) -> None:
    """A command the judge knew but could not read is a command written: the reply is its
    refusal and where its help is, not "found no command" and the block of first steps."""
    body = table.person("gm@example.org").send("create alpha casual rated").body
    assert body == (
        "> create alpha casual rated\n"
        "Not understood: line 1, column 21: `casual` and `rated` contradict each other "
        "(hint: write one of them: `casual` or `rated`)\n\n"
        "Send `help create` for how to write it.\n"
    )
    two = table.person("gm@example.org").send("create\njoin").body
    assert "found no command" not in two and "The commands most used" not in two
    assert two.endswith("Send `help create` or `help join` for how to write it.\n")


def test_a_ladder_of_a_game_without_one_is_refused_alone(table: Table) -> None:
    body = table.person("ann@example.org").send("ladder draughts").body
    assert body == (
        "> ladder draughts\nRefused: `draughts` names no game with a ladder; write `ladder` "
        "(Spaceships) or `ladder battles` or `ladder chess` (spaceships or battles or chess)\n"
    )


def test_the_subject_is_read_when_the_body_is_empty(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    reply = table.person("carol@example.org").send("", subject="Re: list")
    assert "alpha" in reply.body and "Public games:" in reply.body
    assert reply.subject == "Re: list"


def test_a_misspelt_command_gets_a_suggestion(table: Table) -> None:
    reply = table.person("carol@example.org").send("jion alpha")
    assert "did you mean `join`?" in reply.body


def test_a_refused_fleet_lists_every_problem_and_changes_nothing(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    alice = table.person("alice@example.org")
    alice.join()
    before = _snapshot(table)
    reply = alice.fleet("DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Oz5; KC Gx1 Gx2 Gx3; MD Yv3 Yw3 Yx3")
    assert "breaks the rules" in reply.body and "nothing changed" in reply.body
    problems = [line for line in reply.body.splitlines() if line.startswith("  - ")]
    assert len(problems) >= 3  # death star shape, kill cruiser shape, missing ships
    assert _snapshot(table) == before


def test_an_accepted_fleet_is_echoed_as_a_list_and_as_grids(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    alice = table.person("alice@example.org")
    alice.join()
    reply = alice.fleet(FLEET_A)
    assert "Your fleet is accepted for alpha, as understood:" in reply.body
    assert FLEET_A in reply.body
    assert "key: D=DS K=KC P=PC M=MD L=LS" in reply.body
    assert "v w x y z   v w x y z" in reply.body
    assert "Your fleet is replaced" in alice.fleet(FLEET_A).body


def test_3_7_fleet_random_places_a_legal_fleet_as_spaceships_play_does(table: Table) -> None:
    table.person("gm@example.org").send("create alpha ruleset classic")
    alice = table.person("alice@example.org")
    join = alice.join()
    assert "`fleet random`" in join.body  # the join reply offers it
    reply = alice.fleet("random")
    assert "Your fleet is accepted for alpha, as understood:" in reply.body, reply.body
    placed = reply.body.split("as understood:\n", 1)[1].splitlines()[0]
    ruleset = engine.Ruleset.from_tags("classic")
    assert not engine.check_fleet(parse_fleet(placed), ruleset), placed
    assert "Your fleet is replaced" in alice.fleet("Random").body


def test_a_fleet_in_grid_form_with_blank_lines_is_read(table: Table) -> None:
    from notation.spaceships.format import format_fleet
    from notation.spaceships.parse import parse_fleet

    table.person("gm@example.org").send("create alpha")
    alice = table.person("alice@example.org")
    alice.join()
    drawn = format_fleet(parse_fleet(FLEET_A), grid=True)
    reply = alice.send(alice.sign_on() + "fleet\n\n" + drawn + "\n\nstatus alpha\n")
    assert "Your fleet is accepted" in reply.body, reply.body
    assert FLEET_A in reply.body
    assert "> status alpha" in reply.body


def test_a_full_game_refuses_a_third_player(started: Table) -> None:
    reply = started.person("carol@example.org").send("join alpha")
    assert "has both its players; you may `observe alpha`" in reply.body


def test_joining_a_finished_game_says_it_is_over_and_points_to_its_history(
    started: Table,
) -> None:
    bob = started.people["bob@example.org"]
    bob.send(bob.sign_on() + "resign")
    reply = started.person("carol@example.org").send("join ALPHA")
    assert "game alpha is over" in reply.body and "`history alpha`" in reply.body
    assert "observe" not in reply.body


def test_a_game_name_is_taken_once(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    reply = table.person("carol@example.org").send("create ALPHA")
    assert "a game named ALPHA exists already" in reply.body


def test_create_reads_ruleset_options_and_deadline(table: Table) -> None:
    gm = table.person("gm@example.org")
    reply = gm.send(
        "create beta ruleset 2.6.1 fleet=cost:24 colours=RYGOB deadline 2 days grace 1h private"
    )
    assert "options fleet=cost:24 colours=RYGOB" in reply.body
    assert "deadline 2d after each phase opens: the fleets, then each turn" in reply.body
    assert "grace 1h" in reply.body
    assert "private" in reply.body
    assert "beta" not in gm.send("list").body  # private games are not listed


def test_an_unknown_option_is_refused_naming_the_known_ones(table: Table) -> None:
    reply = table.person("gm@example.org").send("create beta options fleet=huge")
    assert "unknown option 'fleet=huge'" in reply.body and "scoring=hits" in reply.body


def test_resigning_gives_the_game_to_the_opponent_and_reveals_it(started: Table) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4")
    bob.orders(1, "Oz5")
    reply = bob.send(f"resign alpha {bob.password}")
    assert "You resigned alpha" in reply.body
    for person in (alice, bob):
        last = person.last
        assert last.subject.endswith("game over")
        assert "Alice (A) wins after turn 1 (Bob (B) resigned)" in last.body
        assert last.attachments[0].filename == "alpha.ssr"
        record = last.attachments[0].data.decode()
        assert "A fleet:" in record and "B fleet:" in record and "1 B: Oz5" in record
    assert "is already over" in alice.send(f"resign alpha {alice.password}").body


def test_resigning_before_any_turn_is_played_names_no_turn(started: Table) -> None:
    bob = started.people["bob@example.org"]
    bob.send(bob.sign_on() + "resign")
    assert "Alice (A) wins (Bob (B) resigned)." in bob.last.body


def test_resigning_needs_the_password(started: Table) -> None:
    bob = started.people["bob@example.org"]
    assert "wrong password" in bob.send("resign alpha circle-thunder-moss").body
    assert started.store.game("alpha").phase == "playing"  # type: ignore[union-attr]


def test_a_player_may_move_to_a_new_address_by_signing_on_from_it(started: Table) -> None:
    alice = started.people["alice@example.org"]
    moved = started.person("alice@new.example.org")
    moved.password = alice.password
    reply = moved.orders(1, "Rx4")
    assert "The judge will now write to you at alice@new.example.org" in reply.body
    started.people["bob@example.org"].orders(1, "")
    assert moved.last.subject.endswith("turn 1 results")


def test_a_player_history_shows_own_orders_and_only_visible_results(started: Table) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4 mYv3 Rv5")
    bob.orders(1, "Oz5 mYz3 Rv4")
    mine = alice.send(alice.sign_on() + "history").body
    assert "1 A: Rx4 mYv3 Rv5" in mine
    assert "1 B:" not in mine  # B's orders never show, only their results
    assert "1 B results: Oz5 hit" in mine and "Rv4 miss" in mine
    assert "Yz3" not in mine and "B fleet" not in mine
    public = table_history = started.person("olga@example.org").send("history alpha").body
    assert "1 A:" not in table_history and "Yv3" not in public and "A fleet" not in public
    assert "1 A results: Rx4 hit" in public


def test_the_record_of_a_game_in_play_is_a_valid_record(started: Table) -> None:
    from notation.spaceships.parse import parse_record

    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4")
    bob.orders(1, "Oz5")
    text = alice.send(alice.sign_on() + "history").body
    record = parse_record(text[text.index("[Game") :])
    assert record.tag("A") == "Alice" and record.orders(1, "A") is not None


def test_a_crash_mid_turn_leaves_the_game_as_it_was_and_sends_nothing(
    started: Table, monkeypatch
) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4")
    before = _snapshot(started)
    sent = len(started.log)

    def fall_over(*args: object) -> None:
        raise RuntimeError("power cut")

    monkeypatch.setattr(engine, "adjudicate", fall_over)
    inbound = Inbound(bob.address, bob.sign_on() + "orders 1: Oz5")
    try:
        started.judge.handle(inbound)
    except RuntimeError:
        pass
    else:
        raise AssertionError("the crash was swallowed")
    assert _snapshot(started) == before
    assert len(started.log) == sent
    # Replayed once the fault is gone, the same message plays the turn.
    monkeypatch.undo()
    replies = started.deliver(inbound)
    assert any(m.subject.endswith("turn 1 results") for m in replies)


def test_a_player_without_as_name_is_named_by_the_address(table: Table) -> None:
    """Issue 24 item 9: the display name of the address, else its local part, never "Player A"
    (docs/commands.md, `join`)."""
    gm = table.person("gm@example.org")
    gm.send("create alpha")
    reply = table.person("erin.w@example.org").send("join alpha").body
    assert "You joined alpha as player A (erin.w). The name comes from your address" in reply
    assert "erin.w has joined alpha as player A" in gm.last.body
    reply = table.person("bob@example.org", "Bob Smith").send("join alpha").body
    assert "You joined alpha as player B (Bob Smith)." in reply
    assert "Player" not in gm.last.body, gm.last.body
    status = table.person("eve@example.org").send("status alpha").body
    assert "A: erin.w" in status and "B: Bob Smith" in status
    gm.send("create beta")
    reply = table.person("carol@example.org").send("join beta as Carol").body
    assert "as player A (Carol)." in reply and "from your address" not in reply


def test_match_ends_and_counts_say_one_in_the_singular() -> None:
    from spaceships.engine.match import MatchEnd

    assert MatchEnd.parse("games=1").describe() == "after 1 game"
    assert MatchEnd.parse("wins=1").describe() == "when a player has won 1 game"
    assert MatchEnd.parse("wins=2").describe() == "when a player has won 2 games"
