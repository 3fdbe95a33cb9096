"""An install of the judge that another user (the user a mail server's pipe runs as) can run,
made in a temporary folder in a second or two: a virtual environment of the system's Python
3, a copy of the project's source on its path, and the project's dependencies linked (or
copied) in from the Python that runs the tests. Copied, not pointed at: the clone and that
Python may sit in a folder only their owner can read (a `mktemp -d`, a home of mode 700), as
a real install must not (issue 48). Its `bin/spaceships` is the console command a real
install has."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = next(
    (p for p in ("/usr/bin/python3", "/usr/local/bin/python3") if os.path.exists(p)), None
)


# What the wheel installs (pyproject.toml's packages.find), copied as they are in the clone.
PACKAGES = ("notation", "pbem", "bot", "spaceships", "battles", "spacechess")
_NOT_INSTALLED = shutil.ignore_patterns("__pycache__", "*.pyc")


def _requirements(name: str, seen: set[str]) -> None:
    key = re.sub(r"[-_.]+", "-", name).lower()
    if key in seen:
        return
    seen.add(key)
    try:
        requires = metadata.requires(name) or []
    except metadata.PackageNotFoundError:
        return
    for requirement in requires:
        if "extra ==" in requirement:
            continue
        _requirements(re.split(r"[\s\[<>=!~;(]", requirement, maxsplit=1)[0], seen)


def _link(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:  # another file system: a copy
        shutil.copy2(source, target)


def why_not() -> str | None:
    if SYSTEM_PYTHON is None:
        return "no system Python 3 at /usr/bin/python3 to build a readable install with"
    version = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import sys; print(sys.version_info[:2])"],
        capture_output=True, text=True, timeout=30,
    ).stdout.strip()  # fmt: skip
    if version != str(sys.version_info[:2]):
        return f"the system's Python is {version}, the tests' {sys.version_info[:2]}"
    return None


def make(folder: Path) -> Path:
    """A readable install in `folder`; its `bin/spaceships`."""
    subprocess.run(
        [SYSTEM_PYTHON or "python3", "-m", "venv", "--without-pip", str(folder)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    site = next(folder.glob("lib/python3*/site-packages"))
    libraries = folder / "libraries"
    needed: set[str] = set()
    _requirements("spaceships-judge", needed)
    needed.discard("spaceships-judge")
    for distribution in metadata.distributions():
        name = re.sub(r"[-_.]+", "-", distribution.metadata["Name"] or "").lower()
        if name not in needed:
            continue
        for file in distribution.files or ():
            source = Path(str(distribution.locate_file(file)))
            if file.parts[0].startswith("..") or not source.is_file():
                continue
            _link(source, libraries / file)
    source = folder / "source"
    for package in PACKAGES:
        shutil.copytree(ROOT / package, source / package, ignore=_NOT_INSTALLED)
    shutil.copy2(ROOT / "spaceships_cli.py", source / "spaceships_cli.py")
    (site / "spaceships-judge.pth").write_text(f"{source}\n{libraries}\n")
    program = folder / "bin" / "spaceships"
    program.write_text(f"#!{folder}/bin/python3\nfrom spaceships_cli import main\n\nmain()\n")
    program.chmod(0o755)
    for path in [folder, *folder.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o444 | (0o111 if path.is_dir() else 0))
    return program


def docs_wrapper(settings: Path, log: Path, program: Path) -> str:
    """The wrapper `spaceships-judge` exactly as docs/running-a-judge.md has it pasted, its
    settings file, log and program put elsewhere."""
    docs = (ROOT / "docs" / "running-a-judge.md").read_text()
    found = re.search(r"cat > /usr/local/bin/spaceships-judge <<'EOF'\n(.*?\n)EOF\n", docs, re.S)
    assert found, "the docs no longer give the wrapper as a command to paste"
    text = found.group(1)
    for name, value in (("SETTINGS", settings), ("LOG", log), ("SPACESHIPS", program)):
        text, count = re.subn(rf"^{name}=.*$", f"{name}={value}", text, flags=re.M)
        assert count == 1, f"the docs' wrapper sets {name} once"
    return text
