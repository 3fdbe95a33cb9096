"""`validate --json`: the report of the record format (ruleset, turns, result) extended with
the findings; exit codes 0 (consistent), 1 (problems), 2 (usage)."""

from __future__ import annotations

import json

from validate_support import SAMPLES, game, run, run_files

PROBLEM_KEYS = {
    "kind",
    "written",
    "turn",
    "player",
    "entry",
    "line",
    "column",
    "claimed",
    "actual",
    "rule",
    "message",
    "hint",
    "note",
    "source",
    "consequences",
    "text",
}


def test_the_json_extends_the_adjudicate_report() -> None:
    path = SAMPLES / "game-classic.ssr"
    checked = json.loads(run_files("validate", path, extra=("--json",)).stdout)
    played = json.loads(run_files("adjudicate", path, extra=("--json",)).stdout)
    for key in played:
        assert checked[key] == played[key]
    assert checked["ok"] is True and checked["problems"] == []


def test_each_problem_has_the_documented_fields() -> None:
    result = run("validate", game("1 A: Gx1", "1 A results: Gx1 miss"), extra=("--json",))
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    (p,) = data["problems"]
    assert set(p) == PROBLEM_KEYS
    assert (p["turn"], p["player"], p["rule"], p["claimed"], p["actual"]) == (
        1,
        "A",
        "5.2.3",
        "Gx1 miss",
        "Gx1 hit",
    )
    assert (p["line"], p["column"]) == (4, 14)
    assert data["verdict"].startswith("not consistent: 1 problem")


def test_text_output_lists_the_problem_then_a_one_line_verdict() -> None:
    result = run("validate", game("1 A: Gx1", "1 A results: Gx1 miss"))
    lines = result.output.splitlines()
    assert "turn 1, player A: `Gx1 miss` (line 4:14)" in lines[0]
    assert "[5.2.3]" in lines[0]
    assert lines[-1].endswith("not consistent: 1 problem in 1 turn")


def test_usage_errors_exit_2() -> None:
    assert run_files("validate", SAMPLES / "no-such-file.ssr").exit_code == 2


def test_a_record_that_cannot_be_read_exits_1_with_the_notation_errors() -> None:
    result = run("validate", game("1 A: gx3"))
    assert result.exit_code == 1
    assert "cannot be read" in result.output and "colours are capitals: Gx3" in result.output


def test_an_entry_typed_differently_is_quoted_as_typed_too() -> None:
    text = game("1 A: Gx1 Rz5", "1 A results: Gx1 m ;Rz5   miss  # a slip")
    (p,) = json.loads(run("validate", text, extra=("--json",)).stdout)["problems"]
    assert (p["entry"], p["written"]) == ("Gx1 miss", "Gx1 m")
    assert "`Gx1 miss` (written `Gx1 m`)" in run("validate", text).output
