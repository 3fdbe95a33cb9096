"""Words and hints for syntax errors: what a lark terminal means to a player, and the likely fix
for a misspelt word (`gx3` -> "colours are capitals: Gx3")."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from notation.spaceships.coordinates import COLOURS, LETTERS
from notation.spaceships.ships import SHIP_TYPES

ORDER_TERMINALS = frozenset({"CELL", "BEAM_B", "MISSILE_M", "KAMIKAZE_K", "SCAN_S"})

# What each terminal of notation.lark means, in a player's words.
TERMINAL_WORDS: dict[str, str] = {
    "CELL": "a cell like Gx3",
    "PART": "coordinate values like Gx3, G, x3 or 3",
    "LINE": "two coordinate values like Rv",
    "SHIP": "a ship code like DS or FS2",
    "PLAYER": "the player A or B",
    "TURN": "a turn number",
    "BEAM_B": "b (beam)",
    "MISSILE_M": "m (missile)",
    "KAMIKAZE_K": "k (kamikaze)",
    "SCAN_S": "s (scan)",
    "FLEET": "`fleet`",
    "RESULTS": "`results`",
    "KEY": "`key:`",
    "STRIKE_RESULT": "a result (hit, miss or dup)",
    "SCAN_RESULT": "a scan result (empty, undamaged or destroyed)",
    "EXPLODES": "`explodes`",
    "DESTROYS": "`destroys`",
    "FLASHCUBE": "`flashcube`",
    "FLASH_EMPTY": "`-` (empty)",
    "FLASH_DESTROYED": "`x` (destroyed)",
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a value in double quotes ("...")',
    "GRID_COLOURS": "the five colours of a grid (R O Y G B)",
    "GRID_LETTERS": "the letters v w x y z",
    "ROW_NUMBER": "a grid row number 1-5",
    "MARK": "a mark",
    "LEGEND_MARK": "a one-character mark",
    "_SEMI": "`;`",
    "SEMICOLON": "`;`",
    "_NL": "the end of the line",
    "COLON": "`:`",
    "LSQB": "`[`",
    "TAG_OPEN": "`[`",
    "RSQB": "`]`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "EQUAL": "`=`",
    "$END": "the end of the text",
}

# Keywords that a near miss may have meant, by terminal.
_KEYWORDS: dict[str, tuple[str, ...]] = {
    "FLEET": ("fleet",),
    "RESULTS": ("results",),
    "KEY": ("key",),
    "STRIKE_RESULT": ("hit", "miss", "dup", "duplicate"),
    "SCAN_RESULT": ("empty", "undamaged", "destroyed"),
    "EXPLODES": ("explodes",),
    "DESTROYS": ("destroys",),
    "FLASHCUBE": ("flashcube",),
    "FLASH_DESTROYED": ("x", "destroyed"),
}

_PREFIXES = {"b": "BEAM_B", "m": "MISSILE_M", "k": "KAMIKAZE_K", "s": "SCAN_S"}
_SHIPLIKE = re.compile(r"[A-Za-z]{2}[0-9]*")
_DIGITS = "0123456789"


def expected_words(expected: set[str] | frozenset[str]) -> tuple[str, ...]:
    """The terminals lark expected, in words, orders collapsed into one item."""
    names = set(expected)
    words: list[str] = []
    if ORDER_TERMINALS <= names:
        # After a beam its ship may follow in brackets, `bRv1Rx1(DS2)`; listing `(` beside
        # "an order" sends the reader looking for a bracket where a cell went wrong.
        names -= ORDER_TERMINALS | {"LPAR"}
        words.append("an order (Gx3, bRv1Rx1, mGx3, kBz5 or sGy3)")
    if {"TURN", "PLAYER"} <= names:
        names -= {
            "TURN",
            "PLAYER",
            "SHIP",
            "KEY",
            "GRID_COLOURS",
            "GRID_LETTERS",
            "TAG_OPEN",
            "_NL",
        }
        words.append("a record line (a tag, `A fleet: ...`, `1 A: ...` or `1 A results: ...`)")
    # Stable, readable order: the order of TERMINAL_WORDS.
    for name in TERMINAL_WORDS:
        if name in names:
            words.append(TERMINAL_WORDS[name])
            names.discard(name)
    words.extend(sorted(n for n in names if not n.startswith("__")))
    # "the end of the line" last reads best.
    end = TERMINAL_WORDS["_NL"]
    if end in words and len(words) > 1:
        words.remove(end)
        words.append(end)
    return tuple(words)


def fix_cell(word: str) -> tuple[str, str] | None:
    """A misspelt cell's problem and fix: ("colours are capitals: Gx3", "Gx3"), or None."""
    if len(word) >= 3 and word[0].upper() in COLOURS and word[1].lower() in LETTERS:
        if word[2:].isdigit() and (len(word) > 3 or word[2] not in "12345"):
            return "numbers run 1-5", ""
    if len(word) != 3:
        return None
    a, b, c = word
    if a.upper() in COLOURS and b.lower() in LETTERS and c in _DIGITS:
        fixed = a.upper() + b.lower() + c
        if c not in "12345":
            return "numbers run 1-5", ""
        if a.islower() and b.isupper():
            return f"colours are capitals, letters lower case: {fixed}", fixed
        if a.islower():
            return f"colours are capitals: {fixed}", fixed
        if b.isupper():
            return f"letters are lower case: {fixed}", fixed
        return None
    if a.isalpha() and a.upper() not in COLOURS and b.lower() in LETTERS and c in _DIGITS:
        return "colours are R O Y G B", ""
    if a.upper() in COLOURS and b.isalpha() and b.lower() not in LETTERS and c in _DIGITS:
        return "letters run v-z", ""
    # The right values in the wrong order: find one colour, one letter and one number.
    for colour_at, letter_at, number_at in ((1, 0, 2), (2, 0, 1), (0, 2, 1), (1, 2, 0), (2, 1, 0)):
        colour, letter, number = word[colour_at], word[letter_at], word[number_at]
        if colour in COLOURS and letter in LETTERS and number in "12345":
            fixed = colour + letter + number
            return f"write colour, letter, number: {fixed}", fixed
    return None


