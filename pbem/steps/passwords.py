"""Per-game player and game-master passwords: a few random words, stored salted and hashed.

Words rather than symbols, because players copy them by hand into mail and chat; compared in
constant time so that a wrong guess teaches nothing about the right one.
"""

from __future__ import annotations

import difflib
import hashlib
import hmac
import random
import re
import secrets

from pbem.language.keywords import ALIASES, SYNOPSIS

# Some 270 short, distinct, easily spelt words: three of them give about 20 million passwords
# per seat, and a front end rate-limits guesses.
WORDS: tuple[str, ...] = tuple(
    """
    acorn amber anchor apple arrow aspen atlas badge bamboo banjo barley basil beacon bean
    berry birch biscuit blossom bottle branch brass breeze brick bridge brook bucket butter
    cabin cactus camel candle canoe canyon carbon carpet carrot castle cedar cello chalk
    cherry chime cider cinder circle citrus clover cobalt cocoa comet copper coral cotton
    crane crayon cricket crystal cuckoo daisy dancer delta desert dinghy dolphin domino dragon
    drum eagle ebony echo elbow ember engine falcon feather fennel fern fiddle finch flint
    forest fossil fountain fox galaxy garden garnet ginger glacier globe goblet granite grape
    gravel harbor harp hazel heron hickory honey hopper husky igloo indigo iris island ivory
    jacket jasmine jelly jigsaw juniper kayak kelp kettle kiwi koala ladder lagoon lantern
    lemon lentil lilac linen lizard lobster locket lotus magnet mango maple marble meadow
    melon meteor mint mirror mitten molar monsoon mosaic moss muffin nectar needle nickel
    nutmeg oasis oat ocean olive onion opal orbit orchid otter oyster paddle palm panda
    paper parcel parsley pebble pelican pepper piano pillow pine planet plum pocket pollen
    pony poppy puffin pumpkin quartz quill rabbit radish raft rainbow raven reef ribbon river
    robin rocket rose ruby saddle saffron sail salmon sapphire satin sequoia shadow shell
    sherbet silver sketch sled slipper snail sonnet sparrow spider spruce squash starling
    stone straw sugar summit sunset swallow tablet tango teapot thistle thunder tiger timber
    toast topaz tulip tundra turnip velvet violet voyage walnut walrus willow window winter
    wizard wombat yarrow yodel zebra zephyr zinc badger beetle bison bramble button cobweb
    compass cypress dune fable ferry goose hammock jewel lark marsh nomad pixel prism puzzle
    quail quiver ripple sandal sprout trumpet
    """.split()
)


PASSWORD_WORDS = 3


_WORD_SET = frozenset(WORDS)


def new_password(rng: random.Random | None = None, words: int = PASSWORD_WORDS) -> str:
    """`amber-otter-tango`: from `secrets` unless a (seeded, for tests) rng is passed."""
    chooser = rng if rng is not None else secrets.SystemRandom()
    return "-".join(chooser.choice(WORDS) for _ in range(words))


def normalize(password: str) -> str:
    """Players may write the words in any case, separated by hyphens, spaces or nothing else."""
    return "-".join(w for w in re.split(r"[\s_-]+", password.lower()) if w)


def could_be_password(text: str) -> bool:
    """Whether `text` has the shape of every password the judge issues: three of its words.
    Anything else cannot be right, so it is no guess (a signature such as "Game Alpha Team
    Lead" read as `game alpha` and a password): refused without being checked or counted.
    (WORDS may therefore grow but never lose a word.)"""
    words = normalize(text).split("-")
    return len(words) == PASSWORD_WORDS and all(w in _WORD_SET for w in words)


def hash_password(password: str, rng: random.Random | None = None) -> str:
    salt = (rng.randbytes(16) if rng is not None else secrets.token_bytes(16)).hex()
    digest = hashlib.sha256(bytes.fromhex(salt) + normalize(password).encode()).hexdigest()
    return f"sha256${salt}${digest}"


def check_password(password: str, stored: str) -> bool:
    """True when `password` is the one `stored` was made from; constant time in the digest."""
    try:
        scheme, salt, digest = stored.split("$")
        salt_bytes = bytes.fromhex(salt)
    except ValueError:
        return False
    if scheme != "sha256":
        return False
    candidate = hashlib.sha256(salt_bytes + normalize(password).encode()).hexdigest()
    return hmac.compare_digest(candidate, digest)


# ---------------------------------------------------------------------------------------------
# Never quoting a password back

MASK = "******"
# Commands whose line carries a password after the game's name, and words that announce one.
_SIGN_ON_WORDS = ("game", "master", "signon", "sign-on", "resign", "history", "status")
_PASSWORD_WORDS = frozenset(("password", "passwort", "pw", "pass", "passphrase", "pwd"))
_TOKEN = re.compile(r"\S+")
_LETTERS = re.compile(r"[^\w-]+")


