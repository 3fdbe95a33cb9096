"""What a game of Space Chess shows in any front end (issue 22): every turn's mail stands for
the board after that turn, the same picture for every reader (nothing is hidden, SC1-SC12);
the "Submit moves" button only while its turn is open; the form with an example and the rule;
a long history as a .scr file that `spaceships chess check` reads."""

from __future__ import annotations

import random
import re

from pbem_support import Table

from notation.spacechess.record import Record
from pbem.kinds.shown import Sight, entitled, picture_for
from pbem.storage.store import open_store
from spacechess.engine.check import replay
from spacechess.judge import GAME
from spacechess.judge.show import history_file

MOVES = ["M@Ab2", "M@Hb4 M@Gd2", "Eb1-Eb4 Eb4-Jb2", "Jd4-Jd2 Hd3-Hd2", "Jb2-Dc2 M@Aa3"]


def started(settings: str = "") -> tuple[Table, list]:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(7)
    gus = table.person("gus@example.org", "Gus")
    assert re.search(r"master password", gus.send(f"create duel chess {settings}".strip()).body)
    alice, bob = table.person("alice@example.org", "Alice"), table.person("bob@example.org", "Bob")
    alice.join("duel")
    bob.join("duel")
    carol = table.person("carol@example.org", "Carol")
    carol.send("observe duel")
    return table, [alice, bob, gus, carol]


def test_each_turn_s_mail_stands_for_the_board_after_that_turn_for_every_reader() -> None:
    table, (alice, bob, _, carol) = started()
    begins = [m for m in table.log if m.kind == "begin"]
    assert {m.sights for m in begins} == {(Sight("start"),)}
    alice.orders(1, MOVES[0], "duel")
    turn_mails = [m for m in table.log if m.kind == "turn"]
    assert {a for m in turn_mails for a in m.to} == {alice.address, bob.address, carol.address}
    assert {m.sights for m in turn_mails} == {(Sight("turn", 1),)}


def test_the_picture_after_a_turn_is_the_same_png_for_player_and_onlooker_marked_and_titled() -> (
    None
):
    table, (alice, bob, _, carol) = started()
    alice.orders(1, MOVES[0], "duel")
    bob.orders(2, MOVES[1], "duel")
    game = table.store.game("duel")
    seen = {
        who.address: picture_for(table.store, game, Sight("turn", 1), who.address)
        for who in (alice, bob, carol)
    }
    pictures = set(seen.values())
    assert len(pictures) == 1
    (after_one,) = pictures
    assert after_one.png.startswith(b"\x89PNG")
    assert after_one.filename == "duel-turn1.png"
    assert after_one.title == "Space Chess duel: after turn 1"
    # After turn 2 the board differs (two mines more), and the start differs from both.
    after_two = picture_for(table.store, game, Sight("turn", 2), carol.address)
    start = picture_for(table.store, game, Sight("start"), carol.address)
    assert len({after_one.png, after_two.png, start.png}) == 3
    # Drawn again from the stored turns: the same bytes (a post and a mail carry the same).
    assert picture_for(table.store, game, Sight("turn", 1), bob.address) == after_one
    # A turn not yet played has no picture rather than a wrong one.
    assert GAME.show.picture(table.store, game, Sight("turn", 3)) is None


def test_a_private_game_s_board_is_for_its_players_and_master_only() -> None:
    table, (alice, _, gus, carol) = started("private")  # a private game takes no observers
    game = table.store.game("duel")
    assert entitled(table.store, game, Sight("start"), alice.address)
    assert entitled(table.store, game, Sight("start"), gus.address)
    assert not entitled(table.store, game, Sight("start"), carol.address)


def test_the_end_mail_stands_for_the_last_board_with_the_record_attached() -> None:
    table, (alice, bob, _, _) = started()
    for number, actions in enumerate(MOVES, 1):
        (alice if number % 2 else bob).orders(number, actions, "duel")
    bob.orders(6, "Jd2>Jd3 Gd4-Fd4", "duel")
    over = alice.last
    assert over.kind == "over" and over.sights == (Sight("end"),)
    game = table.store.game("duel")
    end = picture_for(table.store, game, Sight("end"), alice.address)
    assert end.filename == "duel-end.png" and end.title == "Space Chess duel: the end"
    assert end.png == picture_for(table.store, game, Sight("now"), bob.address).png


def test_submit_moves_is_under_the_post_that_opened_the_turn_while_it_is_open() -> None:
    table, (alice, _, _, _) = started()
    game = table.store.game("duel")
    (button,) = GAME.show.actions(game, "begin", 1)
    assert (button.command, button.turn) == ("orders", 1)
    assert button.label == "Submit moves (turn 1, Terrans)"
    alice.orders(1, MOVES[0], "duel")
    game = table.store.game("duel")
    assert GAME.show.actions(game, "begin", 1) == ()  # turn 1 is played: its button is gone
    (button,) = GAME.show.actions(game, "turn", 1)
    assert (button.turn, button.label) == (2, "Submit moves (turn 2, Aliens)")
    assert GAME.show.actions(game, "reminder", 2) == ()


def test_the_moves_form_has_an_example_and_the_rule_and_its_text_reaches_the_judge() -> None:
    table, _ = started()
    made = GAME.show.form(table.store.game("duel"), "orders", 3)
    assert made.title == "Moves for turn 3 of duel" and made.turn == 3
    (field,) = made.fields
    assert "Ba1>Bb1" in field.example and "[SC2]" in field.help
    assert (
        GAME.show.command_text("orders", "Eb1-Eb4\n  Ba1>Bb1\n", 3) == "orders 3: Eb1-Eb4 Ba1>Bb1"
    )


def test_a_long_history_goes_as_a_scr_file_that_chess_check_reads() -> None:
    table, (alice, bob, _, _) = started()
    for number, actions in enumerate(MOVES, 1):
        (alice if number % 2 else bob).orders(number, actions, "duel")
    game = table.store.game("duel")
    answer = alice.send("history duel").body
    assert history_file(game, answer) is None  # short: the text itself
    long = answer + "\n" + "# a long comment\n" * 400
    head, record = history_file(game, long)
    assert record.filename == "duel-history.scr"
    assert "spaceships chess check duel-history.scr" in head
    assert replay(Record.parse(record.data.decode())).problem is None