def _ship_fix(word: str) -> str:
    code, number = word[:2].upper(), word[2:].lstrip("0")
    return (code if code in SHIP_TYPES else "") + number if code in SHIP_TYPES else ""


def _ship_hint(word: str) -> str | None:
    if not _SHIPLIKE.fullmatch(word):
        return None
    code, number = word[:2], word[2:]
    if code in SHIP_TYPES and not number.startswith("0"):
        return None  # a good ship code, just in the wrong place
    if code.upper() in SHIP_TYPES and code != code.upper():
        return f"ship codes are capitals: {code.upper()}{number}"
    if number.startswith("0"):
        return "ship identities start at 1 [11.6.1]"
    known = " ".join(SHIP_TYPES)
    close = difflib.get_close_matches(code.upper(), list(SHIP_TYPES), n=2, cutoff=0.5)
    guess = f" (did you mean {' or '.join(c + number for c in close)}?)" if close else ""
    return f"unknown ship code {code}; the ship codes are {known}{guess}"


# What stands in for a misspelt word while parsing goes on to find the next error.
_PLACEHOLDERS = {
    "CELL": "Rv1",
    "PART": "v",
    "LINE": "Rv",
    "SHIP": "DS",
    "STRIKE_RESULT": "hit",
    "SCAN_RESULT": "empty",
    "PLAYER": "A",
}


@dataclass(frozen=True, slots=True)
class Diagnosis:
    message: str
    hint: str | None = None
    # A spelling the parser accepts in place of the word (the fix if known), to go on parsing
    # after a misspelt word; None when the problem is the structure, not the word.
    stand_in: str | None = None


