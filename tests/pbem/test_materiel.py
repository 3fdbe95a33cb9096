"""What a turn allows and what orders use, counted one way [4.4.1, 8.1.3, 8.2, 8.3.1]: the
conventional strikes apart from the missiles' and kamikazes' strikes, in both lines."""

from __future__ import annotations

from notation.spaceships.parse import parse_fleet, parse_orders
from spaceships.engine import Ruleset, check_orders, entitlements, new_game
from spaceships.judge.materiel import may_use, used

FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
OTHER = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)


def _state():  # type: ignore[no-untyped-def]
    ruleset = Ruleset.from_tags("2.6.1")
    return new_game(ruleset, parse_fleet(FLEET), parse_fleet(OTHER))


def test_what_may_be_used_names_each_kind_in_players_words() -> None:
    text = may_use(entitlements(_state(), "A"))
    assert text.startswith("7 conventional strikes, 1 missile (MD, launched from Yv3, Yw3 or Yx3)")
    assert "1 beam (DS)" in text and text.endswith("1 scan")


def test_what_orders_use_counts_the_missiles_strike_apart() -> None:
    state = _state()
    checked = check_orders(state, "A", parse_orders("Gx3 Gx4 mYw3 Yw2 sOz5"))
    text = used(checked, entitlements(state, "A"))
    assert text.startswith("2 of 7 conventional strikes, 1 of 1 missile (from Yw3)")
    assert "0 of 1 beam" in text and text.endswith("1 of 1 scan")


def test_no_orders_use_nothing_of_each_kind() -> None:
    state = _state()
    text = used(check_orders(state, "A", ()), entitlements(state, "A"))
    assert text.startswith("0 of 7 conventional strikes, 0 of 1 missile")
