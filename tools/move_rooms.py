"""The rooms move of issue 43: pbem/'s root modules into folders by job, and every import,
patch target and doc path that names them rewritten.

`python tools/move_rooms.py` does the `git mv`s, writes each folder's `__init__.py`, rewrites
every tracked .py and .md file (docs/plans/ is history and left as written), then runs ruff's
import sorting and formatting on the files it changed. Run once, then deleted (git keeps it).
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ROOMS: dict[str, tuple[str, ...]] = {
    "storage": (
        "database",
        "dberrors",
        "dbresults",
        "migrations",
        "store",
        "storerows",
        "copystore",
    ),
    "language": ("commands", "keywords", "command_help", "guide"),
    "steps": (
        "deadlines",
        "gamerows",
        "ticks",
        "passwords",
        "throttle",
        "limits",
        "desk",
        "computers",
        "sending",
        "end_files",
        "listing",
        "seating",
        "lobby",
        "both_in",
        "ending",
        "mastering",
        "signon",
        "settings_commands",
        "weblinks",
    ),
    "club": ("ladder", "ratings", "links", "ladder_commands", "rematch"),
    "kinds": ("kindparts", "gamekinds", "shown"),
}
ROOM_OF = {module: room for room, modules in ROOMS.items() for module in modules}

DOCSTRINGS = {
    "storage": '''"""The judge's store: one connection to SQLite or PostgreSQL, the schema's steps, the rows
games, players and turns are kept in, and copying a store to another database.

Floor 1, the lowest folder: it imports nothing of pbem/ but the root's plain values.
"""
''',
    "language": '''"""The judge's command language: the words (synopses, aliases, settings), a submission's text
read into commands, and the help and guide written from the same words.

Floor 2: imports the root's plain values and the list of games (pbem.registry) only.
"""
''',
    "steps": '''"""The steps every game shares: what a command works with (the desk), a game row's facts, its
deadlines and passwords, taking a seat, signing on, the lobby, the game master's settings, both
players' orders in, a game ended, a web link, and the limits on what one mail may ask.

Floor 3: imports the root's plain values, pbem.registry, pbem.storage and pbem.language.
"""
''',
    "club": '''"""The club: its ladder (which games are rated, ratings and their updates), a mail address and a
Discord member linked as one player, and rematches.

Floor 4: imports the floors below it (pbem.storage, pbem.language, pbem.steps) and the root's
plain values.
"""
''',
    "kinds": '''"""The game kinds' interface: the four parts a game provides, a kind with the command handler
that serves each command about its games, and what a game shows a player (pictures, sights).

Floor 5: imports every floor below it; only the judge (pbem.judge, pbem.replies) and the front
ends are above it.
"""
''',
}

MOVES = {f"pbem.{module}": f"pbem.{room}.{module}" for module, room in ROOM_OF.items()}
NAME = r"(?![A-Za-z0-9_])"
DOTTED = re.compile(r"(?<![A-Za-z0-9_.])pbem\.(" + "|".join(ROOM_OF) + ")" + NAME)
SLASHED = re.compile(r"(?<![A-Za-z0-9_./])pbem/(" + "|".join(ROOM_OF) + r")(\.py)" + NAME)


def tracked(pattern: str) -> list[Path]:
    out = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", pattern], capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in out]


def split_from_pbem(text: str) -> str:
    """`from pbem import a, b` where a and b moved: one import per room."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "pbem" and node.level == 0:
            by_room: dict[str, list[str]] = {}
            for alias in node.names:
                name = alias.name + (f" as {alias.asname}" if alias.asname else "")
                room = ROOM_OF.get(alias.name)
                by_room.setdefault(f"pbem.{room}" if room else "pbem", []).append(name)
            if list(by_room) == ["pbem"]:
                continue
            indent = lines[node.lineno - 1][: node.col_offset]
            first = lines[node.lineno - 1]
            comment = ""
            last = lines[node.end_lineno - 1]
            if "#" in last[node.end_col_offset :]:
                comment = "  " + last[node.end_col_offset :].strip()
            new = "".join(
                f"{indent if i else ''}from {package} import {', '.join(names)}"
                + (comment if i == 0 else "")
                + "\n"
                for i, (package, names) in enumerate(by_room.items())
            )
            edits.append((node.lineno, node.end_lineno, first[: node.col_offset] + new))
    for start, end, new in sorted(edits, reverse=True):
        lines[start - 1 : end] = [new]
    return "".join(lines)


def rewrite(text: str) -> str:
    text = DOTTED.sub(lambda m: MOVES["pbem." + m.group(1)], text)
    return SLASHED.sub(lambda m: f"pbem/{ROOM_OF[m.group(1)]}/{m.group(1)}{m.group(2)}", text)


def main() -> None:
    for room, modules in ROOMS.items():
        (ROOT / "pbem" / room).mkdir(exist_ok=True)
        (ROOT / "pbem" / room / "__init__.py").write_text(DOCSTRINGS[room], encoding="utf-8")
        for module in modules:
            subprocess.run(
                ["git", "-C", str(ROOT), "mv", f"pbem/{module}.py", f"pbem/{room}/{module}.py"],
                check=True,
            )
        subprocess.run(["git", "-C", str(ROOT), "add", f"pbem/{room}/__init__.py"], check=True)
    changed = []
    for path in tracked("*.py"):
        if path.resolve() == Path(__file__).resolve():
            continue
        old = path.read_text(encoding="utf-8")
        new = rewrite(split_from_pbem(old))
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    docs = [p for p in tracked("*.md") if "docs/plans/" not in str(p.relative_to(ROOT))]
    for path in docs:
        old = path.read_text(encoding="utf-8")
        new = rewrite(old)
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    py = [str(p) for p in changed if p.suffix == ".py"]
    if py:
        subprocess.run(["ruff", "check", "--select", "I", "--fix", "-q", *py], check=False)
        subprocess.run(["ruff", "format", "-q", *py], check=False)
    print(f"{len(changed)} files rewritten")


if __name__ == "__main__":
    main()
