"""Round trips: format then parse is the identity; parse then format is canonical and
idempotent, whatever harmless spacing the input used."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sizes import examples

from notation.errors import NotationError
from notation.spaceships import (
    Beam,
    Cell,
    Claim,
    ClassicBeam,
    DestroyedShip,
    FlashcubeCell,
    Fleet,
    KamikazeLaunch,
    MissileLaunch,
    PartialCell,
    Record,
    ResultLine,
    Scan,
    ShipId,
    ShipPlacement,
    Strike,
    TurnLine,
    format_orders,
)
from notation.spaceships.format import format_claim, format_fleet, format_record, grid_marks
from notation.spaceships.parse import (
    parse_cell,
    parse_claims,
    parse_fleet,
    parse_orders,
    parse_orders_positions,
    parse_record,
    parse_recovering,
)
from notation.spaceships.ships import SHIP_TYPES

SETTINGS = settings(
    max_examples=examples(20, 60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

cells = st.builds(Cell, st.sampled_from("ROYGB"), st.sampled_from("vwxyz"), st.integers(1, 5))
colours = st.none() | st.sampled_from("ROYGB")
letters = st.none() | st.sampled_from("vwxyz")
numbers = st.none() | st.integers(1, 5)
values = st.tuples(colours, letters, numbers)
partials = values.filter(lambda v: any(x is not None for x in v)).map(lambda v: PartialCell(*v))
lines = values.filter(lambda v: sum(x is not None for x in v) == 2).map(lambda v: PartialCell(*v))
ships = st.builds(ShipId, st.sampled_from(list(SHIP_TYPES)), st.none() | st.integers(1, 12))
orders = st.one_of(
    st.builds(Strike, cells),
    st.builds(Beam, cells, cells, st.none() | ships),
    st.builds(ClassicBeam, lines),
    st.builds(MissileLaunch, partials),
    st.builds(KamikazeLaunch, cells),
    st.builds(Scan, cells),
)
order_lists = st.lists(orders, max_size=12).map(tuple)
placements = st.builds(ShipPlacement, ships, st.lists(cells, max_size=8).map(tuple))
fleets = st.lists(placements, min_size=1, max_size=7).map(lambda s: Fleet(tuple(s)))


@st.composite
def claims(draw):
    kind = draw(st.sampled_from(["beam", "strike", "scan", "kamikaze"]))
    if kind == "kamikaze":
        result = None
    elif kind == "scan":
        result = draw(st.sampled_from(["empty", "undamaged", "destroyed"]))
    else:
        result = draw(st.sampled_from(["hit", "miss", "duplicate"]))
    return Claim(
        kind,
        draw(cells),
        result,
        tuple(draw(st.lists(cells, max_size=3))),
        tuple(
            draw(
                st.lists(
                    st.builds(
                        DestroyedShip, ships, st.lists(cells, min_size=1, max_size=4).map(tuple)
                    ),
                    max_size=2,
                )
            )
        ),
        tuple(
            draw(
                st.lists(
                    st.builds(FlashcubeCell, cells, st.none() | ships, st.booleans()), max_size=4
                )
            )
        ),
    )


def _flash_ok(claim):
    # An empty flashcube cell cannot be destroyed; the notation has no way to say so.
    return all(f.ship is not None or not f.destroyed for f in claim.flashcube)


good_claims = claims().filter(_flash_ok)
tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True)
tag_values = st.text(
    st.characters(
        min_codepoint=32, max_codepoint=0x2000, blacklist_categories=("Cc", "Cs", "Zl", "Zp")
    ),
    max_size=20,
)
players = st.sampled_from(["A", "B"])


@st.composite
def records(draw):
    tags = tuple(draw(st.lists(st.tuples(tag_names, tag_values), max_size=4)))
    fleet_players = draw(st.sets(players))
    fleet_map = {p: draw(fleets) for p in sorted(fleet_players)}
    keys = sorted(draw(st.sets(st.tuples(st.integers(1, 30), players), max_size=6)))
    turns = tuple(TurnLine(t, p, draw(order_lists)) for t, p in keys)
    result_keys = sorted(draw(st.sets(st.tuples(st.integers(1, 30), players), max_size=4)))
    results = tuple(
        ResultLine(t, p, tuple(draw(st.lists(good_claims, max_size=4)))) for t, p in result_keys
    )
    return Record(tags=tags, fleets=fleet_map, turns=turns, results=results)


def noisy(text, draw):
    """The same text with harmless extra spaces and commas between words."""
    out = []
    for word in text.split(" "):
        out.append(word)
        out.append(draw(st.sampled_from([" ", "  ", ", ", " ,", "\t"])))
    return "".join(out)


@SETTINGS
@given(cells)
def test_cells_round_trip(cell):
    assert parse_cell(str(cell)) == cell


@SETTINGS
@given(order_lists)
def test_order_lists_round_trip(order_list):
    text = format_orders(order_list)
    assert parse_orders(text) == order_list


@SETTINGS
@given(order_lists, st.data())
def test_parsing_spaced_out_orders_gives_the_canonical_form(order_list, data):
    canonical = format_orders(order_list)
    assert format_orders(parse_orders(noisy(canonical, data.draw))) == canonical


@SETTINGS
@given(order_lists, st.data())
def test_the_fast_path_agrees_with_lark(order_list, data):
    canonical = format_orders(order_list)
    spaced = canonical.replace("b", "b ").replace("k", "k ").replace("s", "s ").replace("m", "m ")
    for text in (canonical, noisy(canonical, data.draw), noisy(spaced, data.draw)):
        via_lark, _ = parse_recovering(text, "orders_text")
        assert parse_orders_positions(text) == tuple(via_lark)


@SETTINGS
@given(fleets)
def test_fleets_round_trip_in_list_form(fleet):
    assert parse_fleet(format_fleet(fleet)) == fleet


def drawable(fleet):
    """A grid shows distinct ships, each in some cells, not overlapping."""
    ids = [s.ship for s in fleet.ships]
    try:
        grid_marks(fleet)
    except ValueError:
        return False
    return len(set(ids)) == len(ids) and all(s.cells for s in fleet.ships)


@SETTINGS
@given(fleets.filter(drawable), st.sampled_from(["ROYGB", "RYGOB"]))
def test_fleets_round_trip_in_grid_form(fleet, colour_order):
    drawn = format_fleet(fleet, grid=True, colour_order=colour_order)
    back = parse_fleet(drawn, colour_order=colour_order)
    # The grid lists ships by type and identity, cells in conventional order.
    by_ship = {s.ship: set(s.cells) for s in fleet.ships}
    assert {s.ship: set(s.cells) for s in back.ships} == by_ship
    # and a fleet in that canonical order round-trips exactly.
    again = format_fleet(back, grid=True, colour_order=colour_order)
    assert parse_fleet(again, colour_order=colour_order) == back


@SETTINGS
@given(st.lists(good_claims, min_size=1, max_size=5))
def test_claims_round_trip(claim_list):
    text = "; ".join(format_claim(c) for c in claim_list)
    assert parse_claims(text) == tuple(claim_list)


@SETTINGS
@given(records())
def test_records_round_trip_and_formatting_is_idempotent(record):
    text = format_record(record)
    back = parse_record(text)
    assert back == record
    assert format_record(back) == text


@SETTINGS
@given(records(), st.data())
def test_a_spaced_out_record_parses_to_the_same_record(record, data):
    text = format_record(record)
    lines = []
    for line in text.splitlines():
        if line.startswith("["):
            lines.append(line)  # tag values keep their spaces
        else:
            lines.append(" " + noisy(line, data.draw))
    back = parse_record("\n".join(lines) + "\n\n")
    assert back == record
    assert format_record(back) == text


NOTATION_CHARS = 'ROYGBvwxyz0123456789 bmks,;:#()[]"\n\t-.=ABDSKCFPMHLrtlf'


@SETTINGS
@given(st.text(st.sampled_from(NOTATION_CHARS), max_size=80))
def test_any_text_parses_or_raises_notation_errors_that_point_into_it(text):
    for parse in (parse_record, parse_orders, parse_fleet, parse_cell):
        try:
            parse(text)
        except NotationError as exc:
            for error in exc.errors:
                assert error.text == text
                assert 1 <= error.line <= text.count("\n") + 1
                assert str(error)


def _outcome(text, fast):
    """The whole Record (positions and comments included), or every error, as text."""
    try:
        return repr(parse_record(text, fast=fast))
    except NotationError as exc:
        return [(e.line, e.column, str(e)) for e in exc.errors]


@SETTINGS
@given(records(), st.data())
def test_the_fast_record_path_and_lark_give_the_same_record(record, data):
    """notation.spaceships.fast_record reads well-formed lines without lark; whatever the text
    (spaced out, commented, or with a mistake put in), the result is what lark gives, to the
    column."""
    canonical = format_record(record)
    lines = []
    for line in canonical.splitlines():
        if data.draw(st.booleans()):
            lines.append("# " + data.draw(tag_values))
        if not line.startswith("[") and data.draw(st.booleans()):
            line = data.draw(st.sampled_from(["", " ", "\t"])) + noisy(line, data.draw)
        if data.draw(st.booleans()):
            line += data.draw(st.sampled_from([" # note", "# x", "  #"]))
        lines.append(line)
    spaced = "\n".join(lines) + data.draw(st.sampled_from(["", "\n", "\n\n"]))
    where = data.draw(st.integers(0, len(spaced)))
    mistake = spaced[:where] + data.draw(st.sampled_from(NOTATION_CHARS)) + spaced[where:]
    for text in (canonical, spaced, mistake):
        assert _outcome(text, True) == _outcome(text, False)
