"""format_record: canonical, idempotent, and it keeps a record's comments."""

from pathlib import Path

import pytest

from notation.spaceships.format import format_record
from notation.spaceships.parse import parse_record

# The notation's own samples (other packages add theirs to samples/ too).
SAMPLES = [
    Path(__file__).parents[3] / "samples" / name
    for name in (
        "example-2.6.1.ssr",
        "example-classic.ssr",
        "example-options.ssr",
        "results-syntax.ssr",
    )
]

MESSY = """\
# header comment
[Ruleset   "2.6.1"]   # inline on a tag

A fleet: DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2 ; KC Gx1,Gx2,Gx3,Gy1,Gy2,Gy3;
   PC Bz1 Bz2 Bz3 Bz4; MD Yv3 Yw3 Yx3; LS Oz5   # the scout
1 B: Oz5
# before A's first turn
1 A: Gx3, Rv1 b Rv1 Rx1   m v Yw2 s Gy3   # A's orders
1 A results: Gx3 m; Rv1 h
# trailing comment
"""


def test_canonical_form_of_a_messy_record():
    assert (
        format_record(parse_record(MESSY))
        == """\
# header comment
[Ruleset "2.6.1"]  # inline on a tag

A fleet: DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2
         KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3
         PC Bz1 Bz2 Bz3 Bz4
         MD Yv3 Yw3 Yx3
         LS Oz5  # the scout

# before A's first turn
1 A: Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3  # A's orders
1 B: Oz5
1 A results: Gx3 miss; Rv1 hit
# trailing comment
"""
    )


def test_formatting_keeps_every_comment():
    formatted = format_record(parse_record(MESSY))
    for line in MESSY.splitlines():
        if "#" in line:
            assert line[line.index("#") :].strip() in formatted


def test_formatting_is_idempotent_and_keeps_the_meaning():
    once = format_record(parse_record(MESSY))
    assert format_record(parse_record(once)) == once
    # The same lines, now in canonical order: turn by turn, A before B.
    before, after = parse_record(MESSY), parse_record(once)
    assert (after.tags, after.fleets, after.results) == (before.tags, before.fleets, before.results)
    assert after.turns == tuple(sorted(before.turns, key=lambda t: (t.turn, t.player)))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_parse_and_are_canonical(path):
    text = path.read_text(encoding="utf-8")
    assert format_record(parse_record(text)) == text


def test_there_are_samples_for_2_6_1_classic_and_an_option():
    records = [parse_record(p.read_text(encoding="utf-8")) for p in SAMPLES]
    assert {r.ruleset for r in records} >= {"2.6.1", "classic"}
    assert any(r.options for r in records)


def test_a_grid_fleet_stays_a_grid_and_follows_the_records_colour_order():
    text = next(p for p in SAMPLES if p.name == "example-options.ssr").read_text()
    formatted = format_record(parse_record(text))
    assert "         R           Y           G           O           B" in formatted


def test_comments_in_a_drawn_fleet_stay_on_their_rows():
    text = next(p for p in SAMPLES if p.name == "example-options.ssr").read_text()
    lines = text.splitlines()
    row3 = next(i for i, line in enumerate(lines) if line.startswith("  3"))
    lines[row3] += "  # the kill cruiser's last row"
    lines.insert(row3, "# before row 3")
    formatted = format_record(parse_record("\n".join(lines) + "\n")).splitlines()
    at = formatted.index("# before row 3")
    assert formatted[at + 1].startswith("  3") and formatted[at + 1].endswith(
        "  # the kill cruiser's last row"
    )
