"""Orders [11.5]: strikes, beams (and classic beams), missile and kamikaze launches, scans."""

import pytest

from notation.errors import NotationError, NotationErrors
from notation.spaceships import (
    Beam,
    Cell,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    PartialCell,
    Position,
    Scan,
    ShipId,
    Strike,
    format_orders,
)
from notation.spaceships.parse import (
    parse_orders,
    parse_orders_positions,
    parse_record,
    parse_recovering,
    parse_ship,
)

G_X3 = Cell("G", "x", 3)


def test_11_5_1_a_strike_is_its_target_cell():
    assert parse_orders("Gx3") == (Strike(G_X3),)


def test_11_5_2_a_beam_is_b_and_its_two_end_cells():
    assert parse_orders("bRv1Rx1") == (Beam(Cell("R", "v", 1), Cell("R", "x", 1)),)


def test_11_5_2_1_a_beam_may_name_its_ship():
    (beam,) = parse_orders("bRv1Rx1(DS2)")
    assert beam == Beam(Cell("R", "v", 1), Cell("R", "x", 1), ShipId("DS", 2))
    assert str(beam) == "bRv1Rx1(DS2)"


def test_classic_8_2_2_a_classic_beam_gives_two_coordinate_values():
    assert parse_orders("bRv bR3 bv3") == (
        ClassicBeam(PartialCell("R", "v")),
        ClassicBeam(PartialCell("R", None, 3)),
        ClassicBeam(PartialCell(None, "v", 3)),
    )


@pytest.mark.parametrize("text", ["mGx3", "mG", "mx3", "m3", "mGx", "mG3", "mv"])
def test_11_5_3_a_missile_launch_gives_one_to_three_coordinate_values(text):
    (order,) = parse_orders(text)
    assert isinstance(order, MissileLaunch)
    assert str(order) == text


def test_11_5_5_a_kamikaze_launch_is_k_and_a_cell():
    assert parse_orders("kBz5") == (KamikazeLaunch(Cell("B", "z", 5)),)


def test_11_5_4_a_scan_is_s_and_a_cell():
    assert parse_orders("sGy3") == (Scan(Cell("G", "y", 3)),)


def test_11_5_an_empty_list_is_no_actions():
    assert parse_orders("") == ()
    assert parse_orders("  ,  ") == ()


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("b Rv1 Rx1", "bRv1Rx1"),
        ("b Rv1, Rx1", "bRv1Rx1"),
        ("bRv1Rx1 ( DS2 )", "bRv1Rx1(DS2)"),
        ("m Gx3", "mGx3"),
        ("k Bz5", "kBz5"),
        ("s Gy3", "sGy3"),
        ("Gx3,Rv1,", "Gx3 Rv1"),
        ("  Gx3   Rv1  ", "Gx3 Rv1"),
        ("Gx3\nRv1", "Gx3 Rv1"),
        ("Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3", "Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3"),
    ],
)
def test_harmless_variants_are_accepted_and_written_canonically(text, canonical):
    assert format_orders(parse_orders(text)) == canonical


def test_each_order_carries_its_position_for_messages():
    positions = [p for _, p in parse_orders_positions("Gx3  b Rv1 Rx1, kBz5")]
    assert positions == [Position(1, 1), Position(1, 6), Position(1, 17)]
    positions = [p for _, p in parse_orders_positions("Gx3\n  sGy3")]
    assert positions == [Position(1, 1), Position(2, 3)]


def test_the_fast_path_for_canonical_lines_agrees_with_the_grammar():
    text = "Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3 kBz5 bRv m3 mGx3"
    via_lark, _ = parse_recovering(text, "orders_text")
    assert parse_orders_positions(text) == tuple(via_lark)


def test_every_bad_order_of_a_line_is_reported():
    with pytest.raises(NotationErrors) as caught:
        parse_orders("gx3 Rv1 GX3 Gx6 Px3 x3G")
    hints = [e.hint for e in caught.value.errors]
    assert hints == [
        "colours are capitals: Gx3",
        "letters are lower case: Gx3",
        "numbers run 1-5",
        "colours are R O Y G B",
        "write colour, letter, number: Gx3",
    ]
    assert [e.column for e in caught.value.errors] == [1, 9, 13, 17, 21]


