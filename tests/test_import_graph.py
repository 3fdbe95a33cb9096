"""The project's modules import one another without a circle (docs/architecture.md): every
tracked module outside tests/ and bench/, every absolute import, those inside functions too."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules() -> dict[str, Path]:
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "*.py"], capture_output=True, text=True, check=True
    ).stdout.split()
    modules = {}
    for name in listed:
        if name.startswith(("tests/", "bench/")):
            continue
        parts = name.removesuffix(".py").split("/")
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = ROOT / name
    return modules


def _type_checking(node: ast.AST) -> bool:
    """`if TYPE_CHECKING:`: imports for the type checker only, never run."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _nodes(tree: ast.AST, run_only: bool) -> list[ast.AST]:
    """Every node of a module; with `run_only`, not those under `if TYPE_CHECKING:`."""
    found, work = [], [tree]
    while work:
        node = work.pop()
        found.append(node)
        if run_only and _type_checking(node):
            continue
        work.extend(ast.iter_child_nodes(node))
    return found


def _graph(modules: dict[str, Path], run_only: bool = False) -> dict[str, set[str]]:
    """Each module and the project modules it imports; with `run_only`, the imports that run
    (a type checker's imports cannot make a circle at run time)."""

    def project_module(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _nodes(tree, run_only):
            if isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            for target in filter(None, map(project_module, imported)):
                if target != name:
                    graph[name].add(target)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_circles_are_found_when_present() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(graph) == [["a", "b", "c"]]


def test_no_module_imports_itself_back_through_others() -> None:
    graph = _graph(_modules(), run_only=True)
    circles = [
        ", ".join(f"{m} -> {' '.join(sorted(graph[m] & set(c)))}" for m in c)
        for c in _circles(graph)
    ]
    assert not circles, "import circles: " + "; ".join(circles)


# -- Issue 21: the core and the front ends know no game -------------------------------------

FRONT_ENDS = ("pbem.mail", "pbem.web", "bot")
CORE = ("pbem",)  # everything under pbem/ but its front ends (pbem.replay included)
NOTATION = "notation"  # its root is shared by every game and names none; notation.<game> is
# that game's (issue 31)
JUDGE_SIDE = "judge"  # <game>.judge...: the one part of a game that may import the core
REGISTRY = "pbem.registry"


def _top(module: str) -> str:
    """The game a module belongs to (`notation.chess.x` is chess's), else its top package."""
    parts = module.split(".")
    return parts[1] if parts[0] == NOTATION and len(parts) > 1 else parts[0]


def _under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def _front_end(module: str) -> str:
    return next(p for p in FRONT_ENDS if _under(module, (p,)))


def _part(module: str, games: frozenset[str]) -> str:
    """Which part of the tree a module is in: front end, core, neutral, judge or rules."""
    if _under(module, FRONT_ENDS):
        return "front end"
    if _under(module, CORE):
        return "core"
    if _top(module) in games:
        parts = module.split(".")
        return "judge" if len(parts) > 1 and parts[1] == JUDGE_SIDE else "rules"
    if _under(module, (NOTATION,)):
        return "neutral"
    return "other"


def _stems(games: frozenset[str], keys: frozenset[str]) -> set[str]:
    """The words a module named for a game would start with: `battle`, `chess`, `spaceship`."""
    stems = set()
    for word in games | keys:
        stems.add(word.removesuffix("s"))
        if word.startswith("space") and len(word) > len("space"):
            stems.add(word.removeprefix("space").removesuffix("s"))
    return stems - {""}


def violations(
    graph: dict[str, set[str]],
    games: frozenset[str],
    keys: frozenset[str] = frozenset(),
    strings: dict[str, set[str]] | None = None,
) -> list[str]:
    """Every broken rule of the layout (docs/architecture.md, "Adding a game"), one line each."""
    found = []
    stems = _stems(games, keys)
    for module, imported in sorted(graph.items()):
        part = _part(module, games)
        for target in sorted(imported):
            target_part = _part(target, games)
            if part in ("front end", "core", "neutral") and target_part in ("judge", "rules"):
                found.append(f"1: {part} {module} imports the game module {target}")
            if part == "rules" and _under(target, FRONT_ENDS + CORE) and target != REGISTRY:
                found.append(f"2: the rules {module} import {target} (only <game>.judge may)")
            if (
                part in ("judge", "rules")
                and target_part in ("judge", "rules")
                and _top(target) != _top(module)
            ):
                found.append(f"3: the game module {module} imports another game's {target}")
            if _under(module, (NOTATION,)) and not _under(target, (NOTATION,)):
                found.append(f"6: the notation {module} imports {target} (notation has no rules)")
            if part == target_part == "front end" and _front_end(module) != _front_end(target):
                found.append(f"7: the front end {module} leans on another's {target}")
        if part in ("front end", "core"):
            names = module.split(".")[1:]
            if any(name.startswith(stem) for name in names for stem in stems):
                found.append(f"4: the {part} module {module} is named for a game")
        if part in ("front end", "core", "neutral") and module != REGISTRY:
            for text in sorted((strings or {}).get(module, set())):
                if _top(text) in games and "." in text:
                    found.append(f"5: {part} {module} names the game module {text!r}")
    return found


def _module_strings(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's string constants that look like dotted module paths."""
    found: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if text.replace(".", "").replace("_", "").isalnum() and "." in text:
                    found.setdefault(name, set()).add(text)
    return found


# -- Issue 31, item 3: nor by a word ----------------------------------------------------------

# The judge's own name is the project's, which is also its first game's: these forms of it name
# the judge (its console and slash command, its mail tags and headers, its club and bot), never
# the game, and are read past. Everything else a core or front-end module writes about a game
# comes from the game's kind (pbem.kinds.kindparts), so a kind's title or key is never in its words.
PRODUCT = re.compile(
    r"/spaceships\b|\bspaceships (?=[a-z])|Spaceships (?:judge|club|bot)\b|"
    r"(?i:x-spaceships-judge)|spaceships-judge|\[spaceships|spaceships\.invalid|\.spaceships\b"
)
WORDS_ALLOWED = (REGISTRY, "pbem.product")  # the one registration; the judge's own name
# pbem/registry.py tells the three notations apart for the command lines; it leaves notation/ for
# the notations' shared root with the move of issue 31, item 1.
WORDS_LATER = ("pbem.registry",)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of a module's, class's and function's docstrings: prose, not what it says."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def module_words(modules: dict[str, Path]) -> dict[str, list[tuple[int, str]]]:
    """Each module's string constants but its docstrings, with their lines."""
    found: dict[str, list[tuple[int, str]]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        prose = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) not in prose:
                    found.setdefault(name, []).append((node.lineno, node.value))
    return found


def word_violations(
    words: dict[str, list[tuple[int, str]]], games: frozenset[str], names: frozenset[str]
) -> list[str]:
    """Rule 6: a core, front-end or shared module whose words name a game (its key or its
    title, in any case, as a whole word), the judge's own name read past."""
    pattern = re.compile(
        r"\b(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b",
        re.IGNORECASE,
    )
    found = []
    for module, texts in sorted(words.items()):
        if _part(module, games) not in ("front end", "core", "neutral"):
            continue
        if module in WORDS_ALLOWED or module in WORDS_LATER:
            continue
        for line, text in texts:
            named = pattern.search(PRODUCT.sub(" ", text))
            if named:
                found.append(f"6: {module}:{line} names the game {named.group(0)!r}: {text!r}")
    return found


def test_the_word_rule_catches_a_game_named_in_a_string_but_not_the_judges_name() -> None:
    games = frozenset({"chess", "go"})
    words = {
        "bot.ladder": [(3, "The ladder is kept for Space Chess.")],  # 6
        "pbem.steps.gamerows": [(7, "battle")],  # no game's key or title
        "pbem.web.pages": [(9, "the map of a Go board")],  # 6, in any case
        "pbem.mail.outbound": [(1, "X-Spaceships-Judge"), (2, "`/spaceships help`")],
        "bot.challenges": [(5, "You play Spaceships game")],  # 6: the game, not the judge
        "chess.judge.about": [(1, "Space Chess")],  # a game's own words
        "pbem.registry": [(1, "chess")],  # the registration
    }
    found = word_violations(words, games, frozenset({"chess", "go", "Space Chess", "Spaceships"}))
    assert [line.split(" names")[0] for line in found] == [
        "6: bot.challenges:5",
        "6: bot.ladder:3",
        "6: pbem.web.pages:9",
    ]


def test_no_core_or_front_end_string_names_a_game() -> None:
    """No kind's key or title in the words of the core, the front ends or pbem/replay/ (the
    docstrings and the registry aside): they come from the kinds [issue 31, item 3]."""
    from pbem.registry import game_packages, kinds

    names = frozenset(n for kind in kinds() for n in (kind.name, kind.about.title))
    broken = word_violations(module_words(_modules()), game_packages(), names)
    assert not broken, "a game named in the words of the core or a front end:\n" + "\n".join(broken)


def test_the_layout_rules_catch_each_kind_of_break() -> None:
    games = frozenset({"chess", "go"})
    graph = {
        "bot.posts": {"chess.pictures"},  # 1: a front end draws a game's picture
        "pbem.steps.desk": {"go.judge.turns"},  # 1: the core calls a game's judge side
        "notation.words": {"chess.rules"},  # 1 and 6: the shared notation leans on a game
        "notation.chess.record": {"notation.errors", "notation.go.cells"},  # 3 (errors fine)
        "notation.go.cells": {"go.rules"},  # 6: notation that needs the rules
        "chess.engine": {"notation.chess.record", "notation.textfile"},  # fine
        "bot.cli": {"pbem.mail.config", "pbem.places", "bot.store"},  # 7: the mail's settings
        "chess.rules": {"pbem.storage.store"},  # 2: rules with I/O
        "chess.judge.turns": {
            "pbem.storage.store",
            "go.judge.rows",
        },  # 3 (pbem.storage.store is fine)
        "go.judge": {"pbem.steps.desk", "go.rules"},  # fine
        "pbem.chess_turns": set(),  # 4: named for a game
        "pbem.registry": set(),  # 5 is fine here: the one registration
        "pbem.kinds": set(),  # 5: names a game module for importlib
    }
    strings = {"pbem.registry": {"chess.judge"}, "pbem.kinds": {"go.judge"}}
    rules = [line.split(":")[0] for line in violations(graph, games, frozenset(), strings)]
    assert sorted(rules) == ["1", "1", "1", "2", "3", "3", "4", "5", "6", "6", "7"]


def _real_violations() -> list[str]:
    from pbem.registry import GAMES, game_packages

    modules = _modules()
    return violations(_graph(modules), game_packages(), frozenset(GAMES), _module_strings(modules))


def test_no_front_end_or_core_knows_a_game() -> None:
    """The core (pbem/, pbem/replay/ included), the front ends (pbem/mail/, pbem/web/, bot/) and
    notation/'s root import no game; a game's rules import no judge; no game imports another
    (notation/<game>/ is its game's); notation/ imports no rules; no core module is named for a
    game; no front end leans on another's modules (their shared settings are the core's,
    pbem.places) [issues 21, 31]."""
    broken = _real_violations()
    assert not broken, "the layout broken (docs/architecture.md, Adding a game):\n" + "\n".join(
        broken
    )


def test_the_imported_packages_are_this_checkouts() -> None:
    """`bot` and `notation` are generic names another distribution may ship: if an install
    shadows one of this checkout's packages, every test would test someone else's code, so
    say so loudly here [issue 31]."""
    import importlib
    import tomllib

    found = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = found["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = [name.removesuffix("*") for name in include]
    assert {"bot", "notation", "pbem"} <= set(packages)
    for name in [*packages, *found["tool"]["setuptools"]["py-modules"]]:
        module = importlib.import_module(name)
        where = Path(module.__file__).resolve()
        assert where.is_relative_to(ROOT), f"`import {name}` finds {where}, not this checkout's"


# -- Issue 43: the core's rooms, their floors pointing down --------------------------------------

# pbem/'s floors, lowest first (docs/architecture.md, "The core's rooms"). The root holds the
# plain values that cross to the front ends and the one list of the games at the bottom, and the
# judge itself at the top; every folder of the core is one floor between them. A module may
# import its own floor and those below it, never one above.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("pbem.sights", "pbem.messages", "pbem.product", "pbem.places", "pbem.registry"),
    ("pbem.storage", "pbem.replay"),
    ("pbem.language",),
    ("pbem.steps",),
    ("pbem.club",),
    ("pbem.kinds",),
    ("pbem.judge", "pbem.replies"),
)


def _floor(module: str) -> int | None:
    for number, places in enumerate(FLOORS):
        if _under(module, places):
            return number
    return None


def arrows_up(graph: dict[str, set[str]]) -> list[str]:
    """Every import of the core from a lower floor to a higher one, one line each."""
    found = []
    for module, imported in sorted(graph.items()):
        floor = _floor(module)
        if floor is None:
            continue
        for target in sorted(imported):
            above = _floor(target)
            if above is not None and above > floor:
                found.append(f"{module} (floor {floor}) imports {target} (floor {above})")
    return found


def test_an_arrow_up_between_floors_is_found() -> None:
    graph = {
        "pbem.storage.store": {"pbem.messages"},  # down: fine
        "pbem.language.commands": {"pbem.steps.desk"},  # up
        "pbem.steps.desk": {"pbem.language.commands", "pbem.storage.store"},  # down: fine
        "pbem.judge": {"pbem.kinds.gamekinds"},  # down: fine
        "pbem.registry": {"pbem.judge"},  # up
    }
    assert arrows_up(graph) == [
        "pbem.language.commands (floor 2) imports pbem.steps.desk (floor 3)",
        "pbem.registry (floor 0) imports pbem.judge (floor 6)",
    ]


def test_every_core_module_has_a_floor() -> None:
    """A module added to pbem/'s root or a new folder is given its place in FLOORS (and in
    docs/architecture.md) before it lands [issue 43]."""
    fronts = ("pbem.mail", "pbem.web")
    homeless = [m for m in _modules() if _under(m, CORE) and m != "pbem" and not _under(m, fronts)]
    assert [m for m in homeless if _floor(m) is None] == []


def test_the_cores_floors_point_down() -> None:
    """No module of the core imports one on a higher floor, the imports that run and those for
    the type checker alike [issue 43]."""
    broken = arrows_up(_graph(_modules()))
    assert not broken, "an arrow up between the core's floors:\n" + "\n".join(broken)
