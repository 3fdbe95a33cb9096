"""Records read right, through `spaceships validate`: a turn left out is not a quiet turn
[record format], ends the judge writes are ends [2.3], one misplaced ship does not hide the later
slips [3], a slip is said to change the rest of the game only when something later depends on it,
two records that disagree give one problem [1.4.1], and classic destructions completed by a
strike and a kamikaze may be reported on either entry [classic 2.4]."""

from __future__ import annotations

from validate_support import SAMPLES, game, problems, report, run, run_files

LONG = (SAMPLES / "game-2.6.1-long.ssr").read_text(encoding="utf-8")
PRIVATE = SAMPLES / "private"


def _without_turn(text: str, turn: int) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(f"{turn} ")) + "\n"


# --- turns are numbered without gaps [record format] ------------------------------------------
def test_a_turn_with_no_line_at_all_is_an_error_naming_it_and_how_to_write_an_empty_turn() -> None:
    found = problems(_without_turn(LONG, 5))
    (gap,) = [p for p in found if p["rule"] == "record format"]
    assert gap["turn"] == 5
    assert "no line for turn 5, though turn 6 follows" in gap["message"]
    assert "`5 A:` `5 B:`" in gap["hint"]


def test_an_empty_turn_written_as_empty_lines_is_no_gap() -> None:
    text = game("1 A:", "1 B:", "2 A: Gx1", "2 B:")
    assert not [p for p in problems(text) if p["rule"] == "record format"]


def test_turns_numbered_one_too_high_from_some_turn_on_are_caught_even_when_claims_fit() -> None:
    # Turn 1 written as turn 2: every claim of it fits an empty turn 1 just as well.
    text = game("2 A: Rz5", "2 A results: Rz5 miss")
    data = report(text)
    assert not data["ok"]
    assert [p["turn"] for p in data["problems"]] == [1]


# --- the ends the judge writes [2.3] ----------------------------------------------------------
def test_a_game_the_judge_recorded_as_resigned_is_not_called_unfinished() -> None:
    text = '[Termination "Bob (B) wins after turn 1 (Alice (A) resigned)"]\n' + game(
        "1 A: Rz5", "1 A results: Rz5 miss"
    )
    data = report(text)
    assert data["ok"]
    assert not any("not over" in n for n in data["notes"])
    assert any("resigned" in n and "[Termination]" in n for n in data["notes"])


def test_a_cancelled_game_is_recognised_too_but_a_plain_stop_is_unfinished() -> None:
    cancelled = '[Termination "No result (cancelled by the game master)"]\n' + game("1 A: Rz5")
    assert not any("not over" in n for n in report(cancelled)["notes"])
    assert any("not over" in n for n in report(game("1 A: Rz5"))["notes"])


# --- one misplaced ship [3.6] -----------------------------------------------------------------
def test_a_fleet_refused_for_its_shape_still_has_its_turns_checked_and_says_so() -> None:
    bent = LONG.replace("PC Rw2 Ow2 Yw2 Gw2", "PC Rw2 Ow2 Yw2 Gx3")
    # A later slip the bent ship has nothing to do with: B's scan result in turn 1.
    slipped = bent.replace("sRz1 empty", "sRz1 undamaged")
    data = report(slipped)
    rules = [(p["turn"], p["rule"]) for p in data["problems"]]
    assert (None, "6.5") in rules
    assert (1, "8.3.4.1") in rules
    assert any("still checked with the fleets as written" in n for n in data["notes"])
    # What follows from the bent ship's own cells is listed under it, not as problems.
    fleet = next(p for p in data["problems"] if p["rule"] == "6.5")
    assert any("Gx3" in c for c in fleet["consequences"])


def test_a_fleet_that_cannot_be_played_still_stops_the_checking() -> None:
    overlapping = LONG.replace("PC Rw2 Ow2 Yw2 Gw2", "PC Rv1 Rw1 Yw2 Gw2")
    data = report(overlapping)
    assert any("turns not checked" in u for u in data["unchecked"])


# --- "this changes the rest of the game" -------------------------------------------------------
def test_a_slip_in_the_last_turn_does_not_change_the_rest_of_the_game() -> None:
    (found,) = problems(game("1 A: Gx1", "1 A results: Gx1 miss"))
    assert not found.get("note")


