"""HTML mail to the text its reader sees: a line per block, blank lines where the writer made them.

Hand-written on the standard library's tolerant parser rather than a general HTML-to-text
library: those render for reading (Markdown marks, escaped `_` and `*`, wrapped lines, tables
drawn with bars), and the judge needs the opposite, the writer's lines exactly as typed. What
mail clients produce is a small set of shapes, each tested:

- Gmail and most web mail: a `<div>` per line, `<div><br></div>` for a blank line;
- Outlook (Word HTML): a `<p class=MsoNormal>` per line with no margin, an empty paragraph
  (`<p class=MsoNormal><o:p>&nbsp;</o:p></p>`) for a blank line;
- Apple Mail, Thunderbird: text with `<br>`, `<div>`s, `<blockquote type="cite">` quotes.

Quoted mail (`<blockquote>`) becomes one `>` line, so the reading of quotes in plain text
applies to it (commands below a quote are read); signatures marked as such
(`gmail_signature`, `moz-signature`, Outlook's `Signature`) are left out.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = frozenset(
    "p div br li tr h1 h2 h3 h4 h5 h6 pre table ul ol dl dt dd section article header "
    "footer hr address form fieldset".split()
)
_SKIP = frozenset(("script", "style", "head", "title", "template"))
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_SIGNATURE = re.compile(r"signature", re.IGNORECASE)
# HTML white space collapses; a no-break space does not (an empty `&nbsp;` paragraph is a line).
_SPACES = re.compile(r"[ \t\n\r\f]+")


class _HtmlText(HTMLParser):
    """The parser's events to lines of text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.skip = 0  # inside script, style, head ...
        self.pre = 0
        # An element left out with everything inside it (a quote, a signature): its tag and
        # how many elements of that tag are open inside it.
        self.dropped: tuple[str, int] | None = None

    def _break(self, always: bool = False) -> None:
        # A block boundary starts a new line; empty lines come only from `<br>` and from
        # blocks holding nothing but no-break spaces, as a browser shows them (blank lines end
        # a fleet or orders block, so they must be the writer's, not the markup's).
        if always or not self._at_line_start():
            self.chunks.append("\n")

    def _at_line_start(self) -> bool:
        for chunk in reversed(self.chunks):
            if chunk.strip(" "):
                return chunk.rstrip(" ").endswith("\n")
        return True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.dropped is not None:
            if tag == self.dropped[0] and tag not in _VOID:
                self.dropped = (tag, self.dropped[1] + 1)
            return
        if tag == "blockquote" or (tag not in _VOID and _is_signature(attrs)):
            if tag == "blockquote":  # a quote: one `>` line stands for it
                self._break()
                self.chunks.append(">\n")
            self.dropped = (tag, 1)
            return
        if tag in ("td", "th") and not self._at_line_start():
            self.chunks.append(" ")  # cells of a row side by side, not run together
        if tag in _SKIP:
            self.skip += 1
        elif tag == "br":
            self._break(always=True)
        elif tag in _BLOCK:
            self._break()
        if tag == "pre":
            self.pre += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.dropped is not None:
            return
        if tag == "br":
            self._break(always=True)
        elif tag in _BLOCK:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if self.dropped is not None:
            if tag == self.dropped[0]:
                depth = self.dropped[1] - 1
                self.dropped = (tag, depth) if depth else None
            return
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK and tag != "br":
            self._break()
        if tag == "pre":
            self.pre = max(0, self.pre - 1)

    def handle_data(self, data: str) -> None:
        if self.skip or self.dropped is not None:
            return
        if self.pre:
            self.chunks.append(data)
            return
        data = _SPACES.sub(" ", data)
        if self._at_line_start():
            data = data.lstrip(" ")
        if data:
            self.chunks.append(data)

    def text(self) -> str:
        lines = "".join(self.chunks).replace("\xa0", " ").split("\n")
        return "\n".join(line.rstrip() for line in lines)


def _is_signature(attrs: list[tuple[str, str | None]]) -> bool:
    return any(
        name in ("class", "id") and value and _SIGNATURE.search(value) for name, value in attrs
    )


def html_to_text(html: str) -> str:
    """The text a reader of this HTML sees, line by line; never raises."""
    parser = _HtmlText()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # html.parser is lenient, but never let markup stop a message
        pass
    return parser.text()