def _bare(token: str) -> str:
    """A token without the punctuation around it, in lower case."""
    return _LETTERS.sub("", token).strip("-_").lower()


def _password_shaped(token: str) -> bool:
    """`amber-otter-tango`, `Amber_Otter_tngo`: two or more of the password words joined."""
    parts = [p for p in re.split(r"[-_]+", _bare(token)) if p]
    return len(parts) >= 2 and sum(p in _WORD_SET for p in parts) >= 2


# Commands whose lines never carry a password (`newpassword` names only the game), by the
# command and its aliases; `link` is not one (its code is a secret of its own).
NO_PASSWORD = frozenset(
    {"help", "list", "ladder", "create", "observe", "unobserve", "newpassword", "rematch", "web"}
)


def mask(line: str, positional: bool = True) -> str:
    """A line someone sent, as a reply may quote it: whatever may be a password replaced by
    `******`, however the line was mangled. Masked are: password-shaped words (two or more of
    the password words joined by `-` or `_`); runs of password words written apart (three on
    a `join` line, where two may be a name, or a line led by a command that takes no
    password: `ladder chess`); on a line
    that looks like a sign-on (`game`, `master`, `resign`, `history`, `status`, or a near miss
    such as `gmae`, after any junk), every word after the game's name; and every word after
    `password` or `pw`. With `positional` False only the first two rules apply: for the
    judge's own texts that may hold a word of the sender's (an error message)."""
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(line)]
    if not tokens:
        return line
    masked = [False] * len(tokens)
    bare = [_bare(t) for _, _, t in tokens]
    for index, (_, _, token) in enumerate(tokens):
        masked[index] = _password_shaped(token)
    # Two words apart are a password's remains, but also a name a player may take
    # (`join alpha as Ruby Rose`): on a `join` line it takes the three of a whole password.
    # So on a line led by a command that takes no password (`ladder chess`): there, two
    # are most likely what they say, and a whole password pasted by mistake is still hidden.
    lead = bare[0] if bare else ""
    shortest = 3 if lead == "join" or ALIASES.get(lead, lead) in NO_PASSWORD else 2
    run: list[int] = []
    for index, word in enumerate([*bare, ""]):
        if word in _WORD_SET:
            run.append(index)
            continue
        if len(run) >= shortest:
            for i in run:
                masked[i] = True
        run = []
    first = next((i for i, word in enumerate(bare) if word), None) if positional else None
    # (the cheap test first: the fuzzy one costs more than the rest of the line)
    if first is not None and len(tokens) > first + 2 and _signs_on(bare[first]):
        for i in range(first + 2, len(tokens)):
            masked[i] = True
    # On an `orders` line `pass` is a move (a turn passed), not a password announced.
    announcing = _PASSWORD_WORDS - {"pass"} if ALIASES.get(lead, lead) == "orders" else None
    for index, word in enumerate(bare if positional else ()):
        if word in (announcing if announcing is not None else _PASSWORD_WORDS):
            for i in range(index + 1, len(tokens)):
                masked[i] = True
    out, position = [], 0
    for (start, end, _), hide in zip(tokens, masked, strict=True):
        if hide:
            out.append(line[position:start] + MASK)
            position = end
    out.append(line[position:])
    return _merge_masks("".join(out))


_JOINED = re.compile(r"(?<![\w-])[A-Za-z]+(?:[-_][A-Za-z]+)+(?![\w-])")


def hide(text: str) -> str:
    """Every word of a text that has the very shape of a password (`amber-otter-tango`)
    masked: the last guard over a reply's answers, whatever quoted it."""
    return _JOINED.sub(lambda m: MASK if could_be_password(m.group()) else m.group(), text)


def _signs_on(word: str) -> bool:
    """Whether a line's first word is a sign-on, or a near miss of one. A word that is another
    command is that command, not a misspelt sign-on: `design` is no `resign`, and a `design`
    line's Ship Codes are no password (issue 23)."""
    command = ALIASES.get(word, word)
    if command in SYNOPSIS:
        return command in _SIGN_ON_WORDS
    return _looks_like(word, _SIGN_ON_WORDS)


def _looks_like(word: str, keywords: tuple[str, ...]) -> bool:
    return bool(word) and bool(difflib.get_close_matches(word, keywords, n=1, cutoff=0.7))


def _merge_masks(text: str) -> str:
    """`****** ****** ******` (a password written apart) as one mask: its length says nothing."""
    return re.sub(rf"{re.escape(MASK)}(\s+{re.escape(MASK)})+", MASK, text)