def test_a_miss_written_as_a_hit_that_nothing_later_touches_changes_nothing() -> None:
    text = game("1 A: Rz5", "1 A results: Rz5 hit", "2 A: Gx1", "2 A results: Gx1 hit")
    (found,) = problems(text)
    assert found["turn"] == 1 and not found.get("note")


def test_a_slip_a_later_result_depends_on_is_said_to_change_the_rest_of_the_game() -> None:
    text = game("1 A: Gx1", "1 A results: Gx1 miss", "2 A: Gx1", "2 A results: Gx1 hit")
    (found,) = problems(text)
    assert "changes the rest of the game" in found["note"] and found["consequences"]


# --- two records [1.4.1] -----------------------------------------------------------------------
def test_two_private_records_that_disagree_give_one_problem_quoting_both_briefly(
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    a = PRIVATE / "game-2.6.1-long-A.ssr"
    b_text = (PRIVATE / "game-2.6.1-long-B.ssr").read_text(encoding="utf-8")
    b = tmp_path / "B.ssr"
    b.write_text(b_text.replace("Yz1 -, Yz2 -; Oy5 miss", "Yz1 -, Yz2 DS; Oy5 miss"), "utf-8")
    result = run_files("validate", a, b)
    problem_lines = [line for line in result.output.splitlines() if "disagree" in line]
    assert len(problem_lines) == 1 and "problems" not in result.output.splitlines()[-1]
    (line,) = problem_lines
    assert "has `Yz1 ... Yz2 -`" in line and "B.ssr has `Yz1 ... Yz2 DS`" in line
    assert "the rules give" in line and line.endswith("[7.2.1]")
    assert "1 problem" in result.output.splitlines()[-1]


# --- classic: where a destruction completed by two entries is reported [classic 2.4] -----------
CLASSIC_HF = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bv4 Bv5 Bw4 Bw5; "
    "MD Yv3 Yw3 Yx3; HF Oz4 Oz5"
)


def _classic(a_results: str, b_results: str) -> str:
    # Turn 1: A hits B's HF at Oz4. Turn 2: B kamikazes from Oz5 while A strikes Oz5: at the
    # turn's end the HF is destroyed by both together.
    return game(
        "1 A: Oz4",
        "1 A results: Oz4 hit",
        "2 A: Oz5",
        "2 B: kOz5 Rz5",
        f"2 A results: {a_results}",
        f"2 B results: {b_results}",
        a=CLASSIC_HF,
        b=CLASSIC_HF,
        ruleset="classic",
    )


def test_classic_a_ship_completed_by_a_strike_and_a_kamikaze_reported_on_the_strike() -> None:
    assert report(_classic("Oz5 hit destroys HF Oz4 Oz5", "Rz5 miss; kOz5"))["ok"]


def test_classic_a_ship_completed_by_a_strike_and_a_kamikaze_reported_on_the_kamikaze() -> None:
    assert report(_classic("Oz5 hit", "Rz5 miss; kOz5 destroys HF Oz4 Oz5"))["ok"]


def test_classic_a_destruction_reported_on_neither_entry_is_still_missing() -> None:
    found = problems(_classic("Oz5 hit", "Rz5 miss; kOz5"))
    assert [p["rule"] for p in found] == ["classic 2.2.3"]


def test_the_validate_command_prints_no_traceback_on_these_records() -> None:
    result = run("validate", _classic("Oz5 hit", "Rz5 miss; kOz5 destroys HF Oz4 Oz5"))
    assert result.exit_code == 0, result.output


# --- errors on long lines ---------------------------------------------------------------------
def test_an_error_far_along_a_long_results_line_shows_the_part_around_it_with_the_caret() -> None:
    misses = "; ".join(f"R{letter}{n} miss" for letter in "vwxyz" for n in range(1, 6))
    text = game("1 A: Rz5", f"1 A results: {misses}; Rz9 miss")
    result = run("validate", text)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    quoted = next(i for i, line in enumerate(lines) if "Rz9" in line and "|" in line)
    caret = lines[quoted + 1]
    assert len(lines[quoted]) <= 100 and lines[quoted].split("| ", 1)[1].startswith("...")
    column = caret.index("^")
    assert lines[quoted][column : column + 3] == "Rz9"
