"""The README's "Try it" script, run as a user would: a real `spaceships pbem serve` in an
empty directory, the script's two players mailing it with `spaceships pbem send`."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The `spaceships` beside the interpreter running the tests is the tree under test; another one
# earlier on PATH (a pyenv shim, an older install) would test something else.
BIN = Path(sys.executable).parent


def readme_script() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- try-it:[^>]*-->\n```sh\n(.*?)```", text, re.S)
    assert match, "README.md lost its try-it script"
    return match.group(1)


@pytest.mark.skipif(
    shutil.which("spaceships", path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}") is None,
    reason="the spaceships command is not on PATH",
)
def test_the_readme_try_it_script_plays_a_game_to_the_reveal(
    tmp_path: Path, free_port: int
) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("SPACESHIPS_")}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["SPACESHIPS_LISTEN"] = f"127.0.0.1:{free_port}"
    env["SPACESHIPS_WEB_LISTEN"] = "127.0.0.1:0"  # `spaceships pbem` serves the club page too
    server = subprocess.Popen(
        ["spaceships", "pbem"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        banner = server.stdout.readline()  # type: ignore[union-attr]
        assert "is running" in banner
        script = tmp_path / "try-it.sh"
        script.write_text(readme_script(), encoding="utf-8")
        played = subprocess.run(
            ["sh", str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
        )
        assert played.returncode == 0, played.stderr
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)
    over = [
        BytesParser(policy=policy.default).parsebytes(Path(tmp_path, name).read_bytes())
        for name in played.stdout.split()
    ]
    # Both players hear the end, with the whole record attached.
    assert {"alice@example.org", "bob@example.org"} <= {str(mail["To"]) for mail in over}
    for mail in over:
        body = mail.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
        assert "wins, 22 to 0" in body
        (record,) = [part for part in mail.iter_attachments() if part.get_filename() == "alpha.ssr"]
        assert "3 A: Bz3 Bz4" in record.get_content()
