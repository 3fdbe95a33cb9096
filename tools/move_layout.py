"""Issue 21's moves of modules into kit/, spaceships/ and battles/judge/, and the rewrite of
every import and module name that follows them.

`python tools/move_layout.py [paths...]` rewrites, in the tracked .py files under the given
paths (all of them by default), every import of a moved module and every string or comment
naming one (`mock.patch("engine.x.f")`, `-m notation.cli`), then runs `ruff check --select I
--fix` and `ruff format` on the files it changed, and says how many files and lines changed.
Markdown files under the paths get their module paths (`engine/state.py`, `pbem.render`)
rewritten too, except docs/plans/ (history). A move counts once it is done in the tree (its
new module exists, its old one not), so the script can run on a branch at any step of the
plan; `--move STEP` does a step's `git mv`s first (S1, S2b, S2c, S3). Running it again changes
nothing.
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

# (step, old module, new module), in the plan's order (docs/plans/one-package-per-game.md §4).
# The longest old name that matches wins, so notation.errors goes to kit even after S3.
MOVES: tuple[tuple[str, str, str], ...] = (
    ("S1", "notation.errors", "kit.errors"),
    ("S1", "notation.textfile", "kit.textfile"),
    ("S1", "notation.words", "kit.words"),
    ("S1", "pictures.labels", "kit.labels"),
    *(
        ("S2b", f"pbem.battle_{name}", f"battles.judge.{name}")
        for name in ("setup", "turns", "views", "rows", "guide", "computer", "end")
    ),
    ("S2b", "pictures.hexmap", "battles.pictures"),
    # battles/replay.py is already the rules' replay of a record: the page's frames get a name
    # of their own.
    ("S2b", "replay.battles", "battles.replay_frames"),
    *(
        ("S2c", f"pbem.{name}", f"spaceships.judge.{name}")
        for name in ("games", "play", "matches", "match_turns", "materiel", "render", "notes")
    ),
    ("S2c", "pbem.computer_seat", "spaceships.judge.computer"),
    ("S2c", "replay.spaceships", "spaceships.replay"),
    *(
        ("S3", name, f"spaceships.{name}")
        for name in ("notation", "engine", "validate", "computer", "pictures")
    ),
    *(
        ("S3", f"tests.{name}", f"tests.spaceships.{name}")
        for name in ("notation", "engine", "validate", "computer", "pictures", "rules")
    ),
)

# What a step creates beside its moves: a package's __init__ with its one-line docstring. (Not
# tests/spaceships: pytest's importlib mode would import it as `spaceships`.)
PACKAGES = {
    "S1": {"kit": "What every game and the judge core share, naming no game."},
    "S2b": {"battles/judge": "Spaceship Battles' judge side: its games by mail and Discord."},
    "S2c": {
        "spaceships": "Spaceships, the 3D Battleships variant: rules, notation, pictures, "
        "computer, judge side.",
        "spaceships/judge": "Spaceships' judge side: its games by mail and Discord.",
    },
}


def _path(module: str) -> Path:
    return ROOT.joinpath(*module.split("."))


def _exists(module: str) -> bool:
    path = _path(module)
    # A folder counts while it holds a module: git mv leaves __pycache__ behind.
    return path.with_suffix(".py").is_file() or any(path.glob("*.py"))


def done_moves(everything: bool = False) -> dict[str, str]:
    """The moves done in this tree: old module -> new module."""
    return {old: new for _, old, new in MOVES if everything or (_exists(new) and not _exists(old))}


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
            if alias.asname:  # import engine.y as z -> from spaceships.engine import y as z
                parent, _, last = new.rpartition(".")
                lines.append(
                    _from(parent, [_alias(last, alias.asname)]) if parent else f"import {new}"
                )
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
    return re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, names)) + r")((?:\.\w+)*)")


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


def rewrite_pyproject(text: str) -> str:
    """packages.find's include list: the new top-level packages replace the moved ones."""

    def include(match: re.Match[str]) -> str:
        names = re.findall(r'"([^"]+)\*"', match.group(1))
        tops = {n for n in names}
        for top in ("notation", "engine", "validate", "pictures", "computer"):
            if not _exists(top) and _exists(f"spaceships.{top}"):
                tops.discard(top)
        for top in ("kit", "spaceships"):
            if _exists(top):
                tops.add(top)
        ordered = [n for n in names if n in tops] + sorted(tops - set(names))
        return "include = [" + ", ".join(f'"{n}*"' for n in ordered) + "]"

    return re.sub(r"include = \[([^\]]*)\]", include, text)


def rewrite_cli_packages(text: str, moves: dict[str, str]) -> str:
    """spaceships_cli's _PACKAGES names packages bare: a moved one gets its new name."""

    def swap(match: re.Match[str]) -> str:
        name = match.group(2)
        return f'{match.group(1)}"{moves.get(name, name)}",' if "." not in name else match.group(0)

    head, found, rest = text.partition("_PACKAGES = (")
    if not found:
        return text
    body, close, tail = rest.partition(")")
    return head + found + re.sub(r'^(\s*)"([\w.]+)",', swap, body, flags=re.M) + close + tail


def tracked(paths: list[str]) -> list[Path]:
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--", *(paths or ["."])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).is_file()]


def do_step(step: str) -> None:
    """A step's git mv's and new package files (what is already done is left)."""
    for package, doc in PACKAGES.get(step, {}).items():
        init = ROOT / package / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text(f'"""{doc}"""\n', encoding="utf-8")
            subprocess.run(["git", "-C", str(ROOT), "add", str(init)], check=True)
    for row_step, old, new in MOVES:
        if row_step != step:
            continue
        source = _path(old)
        if source.with_suffix(".py").is_file():
            source, target = source.with_suffix(".py"), _path(new).with_suffix(".py")
        elif source.is_dir():
            target = _path(new)
        else:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "-C", str(ROOT), "mv", str(source), str(target)], check=True)


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
                if rel == "spaceships_cli.py":
                    new = rewrite_cli_packages(new, moves)
            except (SyntaxError, tokenize.TokenError) as exc:
                print(f"{rel}: not rewritten, it does not parse ({exc})", file=sys.stderr)
                continue
        elif path.suffix == ".md" and not rel.startswith("docs/plans/"):
            new = rewrite_markdown(text, moves)
        elif rel == "pyproject.toml":
            new = rewrite_pyproject(text)
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
