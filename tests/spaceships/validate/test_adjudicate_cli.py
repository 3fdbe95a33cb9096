"""`spaceships adjudicate` and `spaceships validate`: output, --json, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from spaceships.engine.testing import record_text
from spaceships_cli import main


def run(tmp_path: Path, *args: str, text: str | None = None):  # -> click Result
    path = tmp_path / "game.ssr"
    if text is not None:
        path.write_text(text)
    return CliRunner().invoke(main, [*args, str(path)])


def test_adjudicate_prints_turn_by_turn_in_the_conventional_order(tmp_path: Path) -> None:
    result = run(tmp_path, "adjudicate", text=record_text("1 A: Ow5 bRx3Rx5 sGz4\n1 B: Oz5"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == "Turn 1"
    assert lines[2].startswith("  A: beam Rx3 hit, Rx4 hit, Rx5 hit; strike Ow5 hit (missile")
    assert "destroys MD Ov5 Ow5 Ox5" in lines[2] and lines[2].endswith("scan Gz4 undamaged")
    assert lines[3].startswith("  B: strike Oz5 hit — destroys LS Oz5")


def test_adjudicate_json_is_the_report_of_the_record_format(tmp_path: Path) -> None:
    result = run(tmp_path, "adjudicate", "--json", text=record_text("1 A: Ow5 sGz4 Rz1"))
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["ruleset"] == "2.6.1"
    (turn,) = report["turns"]
    assert turn["turn"] == 1 and turn["materiel"] == {"A": 22, "B": 20}
    strike = turn["reports"]["A"][0]
    assert strike["action"] == "strike" and strike["cell"] == "Ow5" and strike["result"] == "hit"
    assert strike["explosions"] == ["Ow5", "Ov5", "Ox5"]
    assert strike["destroyed"][0]["ship"] == "MD"
    assert strike["destroyed"][0]["cells"] == ["Ov5", "Ow5", "Ox5"]
    assert turn["reports"]["A"][1]["result"] == "miss"
    assert turn["reports"]["A"][2] == {"action": "scan", "cell": "Gz4", "result": "undamaged"}
    assert turn["reports"]["B"] == []
    assert report["result"] == {
        "over": False,
        "turn": None,
        "score": {"A": 22, "B": 20},
        "winner": None,
    }


def test_adjudicate_refused_orders_exit_1_naming_turn_player_rule_and_place(
    tmp_path: Path,
) -> None:
    result = run(tmp_path, "adjudicate", text=record_text("1 A: kRv1 Rz1"))
    assert result.exit_code == 1
    assert "turn 1, player A: `kRv1`" in result.output and "[4.5]" in result.output
    assert "(line 4:6)" in result.output


def test_adjudicate_refused_fleet_exit_1(tmp_path: Path) -> None:
    result = run(tmp_path, "adjudicate", text=record_text(a="DS Rv1"))
    assert result.exit_code == 1 and "fleet refused" in result.output


def test_adjudicate_usage_errors_exit_2(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["adjudicate"]).exit_code == 2
    assert run(tmp_path, "adjudicate").exit_code == 2  # no such file


def test_validate_legal_record_exit_0(tmp_path: Path) -> None:
    result = run(tmp_path, "validate", text=record_text("1 A: Rx3\n2 B: Rv1"))
    assert result.exit_code == 0 and "legal (2 turns)" in result.output


def test_validate_lists_every_problem_and_goes_on_after_a_refused_turn(tmp_path: Path) -> None:
    text = record_text("1 A: kRv1 Rz1\n1 B: sRv1 sRv2\n2 A: Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2 Rw3")
    result = run(tmp_path, "validate", text=text)
    assert result.exit_code == 1
    out = result.output
    assert "turn 1, player A: `kRv1`" in out and "[4.5]" in out
    assert "turn 1, player B: `sRv2`" in out and "[8.3.1]" in out
    assert "turn 2, player A" in out and "[4.4.1]" in out
    assert "turn 1, player A: orders refused; the rest of the game is checked" in out


def test_validate_flags_turns_after_the_end(tmp_path: Path) -> None:
    text = record_text("1 A: mRv1 Bz5\n2 A: Bz5", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    result = run(tmp_path, "validate", text=text)
    assert result.exit_code == 1 and "[2.3]" in result.output


def test_adjudicate_reads_a_classic_beam_as_one_line_of_five(tmp_path: Path) -> None:
    result = run(tmp_path, "adjudicate", text=record_text("1 A: bv1", ruleset="classic"))
    assert result.exit_code == 0, result.output
    assert "A: beam Rv1 miss, Ov1 miss, Yv1 miss, Gv1 hit, Bv1 hit" in result.output


def test_adjudicate_accepts_empty_turn_lines_after_the_end(tmp_path: Path) -> None:
    text = record_text("1 A: mRv1 Bz5\n2 A:\n2 B:", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    result = run(tmp_path, "adjudicate", "--json", text=text)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["result"]["turn"] == 1


def test_adjudicate_refuses_orders_after_the_end(tmp_path: Path) -> None:
    text = record_text("1 A: mRv1 Bz5\n2 B: Rv1", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    result = run(tmp_path, "adjudicate", text=text)
    assert (
        result.exit_code == 1 and "turn 2, player B" in result.output and "[2.3]" in result.output
    )
