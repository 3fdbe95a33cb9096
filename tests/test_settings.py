"""Issue 48 item 2: every setting in one place. The program reads no environment variable that
`spaceships settings` (pbem.places.SETTINGS) and the docs' "All settings" table do not both
list; the command shows each one's value now and where it came from, secrets hidden."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from click.testing import CliRunner

from pbem.places import SETTINGS
from spaceships_cli import main

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = ["notation", "pbem", "bot", "spaceships", "battles", "spacechess"]
NAME = re.compile(r"\b(?:SPACESHIPS_[A-Z][A-Z0-9_]*|DISCORD_TOKEN|SSL_CERT_FILE)\b")


def _sources() -> list[Path]:
    return [ROOT / "spaceships_cli.py"] + [
        path for folder in PROGRAM for path in sorted((ROOT / folder).rglob("*.py"))
    ]


def named_in_code() -> set[str]:
    """Every variable the program's code names: in strings, constants and options alike."""
    return {name for path in _sources() for name in NAME.findall(path.read_text())}


def read_elsewhere() -> list[str]:
    """Reads of the environment whose name is not written where the reading is (a name made
    up at run time would escape `named_in_code`)."""
    found = []
    for path in _sources():
        text = path.read_text()
        if not any(word in text for word in ("environ", "getenv", "envvar")):
            continue  # reads nothing from the environment: no need to parse it
        tree = ast.parse(text)
        constants = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            name: ast.expr | None = None
            if isinstance(node, ast.Call):
                called = ast.unparse(node.func)
                if called in ("os.environ.get", "os.getenv", "environ.get") and node.args:
                    name = node.args[0]
                name = next((k.value for k in node.keywords if k.arg == "envvar"), name)
            elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
                name = node.slice
            if name is None or isinstance(name, ast.Constant):
                continue
            if isinstance(name, ast.Name) and name.id in constants:
                continue
            if isinstance(name, ast.Attribute) and name.attr == "variable":
                continue  # a Setting's own variable: `spaceships settings` reading the list
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return found


def docs_table() -> str:
    docs = (ROOT / "docs" / "running-a-judge.md").read_text()
    return docs.split("## All settings", 1)[1].split("\n## ", 1)[0]


def test_every_variable_the_program_reads_is_listed_by_the_command_and_the_docs() -> None:
    listed = {setting.variable for setting in SETTINGS}
    assert named_in_code() - listed == set(), "read by the code, missing from pbem.places"
    assert read_elsewhere() == []
    table = docs_table()
    assert [name for name in sorted(listed) if f"`{name}`" not in table] == []
    assert listed - named_in_code() == {"SSL_CERT_FILE"} - named_in_code()  # none listed idly


def test_the_settings_command_shows_each_value_and_where_it_came_from(tmp_path: Path) -> None:
    env_file = tmp_path / "judge.env"
    env_file.write_text("SPACESHIPS_DB=/var/lib/spaceships/judge.sqlite3\n")
    environment = {
        "SPACESHIPS_SMTP_RELAY": "smtp+starttls://judge:s3cret@mail.example.org:587",
        "SPACESHIPS_IMAP_PASSWORD": "hunter2",
        "SPACESHIPS_DB": "elsewhere.sqlite3",
    }
    result = CliRunner().invoke(main, ["settings", "--env-file", str(env_file)], env=environment)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"SPACESHIPS_DB = /var/lib/spaceships/judge.sqlite3  [{env_file}]" in lines
    assert (
        "SPACESHIPS_WEB_SECRET_FILE = /var/lib/spaceships/judge.sqlite3-web-key  [the default]"
        in lines
    )
    assert "SPACESHIPS_OUTBOX = ./spaceships-outbox  [the default]" in lines
    assert "SPACESHIPS_IMAP_PASSWORD = (set; not shown)  [the environment]" in lines
    assert "judge:***@mail.example.org" in result.output
    assert "s3cret" not in result.output and "hunter2" not in result.output
    for setting in SETTINGS:
        assert any(line.startswith(f"{setting.variable} = ") for line in lines)
