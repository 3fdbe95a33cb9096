"""Raw mail bytes -> the Inbound the judge reads, or the reason the judge must not answer.

Mail arrives in every shape: multipart, HTML only, any charset (declared wrongly or not at
all), quoted replies and signatures, auto-replies and bounces, broken MIME. Nothing here may
raise on what a sender wrote: the worst case is an empty command text.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.header import decode_header, make_header
from email.headerregistry import HeaderRegistry
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses
from html.parser import HTMLParser

from pbem.messages import Inbound

# ---------------------------------------------------------------------------------------------
# Headers


@dataclass(frozen=True, slots=True)
class Envelope:
    """What the headers say about a message: enough to archive, deduplicate and answer it."""

    message_id: str  # "<...>"; made from the bytes when the message has none
    sender: str  # lower-case addr-spec, "" when there is no usable From
    sender_name: str
    subject: str
    headers: tuple[tuple[str, str], ...]  # (lower-case name, decoded value), in order

    def get(self, name: str) -> str | None:
        name = name.lower()
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def has(self, name: str) -> bool:
        return self.get(name) is not None


def _decode_header_value(value: str) -> str:
    """RFC 2047 words decoded; undecodable words kept as they came."""
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value)))
    except Exception:  # bogus charset, broken encoded word: keep the raw text
        return value


def _unfold(value: str) -> str:
    # Raw 8-bit header bytes arrive as surrogate escapes: read them as UTF-8 (or cp1252).
    if not value.isascii() and any("\udc80" <= c <= "\udcff" for c in value):
        value = decode_bytes(value.encode("utf-8", "surrogateescape"), None)
    return re.sub(r"\r?\n[ \t]+", " ", value).strip()


def _message_id(value: str | None, raw: bytes) -> str:
    if value:
        found = re.search(r"<[^<>\s]+>", value)
        if found:
            return found.group(0)
        token = value.strip().split()[0] if value.strip() else ""
        if token and "@" in token:
            return f"<{token.strip('<>')}>"
    # No usable Message-ID: identify the message by its bytes, so an exact redelivery is
    # still recognised as seen.
    return f"<{hashlib.sha256(raw).hexdigest()[:32]}@no-message-id.invalid>"


def read_envelope(raw: bytes, message: Message | None = None) -> Envelope:
    """The headers of raw mail, robustly: raw header values, decoded one by one."""
    if message is None:
        message = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
    headers: list[tuple[str, str]] = []
    for name, value in message.raw_items():
        text = value if isinstance(value, str) else str(value)
        headers.append((name.lower(), _decode_header_value(_unfold(text))))
    found = dict(reversed(headers))  # first occurrence wins
    sender, sender_name = "", ""
    from_value = found.get("from", "")
    try:
        pairs = getaddresses([from_value])
    except Exception:
        pairs = []
    for name, address in pairs:
        if "@" in address and not any(c.isspace() for c in address):
            sender, sender_name = address.strip().lower(), name.strip()
            break
    return Envelope(
        message_id=_message_id(found.get("message-id"), raw),
        sender=sender,
        sender_name=sender_name,
        subject=found.get("subject", ""),
        headers=tuple(headers),
    )


# ---------------------------------------------------------------------------------------------
# Mail the judge never answers

_AUTO_SUBJECT = re.compile(
    r"^\s*(auto(matic)?[ -]?(reply|response)|out of (the )?office|undeliverable|"
    r"undelivered mail|delivery status notification|returned mail|mail delivery failed)",
    re.IGNORECASE,
)
_DAEMONS = ("mailer-daemon", "postmaster")


def auto_reply_reason(
    envelope: Envelope, content_type: str = "", judge_address: str = ""
) -> str | None:
    """Why this is an auto-reply, bounce, list or loop message (never to be answered), or None.

    The usual signals (RFC 3834 Auto-Submitted, the older X-Autoreply family, Precedence,
    RFC 2369 list headers, null Return-Path, delivery reports), and our own mail coming back.
    """
    auto_submitted = envelope.get("auto-submitted")
    if auto_submitted is not None:
        kind = auto_submitted.split(";")[0].strip().lower()
        if kind != "no":
            return f"Auto-Submitted: {kind}"
    for name in ("x-autoreply", "x-autorespond", "x-autoresponder", "x-failed-recipients"):
        if envelope.has(name):
            return f"{name} header"
    precedence = (envelope.get("precedence") or "").strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    for name in ("list-id", "list-unsubscribe", "list-post"):
        if envelope.has(name):
            return f"list mail ({name})"
    return_path = envelope.get("return-path")
    if return_path is not None and return_path.strip() in ("<>", ""):
        return "bounce (null Return-Path)"
    local = envelope.sender.partition("@")[0]
    if local in _DAEMONS:
        return f"bounce (from {local})"
    if return_path and return_path.strip(" <>").lower().partition("@")[0] in _DAEMONS:
        return "bounce (Return-Path)"
    if content_type.lower().startswith("multipart/report"):
        return "delivery report (multipart/report)"
    if judge_address and envelope.sender == judge_address.lower():
        return "mail from the judge itself"
    if envelope.has("x-spaceships-judge"):
        return "mail sent by a Spaceships judge"
    if _AUTO_SUBJECT.match(envelope.subject):
        return "auto-reply subject"
    return None


# ---------------------------------------------------------------------------------------------
# Body text


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Bytes in a declared charset that may be wrong, unknown or absent: never raises."""
    candidates: list[str] = []
    if charset:
        try:
            info = codecs.lookup(charset.strip().strip('"'))
            # Only real text encodings: "base64", "zlib" and friends are codecs too.
            if info._is_text_encoding:  # type: ignore[attr-defined]
                candidates.append(info.name)
        except (LookupError, ValueError):
            pass
    candidates += ["utf-8", "cp1252"]
    for name in candidates:
        try:
            return data.decode(name)
        except (UnicodeDecodeError, LookupError, ValueError):
            continue
    return data.decode("latin-1")  # every byte is a character: cannot fail


