"""What the sender wrote, out of a mail's text: flowed lines joined, PGP armour, quotes and
signatures left out.

Only the sender's own lines are ever read as commands. Quoted text (`>` lines, with the
"On ... wrote:" line above them), everything below a signature separator or a pasted or
forwarded earlier message, PGP armour and signatures are never read, so they can neither act
nor count as a wrong password. Each step keeps the line numbering of what the sender typed
where it can: a left-out line becomes a blank line, so a quote between two commands also ends
a fleet or orders block, as it does to the eye.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Characters some clients and editors put in text that no one typed: byte order marks and
# zero-width spaces; and the no-break spaces of HTML and of phones, which are spaces.
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060"), None) | {
    0xA0: " ",
    0x202F: " ",
}


def clean(text: str) -> str:
    """Line breaks made `\\n`; byte order marks and zero-width characters dropped."""
    return text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE)


# ---------------------------------------------------------------------------------------------
# format=flowed (RFC 3676)


def unflow(text: str, delsp: bool = False) -> str:
    """Join the soft line breaks of a `format=flowed` text (RFC 3676 4.1-4.5).

    A line ending in a space continues on the next line of the same quote depth; with
    `delsp=yes` that space was added by the client and is removed. Space-stuffing is undone.
    One departure from the RFC: a flowed line followed by an empty line keeps the empty line
    (a writer's blank line ends a fleet or orders block, and some clients leave a space at the
    end of a paragraph)."""
    out: list[str] = []
    paragraph: list[str] | None = None
    depth_of_paragraph = 0
    for line in clean(text).split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing, or the space after the quote marks
        if paragraph is not None and (depth != depth_of_paragraph or not content):
            out.append(_quoted(depth_of_paragraph, "".join(paragraph)))
            paragraph = None
        flowed = content.endswith(" ") and content != "-- "
        if flowed and delsp:
            content = content[:-1]
        if paragraph is None:
            if not flowed:
                out.append(_quoted(depth, content))
                continue
            paragraph, depth_of_paragraph = [], depth
        paragraph.append(content)
        if not flowed:
            out.append(_quoted(depth, "".join(paragraph)))
            paragraph = None
    if paragraph is not None:
        out.append(_quoted(depth_of_paragraph, "".join(paragraph)))
    return "\n".join(out)


def _quoted(depth: int, content: str) -> str:
    return (">" * depth + " " + content) if depth else content


# ---------------------------------------------------------------------------------------------
# Inline PGP (RFC 4880 7: cleartext signatures; armoured blocks)

_ARMOUR = re.compile(r"^-----BEGIN PGP ([A-Z ]+)-----$")


@dataclass(frozen=True, slots=True)
class Unarmoured:
    text: str
    encrypted: bool  # an encrypted block was left out: the judge cannot read it


def unarmour(text: str) -> Unarmoured:
    """The signed text of inline PGP, dash-escaping undone; armour headers, signatures, keys
    and encrypted blocks left out (as blank lines)."""
    lines = text.split("\n")
    out: list[str] = []
    state = "text"  # text | headers | signed | block
    encrypted = False
    for line in lines:
        bare = line.strip()
        if state == "text":
            armour = _ARMOUR.match(bare)
            if armour is None:
                out.append(line)
                continue
            kind = armour.group(1)
            state = "headers" if kind == "SIGNED MESSAGE" else "block"
            encrypted = encrypted or kind == "MESSAGE"
            out.append("")
        elif state == "headers":  # `Hash: SHA256` up to the first blank line
            out.append("")
            if not bare:
                state = "signed"
        elif state == "signed":
            if bare == "-----BEGIN PGP SIGNATURE-----":
                state = "block"
                out.append("")
            else:
                out.append(line[2:] if line.startswith("- ") else line)
        else:  # inside a signature, a key or an encrypted message
            out.append("")
            if bare.startswith("-----END PGP "):
                state = "text"
    return Unarmoured("\n".join(out), encrypted)


# ---------------------------------------------------------------------------------------------
# Quotes, signatures, pasted mail

_ATTRIBUTION = re.compile(
    r"(\bwrote:|\ba écrit ?:|\bschrieb\b.*:|\bescribió:|\bscrisse:|\bskrev:|\bschreef\b.*:"
    r"|\bkirjoitti:|\bnapisał\b.*:|\bescreveu:|\bnapsal\b.*:)\s*$",
    re.IGNORECASE,
)
# Separators that a client puts before an earlier message it pastes unquoted. Matched at the
# start of a line only: joined flowed lines may carry the next line after them.
_ORIGINAL = re.compile(
    r"^\s*(-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|"
    r"message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|"
    r"weitergeleitete nachricht|message transféré)\s*-{2,}|_{10,}|begin forwarded message:)",
    re.IGNORECASE,
)
_MAIL_HEADER_LINE = re.compile(r"^\s*(from|von|de|sent|date|to|subject|an|betreff):\s", re.I)
_SENT_FROM = re.compile(
    r"^\s*(sent from my |sent from (outlook|mail) for |get outlook for |envoyé de mon |"
    r"von meinem \S+ gesendet|enviado desde mi )",
    re.I,
)


def _is_pasted_header_block(lines: list[str], start: int) -> bool:
    """Outlook-style top posting: "From: ...", "Sent: ...", "Subject: ..." introducing the
    previous message, pasted below the reply without `>` quoting."""
    window = [line for line in lines[start : start + 6] if line.strip()]
    return len(window) >= 2 and sum(bool(_MAIL_HEADER_LINE.match(w)) for w in window[:4]) >= 2


def _quoted_line(line: str) -> bool:
    return line.lstrip().startswith(">")


def _attribution_length(lines: list[str], index: int) -> int:
    """How many lines ("On ... wrote:", maybe wrapped over two) introduce a quote at `index`;
    0 when none does."""
    stripped = lines[index].rstrip()
    if _ATTRIBUTION.search(stripped):
        return 1
    if (
        stripped.lower().startswith(("on ", "le ", "am ", "el "))
        and len(stripped) < 200
        and index + 1 < len(lines)
        and _ATTRIBUTION.search(lines[index + 1].rstrip())
    ):
        return 2
    return 0


def command_lines(text: str) -> str:
    """The lines the sender wrote, numbered as they typed them: quoted lines and the
    attribution above them, "Sent from my phone" left out (as blank lines); everything from a
    signature separator (`-- `), a pasted or forwarded earlier message, or an attribution with
    no quote under it (an earlier message pasted unquoted) on dropped. Commands below a quote
    (bottom posting, interleaved replies) are read."""
    lines = clean(text).split("\n")
    kept: list[str] = []
    index = 0
    while index < len(lines):
        stripped = lines[index].rstrip()
        if _quoted_line(stripped):  # the bulk of a reply: nothing in a quote ends the reading
            kept.append("")
            index += 1
            continue
        if stripped in ("--", "-- ") or _ORIGINAL.match(stripped):
            break  # RFC 3676 signature separator (its trailing space often lost); pasted mail
        if _MAIL_HEADER_LINE.match(stripped) and _is_pasted_header_block(lines, index):
            break
        attribution = _attribution_length(lines, index)
        if attribution:
            following = next((line for line in lines[index + attribution :] if line.strip()), "")
            if not _quoted_line(following):
                break
            kept += [""] * attribution
            index += attribution
            continue
        kept.append("" if _SENT_FROM.match(stripped) else stripped)
        index += 1
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept)
