"""`spaceships check RECORD`: one verb for a record of any of the three games, finding the game
as `spaceships replay` does and answering exactly as that game's own command (which stays as
an alias: `validate`, `battles play`, `chess check`) [issue 31, item 5]."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from spaceships_cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
# A record of each game (a finished one, a broken one) and the game's own command for it.
RECORDS = [
    ("example-2.6.1.ssr", ["validate"]),
    ("results-syntax.ssr", ["validate"]),
    ("battles/full-battle.sbr", ["battles", "play"]),
    ("battles/slips.sbr", ["battles", "play"]),
    ("spacechess/short.scr", ["chess", "check"]),
    ("spacechess/long.scr", ["chess", "check"]),
]


def _run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.mark.parametrize(("name", "own"), RECORDS)
def test_check_answers_as_the_records_own_game_does(name: str, own: list[str]) -> None:
    path = str(SAMPLES / name)
    assert _run("check", path) == _run(*own, path)
    assert _run("check", path, "--json") == _run(*own, "--json", path)
    # The option before the record, as most command lines allow (found by a new user).
    assert _run("check", "--json", path) == _run(*own, "--json", path)


@pytest.mark.parametrize(("name", "own"), [r for r in RECORDS if r[1][0] != "validate"])
def test_check_reads_a_record_on_standard_input(name: str, own: list[str]) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert _run("check", "-", stdin=text) == _run(*own, "-", stdin=text)


def test_a_record_tagged_for_a_game_goes_to_that_game() -> None:
    # The lines are a battle's; the tag decides, as it does for the replay page.
    text = (SAMPLES / "battles/full-battle.sbr").read_text(encoding="utf-8")
    assert '[Game "Spaceship Battles"]' in text
    code, output = _run("check", "-", "--json", stdin=text)
    assert '"game": "Spaceship Battles"' in output


def test_check_of_a_missing_file_says_so_without_a_traceback() -> None:
    code, output = _run("check", "no-such-record.ssr")
    assert code == 2 and "no such file" in output and "Traceback" not in output


def test_check_without_a_record_says_what_to_name() -> None:
    code, said = _run("check", "--json")
    assert code == 2 and "name the RECORD to check" in said and "Traceback" not in said


# Each game's own check command, its title and the sample of it the others are given.
OWN = [
    (["validate"], "Spaceships", "spaceships validate", "example-2.6.1.ssr"),
    (["battles", "play"], "Spaceship Battles", "spaceships battles play", "battles/opening.sbr"),
    (["chess", "check"], "Space Chess", "spaceships chess check", "spacechess/short.scr"),
]


@pytest.mark.parametrize(("command", "own"), [(c, t) for c, t, _, _ in OWN])
def test_another_games_record_is_refused_in_the_registrys_one_wording(
    command: list[str], own: str, tmp_path: Path
) -> None:
    # Issue 47 item 14: the refusal is pbem.registry's, the same at every game's command.
    for _, title, check, sample in OWN:
        if title == own:
            continue
        text = (SAMPLES / sample).read_text()
        lines = text.replace(f'[Game "{title}"]', "")  # its lines alone name it
        for record in (text, lines):
            path = tmp_path / "record.txt"
            path.write_text(record)
            code, output = _run(*command, str(path))
            assert code == 1, output
            assert output.startswith(f"{path}: this is a {title} record ("), output
            said = f"), not a {own} one: check it with `{check} {path}`\n"
            assert output.endswith(said), output
