"""Raw mail bytes -> the Inbound the judge reads, or the reason the judge must not answer.

The headers (decoded robustly), the mail never to be answered (auto-replies in any language,
bounces, lists, loops), the subject, and the Inbound itself; the body's parts, the sender's
own lines and the choice of what to read live in `parts`, `written` and `reading`. Nothing
here may raise on what a sender wrote: the worst case is an empty command text.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.headerregistry import HeaderRegistry
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses

from pbem.mail.parts import content_type_of, decode_bytes, mail_parts
from pbem.mail.reading import choose_text
from pbem.mail.sender import decode_words, read_sender
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
    sender_problem: str = ""  # why `sender` is "" (several addresses in From, ...)

    def get(self, name: str) -> str | None:
        name = name.lower()
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def has(self, name: str) -> bool:
        return self.get(name) is not None

    @property
    def envelope_sender(self) -> str:
        """The envelope sender as the delivering server wrote it on top (`Return-Path`; the
        first one wins, so one the sender wrote in the mail itself never does): lower case,
        without brackets; "" when there is none."""
        value = (self.get("return-path") or "").strip()
        found = re.search(r"<([^<>]*)>", value)
        address = found.group(1) if found else value.split()[0] if value.split() else ""
        return address.strip().lower()[:320]


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
    return fallback_message_id(raw)


def fallback_message_id(raw: bytes) -> str:
    """The Message-ID of a message that has none (or none readable): made from its bytes."""
    return f"<{hashlib.sha256(raw).hexdigest()[:32]}@no-message-id.invalid>"


def header_block(raw: bytes) -> bytes:
    """The header block of raw mail (for a message too large to parse whole)."""
    for separator in (b"\r\n\r\n", b"\n\n"):
        end = raw.find(separator)
        if end != -1:
            return raw[: end + len(separator)]
    return raw[:65536]


def read_envelope(raw: bytes, message: Message | None = None) -> Envelope:
    """The headers of raw mail, robustly: raw header values, decoded one by one."""
    if message is None:
        message = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
    headers: list[tuple[str, str]] = []
    raw_from: list[str] = []
    for name, value in message.raw_items():
        text = _unfold(value if isinstance(value, str) else str(value))
        if name.lower() == "from":
            raw_from.append(text)  # read before decoding: see pbem.mail.sender
        headers.append((name.lower(), decode_words(text)))
    found = dict(reversed(headers))  # first occurrence wins
    sender = read_sender(raw_from)
    return Envelope(
        message_id=_message_id(found.get("message-id"), raw),
        sender=sender.address,
        sender_name=sender.name,
        sender_problem=sender.problem,
        subject=found.get("subject", ""),
        headers=tuple(headers),
    )


# ---------------------------------------------------------------------------------------------
# Mail the judge never answers

# Auto-replies that carry none of the headers: their subjects, as the clients of many
# languages write them (Outlook's localised "Automatic reply:", vacation notices).
_AUTO_SUBJECT = re.compile(
    r"^\s*[\[(]?\s*("
    r"auto(matic|matische?)?[ -]?(reply|response|antwort|r[üu]ckantwort)|"
    r"out of (the )?office|undeliverable|undelivered mail|delivery status notification|"
    r"returned mail|mail delivery failed|"
    r"abwesenheit|abwesend|au(ss|ß)er haus|"  # German
    r"r[ée]ponse automatique|absen(t|ce) du bureau|message d'absence|"  # French
    r"respuesta autom[áa]tica|fuera de la oficina|"  # Spanish
    r"risposta automatica|fuori (sede|ufficio)|"  # Italian
    r"resposta autom[áa]tica|fora do escrit[óo]rio|aus[êe]ncia|"  # Portuguese
    r"automatisch antwoord|afwezig|buiten kantoor|"  # Dutch
    r"automatiskt? svar|autosvar|fr[åa]nvar|frav[æe]r|"  # Scandinavian
    r"automaattinen vastaus|"  # Finnish
    r"odpowied[źz] automatyczna|automatyczna odpowied[źz]|poza biurem|"  # Polish
    r"automatick[áa] odpov[ěe][ďd]|mimo kancel[áa][řr]|"  # Czech
    r"automatikus v[áa]lasz|otomatik (yan[ıi]t|cevap)|"  # Hungarian, Turkish
    r"автоматический ответ|автоответ|αυτόματη απάντηση|"  # Russian, Greek
    r"自動応答|自動返信|不在|自动回复|自動回覆|자동 회신|자동 응답"  # Japanese, Chinese, Korean
    r")",
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
# Subjects

_REPLY_PREFIX = re.compile(
    r"^\s*((re|fwd?|aw|wg|sv|vs|antw|réf|tr|r)(\[\d+\]|\(\d+\))?\s*:\s*)+", re.IGNORECASE
)
_GAME_TAG = re.compile(r"\[spaceships(?:\s+([^\]]*))?\]\s*", re.IGNORECASE)


def is_tagged(subject: str) -> bool:
    """Whether the subject carries the judge's tag: a reply to the judge's own mail."""
    return _GAME_TAG.search(subject) is not None


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


def read_mail(
    raw: bytes,
    received_at: datetime | None = None,
    judge_address: str = "",
    message: EmailMessage | None = None,
    envelope: Envelope | None = None,
) -> Accepted | Ignored:
    """Raw mail to what the judge should read, or why it must stay unanswered. `message` is
    the raw mail already parsed (parse_message), and `envelope` its envelope (read_envelope),
    when the caller has them."""
    if message is None:
        message = parse_message(raw)
        envelope = None
    if envelope is None:
        envelope = read_envelope(raw, message)
    reason = auto_reply_reason(envelope, content_type_of(message), judge_address)
    if reason is not None:
        return Ignored(envelope, reason)
    if not envelope.sender:
        return Ignored(envelope, f"no usable From address: {envelope.sender_problem}")
    subject, _game = clean_subject(envelope.subject)
    reading = choose_text(mail_parts(message), subject, tagged=is_tagged(envelope.subject))
    notes = list(reading.notes)
    reply_to = _reply_to(envelope)
    if reply_to and reply_to != envelope.sender:
        notes.append(
            f"Your mail asks for replies to {reply_to} (Reply-To); the judge writes only to "
            f"the address a mail comes from, {envelope.sender}, and a seat belongs to the "
            "address that signs on."
        )
    inbound = Inbound(
        sender=envelope.sender,
        text=reading.text,
        subject=subject,
        sender_name=envelope.sender_name,
        message_id=envelope.message_id,
        received_at=received_at,
        notes=tuple(notes),
        read_subject=False,  # choose_text has decided
    )
    return Accepted(envelope, inbound)


def _reply_to(envelope: Envelope) -> str:
    value = envelope.get("reply-to")
    if not value:
        return ""
    try:
        pairs = getaddresses([value])
    except Exception:
        return ""
    addresses = [a.strip().lower() for _, a in pairs if "@" in a]
    return addresses[0] if len(addresses) == 1 else ", ".join(addresses)
