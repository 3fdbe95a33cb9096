"""The house moves of issues 21 and 31 (now S4: notation/ at the top, each game's engine/, the
pages under pbem/), and the rewrite of every import and module name that follows them.

`python tools/move_layout.py [paths...]` rewrites, in the tracked .py files under the given
paths (all of them by default), every import of a moved module and every string or comment
naming one (`mock.patch("engine.x.f")`, `-m notation.cli`), then runs `ruff check --select I
--fix` and `ruff format` on the files it changed, and says how many files and lines changed.
Markdown files under the paths get their module paths (`engine/state.py`, `pbem.render`)
rewritten too, except docs/plans/ (history). A move counts once its new module exists in the
tree (no new name existed before its step); `--move S4` does the step's `git mv`s first.
Running it again changes nothing.

S4 is issue 31's house: the card's notation/ at the top (kit/ dissolved into it), each game's
rules in <game>/engine/, the club and replay pages under pbem/, Discord's store in bot/, the
mail command line in pbem/mail/, Spaceships' judge modules named as the other games'. After
merging branches cut before S4, run `python tools/move_layout.py --move S4`: files a branch
added at an old place (a new module in kit/, web/, spaceships/notation/ ...) are moved to the
new one, then every import, patch target and doc path is rewritten. A file whose content was
split by hand (kit/sniff.py) is named and left for a person.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

SELF = Path(__file__).resolve()  # its table names the old modules: never rewritten
ROOT = SELF.parent.parent

# (step, old module, new module). The longest old name that matches wins (kit.sniff before
# kit). Issue 21's steps S1-S3 (notation/ into kit/ and spaceships/, pbem.battle_* into
# battles/judge/, ...) were done in every branch cut since, and some of their old names are
# new names now (notation, replay): their rows are in git history only, never applied again.
MOVES: tuple[tuple[str, str, str], ...] = (
    # -- S4 (issue 31): the house the design card draws ---------------------------------------
    # kit/ dissolves into the card's notation/ (errors, textfile, words, ink, labels); its
    # sniff.py was split by hand (SPLIT below).
    ("S4", "kit", "notation"),
    ("S4", "spaceships.notation", "notation.spaceships"),
    *(
        ("S4", f"battles.{name}", f"notation.battles.{name}")
        for name in ("grammar", "codes", "hexes", "records", "parse", "sniff")
    ),
    *(
        ("S4", f"spacechess.{name}", f"notation.spacechess.{name}")
        for name in ("grammar", "board", "cells", "pieces", "actions", "record", "sniff")
    ),
    *(
        ("S4", f"battles.{name}", f"battles.engine.{name}")
        for name in (
            "state",
            "movement",
            "combat",
            "tractors",
            "victory",
            "turns",
            "dice",
            "setup",
            "design",
            "tables",
            "problems",
            "play",
            "replay",
            "report",
            "written",
        )
    ),
    ("S4", "battles.autoplay", "battles.computer.plain"),
    ("S4", "battles.replay_frames", "battles.judge.replay"),
    *(
        ("S4", f"spacechess.{name}", f"spacechess.engine.{name}")
        for name in ("position", "events", "battle", "reach", "refusals", "rules", "game", "check")
    ),
    ("S4", "spaceships.replay", "spaceships.judge.replay"),
    ("S4", "spaceships.judge.lobby", "spaceships.judge.setup"),
    ("S4", "spaceships.judge.play", "spaceships.judge.turns"),
    ("S4", "spaceships.judge.render", "spaceships.judge.views"),
    ("S4", "spaceships.judge.mastering", "spaceships.judge.end"),
    ("S4", "web", "pbem.web"),
    ("S4", "replay", "pbem.replay"),
    ("S4", "pbem.discord_store", "bot.store"),
    ("S4", "pbem.cli", "pbem.mail.cli"),
    # The tests mirror the packages.
    ("S4", "tests.spaceships.notation", "tests.notation.spaceships"),
    ("S4", "tests.spacechess.test_board", "tests.notation.spacechess.test_board"),
    ("S4", "tests.spacechess.test_record", "tests.notation.spacechess.test_record"),
    ("S4", "tests.web", "tests.pbem.web"),
    ("S4", "tests.replay", "tests.pbem.replay"),
)

# Files beside the modules that move with them (grammars), per step: old path -> new path.
FILES: dict[str, dict[str, str]] = {
    "S4": {
        "battles/battles.lark": "notation/battles/battles.lark",
        "spacechess/spacechess.lark": "notation/spacechess/spacechess.lark",
    },
}

# Modules a step split by hand rather than moved: imports of them are rewritten (a name by
# name where NAMES says so, else to the module given), the file itself is left for a person.
SPLIT: dict[str, dict[str, str]] = {
    "S4": {"kit.sniff": "pbem.registry"},
}
NAMES: dict[str, str] = {
    # kit.sniff's Spaceships scorer went to Spaceships' notation, beside the other games'.
    "kit.sniff.spaceships_lines": "notation.spaceships.sniff.spaceships_lines",
}

# What a step creates beside its moves: a package's __init__ with its one-line docstring. (No
# package under tests/: pytest's importlib mode would import tests/notation as `notation`.)
PACKAGES = {
    "S4": {
        "notation": "How every game is written and read: what all notations share, and a part "
        "per game.",
        "notation/battles": "How Spaceship Battles is written: Ship Codes, hexes, battle records.",
        "notation/spacechess": "How Space Chess is written: the ball's cells, pieces, actions, "
        "records.",
        "battles/engine": "Spaceship Battles' rules: designs, movement, combat, tractors, "
        "victory; a record replayed.",
        "spacechess/engine": "Space Chess's rules: positions, reach, battles, check, a game "
        "played.",
    },
}


def _path(module: str) -> Path:
    return ROOT.joinpath(*module.split("."))


def _exists(module: str) -> bool:
    path = _path(module)
    # A folder counts while it holds a module: git mv leaves __pycache__ behind.
    return path.with_suffix(".py").is_file() or any(path.glob("*.py"))


def done_moves(everything: bool = False) -> dict[str, str]:
    """The moves done in this tree: old module -> new module, and the names of split modules.

    A move counts as done once its new module exists, even while a merged branch still has a
    file at the old place (`--move` carries it over); no new name existed before its step."""
    moves = {old: new for _, old, new in MOVES if everything or _exists(new)}
    for split in SPLIT.values():
        moves.update({old: new for old, new in split.items() if everything or _exists(new)})
    names = {old: new for old, new in NAMES.items() if renamed(old, moves) is not None}
    return moves | names


def renamed(name: str, moves: dict[str, str]) -> str | None:
    """The new name of a dotted module name (or of a name inside one), or None if unmoved."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        head = ".".join(parts[:cut])
        if head in moves:
            return ".".join([moves[head], *parts[cut:]])
    return None