def test_a_broken_order_does_not_hide_the_errors_after_it_on_the_line():
    # `mQ` has no correct spelling to stand in for it; the words after it are still checked.
    with pytest.raises(NotationErrors) as caught:
        parse_orders("Gx3 gz1 mQ bRv1Rv3 Gx9 b(DS) Rx1")
    assert [(e.column, e.word) for e in caught.value.errors] == [
        (5, "gz1"),
        (10, "Q"),
        (20, "Gx9"),
        (25, "("),
    ]


def test_every_bad_order_of_a_record_turn_line_is_reported():
    with pytest.raises(NotationErrors) as caught:
        parse_record("1 A: Gx3 mQ Gx9, zz\n1 B: Rv1\n")
    assert [(e.line, e.column) for e in caught.value.errors] == [(1, 11), (1, 13), (1, 18)]


def test_a_misspelt_cell_inside_a_beam_is_pointed_at():
    with pytest.raises(NotationError) as caught:
        parse_orders("Gx3 bRv1Rx6")
    assert (caught.value.column, caught.value.word, caught.value.hint) == (
        9,
        "Rx6",
        "numbers run 1-5",
    )


def test_a_misspelt_cell_after_a_prefix_gets_the_cell_hint():
    with pytest.raises(NotationErrors) as caught:
        parse_orders("sgy3 kBz9 mgx3")
    assert [e.hint for e in caught.value.errors] == [
        "colours are capitals: Gy3",
        "numbers run 1-5",
        "colours are capitals: Gx3",
    ]


def test_a_missile_launch_without_values_says_what_it_needs():
    with pytest.raises(NotationError) as caught:
        parse_orders("Gx3 m")
    assert caught.value.message == "the missile launch has no cell"
    assert "mGx3, mG, mx3 or m3" in caught.value.hint


def test_a_beam_with_one_cell_says_it_needs_both_ends():
    with pytest.raises(NotationError) as caught:
        parse_orders("b Rv1")
    assert caught.value.message == "a cell is missing here"
    assert "bRv1Rx1" in caught.value.hint


def test_11_6_an_unknown_ship_code_lists_the_known_ones():
    with pytest.raises(NotationError) as caught:
        parse_orders("bRv1Rx1(XX2)")
    assert caught.value.hint.startswith("unknown ship code XX; the ship codes are DS KC FS PC")
    with pytest.raises(NotationError) as caught:
        parse_ship("DD")
    assert "(did you mean MD or DS?)" in caught.value.hint


def test_11_6_ship_codes_with_identities():
    assert parse_ship("FS2") == ShipId("FS", 2)
    assert parse_ship("HF") == ShipId("HF")
    with pytest.raises(NotationError) as caught:
        parse_ship("fs2")
    assert caught.value.hint == "ship codes are capitals: FS2"


def test_a_number_out_of_range_is_judged_as_the_whole_word():
    with pytest.raises(NotationErrors) as caught:
        parse_orders("Gx33 Rv1 Gx10")
    assert [(e.column, e.word, e.hint) for e in caught.value.errors] == [
        (1, "Gx33", "numbers run 1-5"),
        (10, "Gx10", "numbers run 1-5"),
    ]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Gx3 k", "a kamikaze launch names its cell: kBz5"),
        ("s", "a scan names its cell: sGy3"),
        ("b", "a beam names both end cells: bRv1Rx1 (classic: bRv)"),
        ("b Rv1", "a beam names both end cells: bRv1Rx1"),
    ],
)
def test_a_prefix_without_its_cell_says_what_it_needs(text, hint):
    with pytest.raises(NotationError) as caught:
        parse_orders(text)
    assert (caught.value.message, caught.value.hint) == ("a cell is missing here", hint)
