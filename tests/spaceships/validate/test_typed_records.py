"""Messy typed-up records are read as meant, and whatever was assumed is said: comments, blank
lines, mixed separators, result words written out or shortened, a drawn fleet, a turn's results
split over two lines."""

from __future__ import annotations

import json

from validate_support import SAMPLES, run_files

TYPED = SAMPLES / "typed" / "first-turn-typed-up.ssr"
CANONICAL = SAMPLES / "results-syntax.ssr"


def _report(path):  # type: ignore[no-untyped-def]
    return json.loads(run_files("validate", path, extra=("--json",)).stdout)


def test_a_typed_up_record_checks_the_same_as_its_canonical_form() -> None:
    typed, canonical = _report(TYPED), _report(CANONICAL)
    assert typed["ok"] and canonical["ok"]
    assert typed["claims_checked"] == canonical["claims_checked"] == 25
    assert typed["turns"] == canonical["turns"]


def test_results_split_over_two_lines_are_read_as_one_and_said_so() -> None:
    notes = _report(TYPED)["notes"]
    assert "turn 1, player A: 2 results lines, read as one in the order written" in notes