def _alias(name: str, asname: str | None) -> str:
    return f"{name} as {asname}" if asname and asname != name else name


def _from(module: str, names: list[str]) -> str:
    return f"from {module} import {', '.join(names)}"


def _import_text(node: ast.Import | ast.ImportFrom, moves: dict[str, str]) -> list[str] | None:
    """The statements replacing an import, or None when it names no moved module."""
    lines: list[str] = []
    changed = False
    if isinstance(node, ast.Import):
        for alias in node.names:
            new = renamed(alias.name, moves)
            if new is None:
                lines.append(f"import {_alias(alias.name, alias.asname)}")
                continue
            changed = True
            if alias.asname:  # import a.y as z -> import b.y as z (no import of package b)
                lines.append(f"import {_alias(new, alias.asname)}")
                continue
            top = alias.name.split(".")[0]
            top_new = renamed(top, moves)
            if alias.name != top:  # import a.b binds a: keep a bound and a.b loaded
                lines.append(f"import {new}")
            if top_new is not None:  # import engine -> from spaceships import engine
                parent, _, last = top_new.rpartition(".")
                lines.append(_from(parent, [_alias(last, top)]) if parent else f"import {last}")
            elif alias.name == top:
                lines.append(f"import {new}")
        return lines if changed else None
    if node.level or not node.module:
        return None
    module_new = renamed(node.module, moves)
    kept: list[str] = []
    for alias in node.names:
        full_new = renamed(f"{node.module}.{alias.name}", moves)
        if alias.name != "*" and full_new is not None and _exists_after(full_new, moves):
            # from pbem import battle_rows -> from battles.judge import rows as battle_rows
            parent, _, last = full_new.rpartition(".")
            if module_new is not None and parent == module_new and last == alias.name:
                kept.append(_alias(alias.name, alias.asname))
                continue
            changed = True
            lines.append(_from(parent, [_alias(last, alias.asname or alias.name)]))
        else:
            kept.append(_alias(alias.name, alias.asname))
    if module_new is not None:
        changed = True
    if kept:
        lines.insert(0, _from(module_new or node.module, kept))
    return lines if changed else None