def diagnose(word: str, expected: set[str] | frozenset[str], previous: str = "") -> Diagnosis:
    """What is wrong with an unexpected `word` where `expected` terminals could come;
    `previous` is the word before it on the line, for context."""
    found = _in_context(word, expected, previous) or _diagnose(word, expected)
    if found.stand_in == "":  # a word-level problem without a known fix: a placeholder
        for name, placeholder in _PLACEHOLDERS.items():
            if name in expected:
                return Diagnosis(found.message, found.hint, placeholder)
        return Diagnosis(found.message, found.hint, None)
    return found


_CELL_SHAPE = re.compile(r"[ROYGB][v-z][1-5]")


def _in_context(word: str, expected: frozenset[str] | set[str], previous: str) -> Diagnosis | None:
    """Hints that depend on the word before: what follows `explodes`, `destroys`, a kamikaze
    death, a flashcube cell."""
    shown = f"`{word}`" if word else "this"
    missing = "a cell is missing here" if not word else f"unexpected {shown}"
    if previous == "explodes" and "CELL" in expected:
        return Diagnosis(missing, "name the cells that exploded: explodes Yw2 Yv2")
    if previous == "destroys" and "SHIP" in expected:
        hint = "name the ship, then its cells: destroys MD Yv2 Yw2 Yx2"
        if _CELL_SHAPE.fullmatch(word):
            return Diagnosis("a ship code is missing here", hint)
        if not word:
            return Diagnosis("a ship code is missing here", hint)
    if "FLASH_EMPTY" in expected and "SHIP" in expected and (not word or _CELL_SHAPE.match(word)):
        hint = "after each flashcube cell comes - (no ship) or the ship there: Yv2 -, Yw2 KC"
        return Diagnosis("a flashcube cell needs what is there", hint)
    if "EXPLODES" in expected and "STRIKE_RESULT" not in expected and previous[:1] == "k":
        if word.lower() in _KEYWORDS["STRIKE_RESULT"] + _KEYWORDS["SCAN_RESULT"] + ("h", "m", "d"):
            hint = "a kamikaze death has no result [5.4.3]; its strike is a separate entry"
            return Diagnosis(f"unexpected {shown}", hint, " ")
    if not word and "CELL" in expected:
        if previous == "k":
            return Diagnosis(missing, "a kamikaze launch names its cell: kBz5")
        if previous == "s":
            return Diagnosis(missing, "a scan names its cell: sGy3")
        if previous == "b":
            return Diagnosis(missing, "a beam names both end cells: bRv1Rx1 (classic: bRv)")
        if previous[:1] == "b" and _CELL_SHAPE.fullmatch(previous[1:]):
            return Diagnosis(missing, "a beam names both end cells: bRv1Rx1")
    return None


