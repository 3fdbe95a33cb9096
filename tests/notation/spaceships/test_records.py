"""Whole records (shared/spec/record-format.md): tags, fleets, turn lines, comments, errors."""

import pytest

from notation.errors import NotationError, NotationErrors
from notation.spaceships import Position, ShipId
from notation.spaceships.parse import parse_record

SPEC_EXAMPLE = """\
# a comment runs to the end of the line
[Ruleset "2.6.1"]                # optional; "2.6.1" (default) or "classic"
[Options "fleet=cost:24"]        # optional; space-separated options from the rulings
[Date "1997-03-14"]              # optional; any date python-dateutil can parse
[A "Alice"]                      # optional player names
[B "Bob"]

A fleet: DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3;
         PC Bz1 Bz2 Bz3 Bz4; MD Yv3 Yw3 Yx3; LS Oz5
B fleet: DS Bv4 Bv5 Bw4 Bw5 Gv4 Gv5 Gw4 Gw5; KC Rx3 Rx4 Rx5 Ry3 Ry4 Ry5
         FS Yy1 Yy2 Yz1 Yz2; MD Ov5 Ow5 Ox5; HS Oz1 Oz2

1 A: Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3    # mv: the unfired missile with letter v
1 B: Oz5 Oz4
2 A: kBz5 Ox4
2 B:                             # no actions this turn
"""


def test_the_spec_example_parses():
    record = parse_record(SPEC_EXAMPLE)
    assert record.tags[0] == ("Ruleset", "2.6.1")
    assert record.ruleset == "2.6.1"
    assert record.options == ("fleet=cost:24",)
    assert record.tag("A") == "Alice"
    assert [str(s.ship) for s in record.fleets["A"].ships] == ["DS", "KC", "PC", "MD", "LS"]
    assert [str(s.ship) for s in record.fleets["B"].ships] == ["DS", "KC", "FS", "MD", "HS"]
    assert [(t.turn, t.player, len(t.orders)) for t in record.turns] == [
        (1, "A", 6),
        (1, "B", 2),
        (2, "A", 2),
        (2, "B", 0),
    ]
    assert record.orders(2, "B").orders == ()
    assert record.orders(3, "A") is None
    assert record.last_turn == 2


def test_positions_point_into_the_text():
    record = parse_record(SPEC_EXAMPLE)
    assert record.fleet_positions == {"A": Position(8, 1), "B": Position(10, 1)}
    line = record.orders(1, "A")
    assert line.position == Position(13, 1)
    assert line.order_positions == tuple(Position(13, c) for c in (6, 10, 14, 22, 25, 29))


def test_a_record_without_tags_is_2_6_1_and_unknown_tags_are_kept():
    record = parse_record('[Event "club night"]\n1 A: Gx3\n')
    assert record.ruleset == "2.6.1"
    assert record.tags == (("Event", "club night"),)


def test_tag_values_may_hold_escaped_quotes():
    record = parse_record('[A "Alice \\"Ace\\" Smith"]\n')
    assert record.tag("A") == 'Alice "Ace" Smith'


def test_tags_come_first():
    with pytest.raises(NotationError) as caught:
        parse_record('1 A: Gx3\n[Ruleset "classic"]\n')
    assert caught.value.line == 2
    assert caught.value.hint == "tags go at the top of the record, before the fleets"


def test_fleet_keyword_and_results_keyword_ignore_case():
    record = parse_record("A Fleet: LS Rv1\n1 A Results: Gx3 miss\n")
    assert record.fleets["A"].ships[0].ship == ShipId("LS")
    assert record.results[0].claims[0].result == "miss"


def test_a_second_fleet_for_a_player_is_an_error():
    with pytest.raises(NotationError) as caught:
        parse_record("A fleet: LS Rv1\nA fleet: LS Rv2\n")
    assert (caught.value.line, caught.value.message) == (2, "a second fleet for player A")


def test_a_ship_line_outside_a_fleet_is_an_error():
    with pytest.raises(NotationError) as caught:
        parse_record("1 A: Gx3\n  KC Gx1 Gx2\n")
    assert caught.value.hint == "start a fleet with `A fleet:` or `B fleet:`"


def test_every_error_of_a_record_is_reported_with_its_line():
    text = "[Ruleset 2.6.1]\nA fleet: DS Rv1 QQ Gx1\n1 A Gx3\n2 B: gx3 Gy\n3 a: Gx3\n"
    with pytest.raises(NotationErrors) as caught:
        parse_record(text)
    found = [(e.line, e.column, e.hint) for e in caught.value.errors]
    assert found == [
        (1, 10, 'a tag\'s value is in double quotes: "2.6.1"'),
        (2, 17, "unknown ship code QQ; the ship codes are DS KC FS PC MD HS LS AG LG HF"),
        (3, 5, "a turn line reads `1 A: Gx3 ...`, results `1 A results: ...`"),
        (4, 6, "colours are capitals: Gx3"),
        (4, 10, "a cell needs colour, letter and number, like Gy3"),
        (5, 3, "the players are A and B, in capitals"),
    ]
    assert str(caught.value).startswith("6 errors:\nline 1, column 10:")


def test_a_misspelt_keyword_gets_did_you_mean():
    with pytest.raises(NotationError) as caught:
        parse_record("A flet: LS Rv1\n")
    assert caught.value.hint == "did you mean `fleet`?"


def test_comments_are_kept_with_their_lines():
    record = parse_record(SPEC_EXAMPLE)
    by_text = {c.text: c for c in record.comments}
    assert by_text["a comment runs to the end of the line"].anchor == ("tag", 0)
    assert not by_text["a comment runs to the end of the line"].inline
    assert by_text["mv: the unfired missile with letter v"].anchor == ("turn", 1, "A")
    assert by_text["mv: the unfired missile with letter v"].inline
    assert by_text["no actions this turn"].anchor == ("turn", 2, "B")


def test_comments_do_not_change_what_a_record_means():
    bare = "\n".join(line.split("#")[0] for line in SPEC_EXAMPLE.splitlines())
    assert parse_record(bare) == parse_record(SPEC_EXAMPLE)


def test_a_fleet_may_be_drawn_as_grids_in_a_record_in_the_records_colour_order():
    text = """\
[Options "colours=RYGOB"]
A fleet:
   R Y G O B
   1  L . . . .  . . . . .  . . . . .  . . . . .  . . . . .
   2  . . . . .  . . . . .  . . . . .  . . . . .  . . . . .
   3  . . . . .  . . . . .  . . . . .  . . . . .  . . . . .
   4  . . . . .  . . . . .  . . . . .  M . . . .  . . . . .
   5  . . . . .  . . . . .  . . . . .  M . . . .  . . . . .
   key: L=LS M=MD
1 A: Gx3
"""
    record = parse_record(text)
    assert str(record.fleets["A"]) == "MD Ov4 Ov5; LS Rv1"
    assert record.fleet_forms == {"A": "grid"}


def test_a_record_with_crlf_line_ends_as_mail_has_them_means_the_same():
    record = parse_record(SPEC_EXAMPLE.replace("\n", "\r\n"))
    assert record == parse_record(SPEC_EXAMPLE)
    assert record.tag("A") == "Alice"
    assert all(not c.text.endswith("\r") for c in record.comments)