def _exists_after(module: str, moves: dict[str, str]) -> bool:
    """Whether a renamed name is a module (not a function of a moved module)."""
    if _exists(module):
        return True
    # A move not done yet in this tree (--all): a moved module is named in the table.
    if module in NAMES.values():
        return True
    return module in moves.values()


def rewrite_imports(text: str, moves: dict[str, str]) -> str:
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            new = _import_text(node, moves)
            if new is not None:
                edits.append((node, new))
    for node, new in sorted(edits, key=lambda e: (e[0].lineno, e[0].col_offset), reverse=True):
        first, last = node.lineno - 1, node.end_lineno - 1
        head = lines[first][: node.col_offset]
        tail = lines[last][node.end_col_offset :]
        indent = head if not head.strip() else ""
        if head.strip():  # `if x: import y` or `a; import y`: keep it on one line
            body = head + "; ".join(new) + tail
        else:
            body = head + ("\n" + indent).join(new) + tail
        lines[first : last + 1] = [body]
    return "".join(lines)


def _dotted(moves: dict[str, str]) -> re.Pattern[str]:
    names = sorted(moves, key=len, reverse=True)
    return re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, names)) + r")(?!\w)((?:\.\w+)*)")


def _rename_in(text: str, pattern: re.Pattern[str], moves: dict[str, str]) -> str:
    """Dotted module names in free text: `engine.state` but not `notation.lark` or `engine`."""

    def swap(match: re.Match[str]) -> str:
        old, rest = match.group(1), match.group(2)
        if not rest and "." not in old:
            return match.group(0)  # a bare word: "computer", "validate" are words too
        first = old + "." + rest[1:].split(".")[0]
        if old in {o for o in moves if "." not in o} and not (
            _exists(renamed(first, moves) or "") or first in moves
        ):
            return match.group(0)  # notation.lark, engine.Foo: not a module
        return renamed(old, moves) + rest

    return pattern.sub(swap, text)


def _outside_braces(text: str, change) -> str:
    """An f-string with `change` applied to its literal parts only: `{engine.x(s)}` is code."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        pair = text[i : i + 2]
        if depth == 0 and pair in ("{{", "}}"):
            i += 2
            continue
        if text[i] == "{":
            if depth == 0:
                parts.append(change(text[start:i]))
                start = i
            depth += 1
        elif text[i] == "}" and depth:
            depth -= 1
            if depth == 0:
                parts.append(text[start : i + 1])
                start = i + 1
        i += 1
    parts.append(change(text[start:]) if depth == 0 else text[start:])
    return "".join(parts)


def rewrite_strings(text: str, moves: dict[str, str]) -> str:
    """Module names inside strings and comments (patch targets, `-m` arguments, docstrings)."""
    pattern = _dotted(moves)
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    lines = text.splitlines(keepends=True)
    wanted = {tokenize.STRING, tokenize.COMMENT}
    grown: set[int] = set()  # 0-based lines that now may pass the line length

    def change(part: str) -> str:
        return _rename_in(_rename_paths(part, moves), pattern, moves)

    for token in reversed(tokens):
        if token.type not in wanted:
            continue
        prefix = re.match(r"[A-Za-z]*", token.string).group(0).lower()
        if "f" in prefix:
            new = _outside_braces(token.string, change)
        else:
            new = change(token.string)
        if new == token.string:
            continue
        (row1, col1), (row2, col2) = token.start, token.end
        before = lines[row1 - 1][:col1]
        after = lines[row2 - 1][col2:]
        lines[row1 - 1 : row2] = [before + new + after]
        if not before.strip() and (token.type == tokenize.COMMENT or new.startswith('"""')):
            grown.update(range(row1 - 1, row2))  # a comment line or a docstring: may reflow
    return _reflow("".join(lines), grown)