def _diagnose(word: str, expected: set[str] | frozenset[str]) -> Diagnosis:
    shown = f"`{word}`" if word else "this"
    wants_cell = bool(expected & {"CELL", "PART", "LINE"})
    if word:
        # An order or claim prefix (b, m, k, s) followed by a misspelt cell: judge the cell.
        core = word
        if len(word) > 1 and word[0] in _PREFIXES and _PREFIXES[word[0]] in expected:
            core = word[1:4] if word[0] == "b" else word[1:]
        if wants_cell or core is not word:
            fixed = fix_cell(core)
            if fixed is not None:
                problem, fix = fixed
                prefix = word[: len(word) - len(core)] if core is not word and fix else ""
                return Diagnosis(f"{shown} is not a cell", problem, prefix + fix)
            if wants_cell and len(core) == 2 and core[0] in COLOURS and core[1] in LETTERS:
                hint = f"a cell needs colour, letter and number, like {core}3"
                return Diagnosis(f"{shown} is not a cell", hint, "")
        if "SHIP" in expected or (word[:1].isupper() and word[1:2].isupper()):
            hint = _ship_hint(word)
            if hint is not None:
                return Diagnosis(f"{shown} is not a ship code", hint, _ship_fix(word))
        if "PLAYER" in expected and word[:1] in ("a", "b") and len(word) <= 2:
            hint = "the players are A and B, in capitals"
            return Diagnosis(f"{shown} is not a player", hint, word.upper())
        lowered = word.lower()
        if "SCAN_RESULT" in expected and lowered in _KEYWORDS["STRIKE_RESULT"] + ("h", "m", "d"):
            hint = "a scan's result is empty, undamaged or destroyed"
            return Diagnosis(f"{shown} is not a scan result", hint, "empty")
        if "STRIKE_RESULT" in expected and lowered in _KEYWORDS["SCAN_RESULT"]:
            hint = "a strike's result is hit, miss or dup; scans are written sGy3"
            return Diagnosis(f"{shown} is not a strike result", hint, "hit")
        vocabulary = [k for name in expected for k in _KEYWORDS.get(name, ())]
        close = difflib.get_close_matches(word.lower(), vocabulary, n=1, cutoff=0.6)
        if close:
            return Diagnosis(f"unexpected {shown}", f"did you mean `{close[0]}`?", close[0])
        if wants_cell:
            fixed = fix_cell(word[:3])
            if fixed is not None:
                return Diagnosis(f"unexpected {shown}", fixed[0], "")
        if "TAG_VALUE" in expected:
            return Diagnosis(
                f"unexpected {shown}", f'a tag\'s value is in double quotes: "{word.rstrip("]")}"'
            )
    if "PART" in expected:
        hint = "a missile launch names its cell, or enough of it: mGx3, mG, mx3 or m3"
        return Diagnosis(
            ("the missile launch has no cell" if not word else f"unexpected {shown}"), hint
        )
    if "CELL" in expected and "LINE" not in expected and not ORDER_TERMINALS <= expected:
        if "BEAM_B" not in expected and "STRIKE_RESULT" not in expected:
            hint = "k and s take a cell: kBz5, sGy3; a beam names both end cells: bRv1Rx1"
            return Diagnosis(
                ("a cell is missing here" if not word else f"unexpected {shown}"), hint
            )
    if not word:
        if "COLON" in expected and "RESULTS" in expected:
            return Diagnosis("the line ends too early", "a turn line reads `1 A: Gx3 ...`")
        return Diagnosis("the line ends too early", None)
    if "COLON" in expected and "RESULTS" in expected:
        return Diagnosis(
            f"unexpected {shown}", "a turn line reads `1 A: Gx3 ...`, results `1 A results: ...`"
        )
    if "COLON" in expected and "FLEET" not in expected:
        return Diagnosis(f"unexpected {shown}", "a colon goes here")
    if word == "(" or word.startswith("("):
        return Diagnosis(
            f"unexpected {shown}", "a ship in parentheses follows a beam: bRv1Rx1(DS2)"
        )
    return Diagnosis(f"unexpected {shown}", None)


_WORD = re.compile(r"[^\s;,#]+")


def in_written_case(text: str) -> str:
    """The text with every cell and ship code in the case the notation writes them (`rv1` as
    Rv1 [11.4], `ds` as DS [11.6]) and every other word as it was: the suggestion for a fleet
    or orders typed all in lower (or upper) case."""

    def written(found: re.Match[str]) -> str:
        word = found.group(0)
        if (
            len(word) == 3
            and word[0].upper() in COLOURS
            and word[1].lower() in LETTERS
            and word[2] in "12345"
        ):
            return word[0].upper() + word[1].lower() + word[2]
        if _SHIPLIKE.fullmatch(word) and word[:2].upper() in SHIP_TYPES:
            return word[:2].upper() + word[2:]
        return word

    return _WORD.sub(written, text)
