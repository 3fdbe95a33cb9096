"""`spaceships parse` and `spaceships fmt`."""

import json

import click
from click.testing import CliRunner

from spaceships.notation_cli import COMMANDS

# The notation's own commands, as `spaceships` gathers them (without the other packages').
main = click.Group("spaceships", commands={c.name: c for c in COMMANDS})


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_parse_prints_the_canonical_form_of_what_it_is_given():
    assert run("parse", "Gx3").output == "Gx3\n"
    assert run("parse", "b Rv1 Rx1, m v, k Bz5").output == "bRv1Rx1 mv kBz5\n"
    assert run("parse", "DS Rv1 Rv2 ;KC Gx1").output == "DS Rv1 Rv2; KC Gx1\n"
    assert run("parse", "-", input="1 A: Gx3,Rv1\n").output == "1 A: Gx3 Rv1\n"


def test_parse_as_forces_the_kind():
    assert run("parse", "--as", "orders", "Gx3").output == "Gx3\n"
    result = run("parse", "--as", "cell", "Gx3 Rv1")
    assert result.exit_code == 1


def test_parse_reports_every_error_and_exits_1():
    result = run("parse", "gx3 GX3")
    assert result.exit_code == 1
    assert "2 errors" in result.output
    assert "hint: colours are capitals: Gx3" in result.output
    assert "hint: letters are lower case: Gx3" in result.output


def test_parse_json_gives_a_structured_form():
    data = json.loads(run("parse", "--json", "Gx3 mv").output)
    assert data["kind"] == "orders"
    assert [o["order"] for o in data["orders"]] == ["strike", "missile"]
    data = json.loads(
        run("parse", "--json", "--ruleset", "classic", "-", input="1 A: bRv\n").output
    )
    assert data["record"]["turns"][0]["orders"][0] == {
        "order": "classic-beam",
        "line": "Rv",
        "text": "bRv",
    }


def test_parse_fleet_in_grid_form_in_a_colour_order():
    output = run("parse", "--grid", "--colours", "RYGOB", "LS Yv1").output
    lines = output.splitlines()
    assert lines[0].split() == list("RYGOB")
    assert lines[2].split()[1:7] == [".", ".", ".", ".", ".", "L"]
    assert lines[-1] == "key: L=LS"


def test_fmt_rewrites_files_and_check_reports_without_changing(tmp_path):
    path = tmp_path / "game.ssr"
    path.write_text("1 A: Gx3,Rv1   # mine\n")
    result = run("fmt", "--check", str(path))
    assert result.exit_code == 1
    assert "would reformat" in result.output
    assert path.read_text() == "1 A: Gx3,Rv1   # mine\n"
    assert run("fmt", str(path)).exit_code == 0
    assert path.read_text() == "1 A: Gx3 Rv1  # mine\n"
    assert run("fmt", "--check", str(path)).exit_code == 0


def test_fmt_refuses_a_file_with_errors_and_leaves_it_alone(tmp_path):
    path = tmp_path / "bad.ssr"
    path.write_text("1 A: gx3\n")
    result = run("fmt", str(path))
    assert result.exit_code == 1
    assert "colours are capitals" in result.output
    assert path.read_text() == "1 A: gx3\n"


def test_fmt_names_another_game_s_record_and_its_own_command_not_a_page_of_errors(tmp_path):
    # Issue 36, item 15: sniffed by its `[Game]` tag and its lines, as `validate` does.
    text = '[Game "Space Chess"]\n[Terrans "a"]\n[Aliens "b"]\n\n1 T: M@Ab2\n2 A: M@Hb4 M@Gd2\n'
    path = tmp_path / "short.scr"
    path.write_text(text)
    result = run("fmt", str(path))
    assert result.exit_code == 1
    assert result.output == (
        f"{path}: this is a Space Chess record, not a Spaceships one: "
        f"`spaceships chess fmt {path}` formats it\n"
    )
    assert path.read_text() == text