LIMIT = 100  # pyproject's line-length


def _reflow(text: str, grown: set[int]) -> str:
    """Words pushed from a docstring or comment line made too long onto the next line of its
    paragraph (or a new line), so `ruff check` stays clean after the longer names."""
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        line = lines[i].rstrip("\n")
        if i not in grown or len(line) <= LIMIT:
            i += 1
            continue
        comment = re.match(r"\s*# ", line)
        lead = comment.group(0) if comment else re.match(r"\s*", line).group(0)
        floor = len(lead) + (3 if line[len(lead) :].startswith('"""') else 0)
        cut = line.rfind(" ", floor, LIMIT + 1)
        if cut <= floor:  # no place to break: left for a person (ruff says where)
            i += 1
            continue
        head, moved = line[:cut].rstrip(), line[cut + 1 :]
        following = lines[i + 1].rstrip("\n") if i + 1 < len(lines) else ""
        body = following[len(lead) :]
        joins = (
            following.startswith(lead)
            and body.strip()
            and not body.startswith((" ", '"""'))
            and (comment is not None) == following.lstrip().startswith("#")
            and not moved.endswith('"""')
            and i + 1 in grown | _continued(lines, i, comment is not None)
        )
        if joins:
            lines[i + 1] = lead + moved + " " + body + "\n"
        else:
            lines.insert(i + 1, lead + moved + "\n")
            grown = {g + 1 if g > i else g for g in grown}
        lines[i] = head + "\n"
        grown.add(i + 1)
        i += 1
    return "".join(lines)


def _continued(lines: list[str], i: int, comment: bool) -> set[int]:
    """The next line when it goes on with line i's comment or docstring paragraph."""
    following = lines[i + 1].strip() if i + 1 < len(lines) else ""
    ok = following.startswith("#") if comment else not following.startswith(("#", '"""'))
    return {i + 1} if following and ok else set()


def _file_path(module: str) -> str:
    path = module.replace(".", "/")
    return path + "/" if _path(module).is_dir() else path + ".py"


def _rename_paths(text: str, moves: dict[str, str]) -> str:
    """File paths in prose: engine/state.py, `engine/`, tests/rules/, pbem/battle_turns.py."""
    for old in sorted(moves, key=len, reverse=True):
        new = moves[old]
        old_path, new_path = old.replace(".", "/"), new.replace(".", "/")
        if not (_path(new).is_dir() or _path(old).is_dir()):  # a module file
            text = re.sub(rf"(?<![\w/.-]){re.escape(old_path)}\.py\b", new_path + ".py", text)
        else:  # a package folder, followed by a file, a folder or the end of the path
            text = re.sub(
                rf"(?<![\w/.-]){re.escape(old_path)}/(?=\w+\.\w+\b|\w+/|[^\w])",
                new_path + "/",
                text,
            )
    return text


def rewrite_markdown(text: str, moves: dict[str, str]) -> str:
    """Module paths and dotted module names in prose; fenced blocks (trees drawn with folders
    relative to their parent, commands) are left for a person."""
    parts = re.split(r"(^```.*?^```[^\n]*$)", text, flags=re.M | re.S)
    return "".join(
        part
        if part.startswith("```")
        else _rename_in(_rename_paths(part, moves), _dotted(moves), moves)
        for part in parts
    )


def rewrite_pyproject(text: str, moves: dict[str, str]) -> str:
    """packages.find's include list: the new top-level packages replace the moved ones; the
    package data of a moved package (replay's viewer.js) goes with it."""

    def include(match: re.Match[str]) -> str:
        names = re.findall(r'"([^"]+)\*"', match.group(1))
        tops = {n for n in names if _exists(n)}
        tops |= {new.split(".")[0] for new in moves.values() if _exists(new.split(".")[0])}
        tops.discard("tests")
        ordered = [n for n in names if n in tops] + sorted(tops - set(names))
        return "include = [" + ", ".join(f'"{n}*"' for n in ordered) + "]"

    def data(match: re.Match[str]) -> str:
        return f'"{moves.get(match.group(1), match.group(1))}" = '

    text = re.sub(r"include = \[([^\]]*)\]", include, text)
    return re.sub(r'^"([\w.]+)" = ', data, text, flags=re.M)