def _part_text(part: Message, charset: str | None) -> str:
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if not isinstance(payload, bytes):
        raw = part.get_payload()
        if isinstance(raw, str):
            payload = raw.encode("utf-8", "surrogateescape")
        else:
            return ""
    return decode_bytes(payload, charset)


@dataclass(frozen=True, slots=True)
class _PartInfo:
    content_type: str
    charset: str | None
    attachment: bool


def _info(part: Message) -> _PartInfo:
    """A part's type, charset and disposition, each header parsed once (the header registry
    of policy.default re-parses on every access, and this runs for every message)."""
    try:
        header = part.get("content-type")
        content_type = getattr(header, "content_type", None) or part.get_default_type()
        params = getattr(header, "params", {}) or {}
        charset = params.get("charset")
    except Exception:
        content_type, charset = part.get_default_type(), None
    try:
        disposition = part.get("content-disposition")
        attachment = getattr(disposition, "content_disposition", None) == "attachment"
    except Exception:
        attachment = False
    return _PartInfo(content_type.lower(), charset, attachment)


class _HtmlText(HTMLParser):
    """HTML to the text a reader sees: block elements become line breaks, whitespace
    collapses as a browser would, scripts, styles and quoted mail (blockquote) are dropped."""

    _BLOCK = frozenset(
        "p div br li tr h1 h2 h3 h4 h5 h6 pre table ul ol dl dt dd section article header "
        "footer hr address form fieldset".split()
    )
    _SKIP = frozenset(("script", "style", "head", "title", "blockquote", "template"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.skip = 0
        self.pre = 0

    def _break(self, always: bool = False) -> None:
        # A block boundary starts a new line; only <br> makes empty ones (blank lines end a
        # fleet or orders block, so they must be the writer's, not the markup's).
        if always or not self._at_line_start():
            self.chunks.append("\n")

    def _at_line_start(self) -> bool:
        for chunk in reversed(self.chunks):
            if chunk.strip(" "):
                return chunk.rstrip(" ").endswith("\n")
        return True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("td", "th") and not self._at_line_start():
            self.chunks.append(" ")  # cells of a row side by side, not run together
        if tag in self._SKIP:
            self.skip += 1
        elif tag == "br":
            self._break(always=True)
        elif tag in self._BLOCK:
            self._break()
        if tag == "pre":
            self.pre += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self._break(always=True)
        elif tag in self._BLOCK:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in self._BLOCK and tag != "br":
            self._break()
        if tag == "pre":
            self.pre = max(0, self.pre - 1)

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre:
            self.chunks.append(data)
            return
        data = re.sub(r"\s+", " ", data)
        if self._at_line_start():
            data = data.lstrip(" ")
        if data:
            self.chunks.append(data)

    def text(self) -> str:
        lines = "".join(self.chunks).replace("\xa0", " ").split("\n")
        return "\n".join(line.rstrip() for line in lines)


def html_to_text(html: str) -> str:
    parser = _HtmlText()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # html.parser is lenient, but never let markup stop a message
        pass
    return parser.text()


def body_text(message: Message) -> str:
    """The text a player wrote: the first inline text/plain part, else the HTML one as text,
    else the first text part of any kind; a multipart whose boundary never comes is read as
    the plain text it is."""
    found: dict[str, tuple[Message, _PartInfo]] = {}
    try:
        for part in message.walk():
            if part.is_multipart():
                continue
            info = _info(part)
            if not info.content_type.startswith("text/"):
                continue
            kind = info.content_type[5:] if not info.attachment else "attached"
            if kind not in ("plain", "html"):
                kind = "other" if not info.attachment else kind
            found.setdefault(kind, (part, info))
            if kind == "plain":
                break
    except Exception:
        pass
    for kind in ("plain", "html", "other", "attached"):
        if kind in found:
            part, info = found[kind]
            text = _part_text(part, info.charset)
            return html_to_text(text) if info.content_type == "text/html" else text
    if not message.is_multipart():
        # A multipart whose boundary never comes (or a type we do not know) still has a
        # text payload: read it as plain text rather than ignore what the player wrote.
        return _part_text(message, _info(message).charset)
    return ""


# ---------------------------------------------------------------------------------------------
# Command lines: what the player typed, without quotes, signatures and pasted old mail

_ATTRIBUTION = re.compile(
    r"(\bwrote:|\ba écrit ?:|\bschrieb\b.*:|\bescribió:|\bscrisse:|\bskrev:|\bschreef\b.*:)\s*$",
    re.IGNORECASE,
)
_ORIGINAL = re.compile(
    r"^\s*(-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|"
    r"message d'origine)\s*-{2,}|_{10,}|begin forwarded message:)\s*$",
    re.IGNORECASE,
)
_MAIL_HEADER_LINE = re.compile(r"^\s*(from|von|de|sent|date|to|subject|an|betreff):\s", re.I)
_SENT_FROM = re.compile(
    r"^\s*(sent from my |sent from (outlook|mail) for |get outlook for |envoyé de mon )", re.I
)


def _is_pasted_header_block(lines: list[str], start: int) -> bool:
    """Outlook-style top posting: "From: ...", "Sent: ...", "Subject: ..." introducing the
    previous message, pasted below the reply without `>` quoting."""
    window = [line for line in lines[start : start + 6] if line.strip()]
    return len(window) >= 2 and sum(bool(_MAIL_HEADER_LINE.match(w)) for w in window[:4]) >= 2


def command_lines(text: str) -> str:
    """The lines the player wrote: stops at a signature (`-- `), an attribution ("On ...
    wrote:"), or a pasted earlier message; drops `>` quoted lines and "Sent from my phone"."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        if stripped in ("--", "-- "):  # RFC 3676 signature separator (trailing space often lost)
            break
        if _ATTRIBUTION.search(stripped):
            break
        # An attribution wrapped over two lines: "On Mon, 2 Mar 2026, Alice <" / "a@b> wrote:".
        if stripped.lower().startswith(("on ", "le ", "am ")) and index + 1 < len(lines):
            if _ATTRIBUTION.search(lines[index + 1].rstrip()) and len(stripped) < 200:
                break
        if _ORIGINAL.match(stripped):
            break
        if _MAIL_HEADER_LINE.match(stripped) and _is_pasted_header_block(lines, index):
            break
        if stripped.lstrip().startswith(">"):
            continue
        if _SENT_FROM.match(stripped):
            continue
        kept.append(stripped)
    while kept and not kept[-1].strip():
        kept.pop()
    while kept and not kept[0].strip():
        kept.pop(0)
    return "\n".join(kept)


_REPLY_PREFIX = re.compile(
    r"^\s*((re|fwd?|aw|wg|sv|vs|antw|réf|tr|r)(\[\d+\]|\(\d+\))?\s*:\s*)+", re.IGNORECASE
)
_GAME_TAG = re.compile(r"\[spaceships(?:\s+([^\]]*))?\]\s*", re.IGNORECASE)


def clean_subject(subject: str) -> tuple[str, str | None]:
    """(subject without reply prefixes and our `[spaceships game]` tag, the tagged game)."""
    text = _REPLY_PREFIX.sub("", subject)
    game: str | None = None
    tag = _GAME_TAG.search(text)
    if tag:
        game = (tag.group(1) or "").strip() or None
        text = text[: tag.start()] + text[tag.end() :]
        text = _REPLY_PREFIX.sub("", text)
    return " ".join(text.split()), game


# ---------------------------------------------------------------------------------------------
# The whole message


@dataclass(frozen=True, slots=True)
class Accepted:
    envelope: Envelope
    inbound: Inbound


@dataclass(frozen=True, slots=True)
class Ignored:
    envelope: Envelope
    reason: str


class _CachingHeaderRegistry(HeaderRegistry):
    """policy.default's header objects, parsed once per distinct (name, value).

    The default policy parses a header again on every access (the parser itself asks for the
    Content-Type several times per part), which made parsing the bulk of the judge's time per
    message. Header objects are immutable strings, so sharing them is safe, and values like
    `text/plain; charset="utf-8"` repeat from one message to the next.
    """

    _LIMIT = 4096

    def __init__(self) -> None:
        super().__init__()
        self._cache: dict[tuple[str, str], object] = {}

    def __call__(self, name: str, value: str):  # type: ignore[no-untyped-def]
        key = (name, value)
        found = self._cache.get(key)
        if found is None:
            found = super().__call__(name, value)
            if len(self._cache) >= self._LIMIT:
                self._cache.clear()
            self._cache[key] = found
        return found


POLICY = policy.default.clone(header_factory=_CachingHeaderRegistry())


def parse_message(raw: bytes) -> EmailMessage:
    message = BytesParser(policy=POLICY).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    return message


def content_type_of(message: Message) -> str:
    return _info(message).content_type


def read_mail(
    raw: bytes,
    received_at: datetime | None = None,
    judge_address: str = "",
    message: EmailMessage | None = None,
) -> Accepted | Ignored:
    """Raw mail to what the judge should read, or why it must stay unanswered. `message` is
    the raw mail already parsed (parse_message), when the caller has it."""
    if message is None:
        message = parse_message(raw)
    envelope = read_envelope(raw, message)
    reason = auto_reply_reason(envelope, content_type_of(message), judge_address)
    if reason is not None:
        return Ignored(envelope, reason)
    if not envelope.sender:
        return Ignored(envelope, "no usable From address")
    subject, _game = clean_subject(envelope.subject)
    text = command_lines(body_text(message))
    if not text.strip() and subject:
        # An empty body: the commands are in the subject ("join alpha").
        text = subject
    inbound = Inbound(
        sender=envelope.sender,
        text=text,
        subject=subject,
        sender_name=envelope.sender_name,
        message_id=envelope.message_id,
        received_at=received_at,
    )
    return Accepted(envelope, inbound)