def tracked(paths: list[str]) -> list[Path]:
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--", *(paths or ["."])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).is_file()]


def _git(*args: str) -> None:
    subprocess.run(["git", "-C", str(ROOT), *args], check=True)


def _carry(source: Path, target: Path) -> None:
    """git mv a file or folder; into a folder that exists already, file by file (the files a
    merged branch added at the old place), leaving any whose place is taken for a person."""
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        _git("mv", str(source), str(target))
        return
    if source.is_file():
        if source.read_bytes() == target.read_bytes():
            _git("rm", "-q", str(source))
        else:
            print(f"{source.relative_to(ROOT)}: left, {target.relative_to(ROOT)} exists")
        return
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--", str(source)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in listed:
        inner = ROOT / name
        if inner.name == "__init__.py" and inner.parent == source:
            if (target / "__init__.py").exists():  # the new package has its own docstring
                _git("rm", "-q", str(inner))
                continue
        if _split_file(inner):
            print(f"{name}: left for a person (split by hand: {_split_file(inner)})")
            continue
        _carry(inner, target / inner.relative_to(source))


def _split_file(path: Path) -> str | None:
    for split in SPLIT.values():
        for old, new in split.items():
            if _path(old).with_suffix(".py") == path:
                return new
    return None


def do_step(step: str) -> None:
    """A step's git mv's and new package files (what is already done is left; files a merged
    branch added at an old place are carried to the new one)."""
    for package, doc in PACKAGES.get(step, {}).items():
        init = ROOT / package / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text(f'"""{doc}"""\n', encoding="utf-8")
            _git("add", str(init))
    # Longest first: battles.replay_frames before battles.replay, kit.x before kit.
    rows = sorted((r for r in MOVES if r[0] == step), key=lambda r: -len(r[1]))
    for _, old, new in rows:
        source = _path(old)
        if source.with_suffix(".py").is_file():
            _carry(source.with_suffix(".py"), _path(new).with_suffix(".py"))
        elif source.is_dir() and _exists(old):
            _carry(source, _path(new))
    for old, new in FILES.get(step, {}).items():
        if (ROOT / old).is_file():
            _carry(ROOT / old, ROOT / new)
    for old, new in SPLIT.get(step, {}).items():
        if _path(old).with_suffix(".py").is_file():
            print(f"{old}: left for a person (split by hand: {new})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="files or folders (default: the whole tree)")
    parser.add_argument("--move", choices=sorted({s for s, _, _ in MOVES}), action="append")
    parser.add_argument("--all", action="store_true", help="every move, done here or not")
    parser.add_argument("--dry-run", action="store_true", help="say what would change only")
    args = parser.parse_args(argv)
    for step in args.move or ():
        do_step(step)
    moves = done_moves(args.all)
    if not moves:
        print("no move is done in this tree: nothing to rewrite")
        return 0
    changed: list[Path] = []
    lines_changed = 0
    for path in tracked(args.paths):
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix not in (".py", ".md") and rel != "pyproject.toml" or path == SELF:
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            try:
                new = rewrite_strings(rewrite_imports(text, moves), moves)
            except (SyntaxError, tokenize.TokenError) as exc:
                print(f"{rel}: not rewritten, it does not parse ({exc})", file=sys.stderr)
                continue
        elif path.suffix == ".md" and not rel.startswith("docs/plans/"):
            new = rewrite_markdown(text, moves)
        elif rel == "pyproject.toml":
            new = rewrite_pyproject(text, moves)
        else:
            continue
        if new != text:
            old_lines, new_lines = text.splitlines(), new.splitlines()
            lines_changed += sum(1 for a in new_lines if a not in set(old_lines))
            changed.append(path)
            if not args.dry_run:
                path.write_text(new, encoding="utf-8")
            print(f"  {rel}")
    python = [str(p) for p in changed if p.suffix == ".py"]
    if python and not args.dry_run:
        subprocess.run(["ruff", "check", "--select", "I", "--fix", "--quiet", *python], cwd=ROOT)
        subprocess.run(["ruff", "format", "--quiet", *python], cwd=ROOT, check=True)
    print(f"{len(changed)} files changed, about {lines_changed} lines ({len(moves)} moves done)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
