"""A parsed mail's MIME parts: its body as text, its attachments, whether it is encrypted.

Mail arrives in every shape: multipart or not, HTML only, any charset (declared wrongly or not
at all), any transfer encoding, `format=flowed`, broken MIME. Nothing here may raise on what a
sender wrote: the worst case is an empty body.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

from pbem.mail.html import html_to_text
from pbem.mail.written import clean, unflow

# Attachments read as text when the body holds no command: what players attach orders and
# fleets in (a text file; a record file of docs/notation.md).
TEXT_SUFFIXES = (".txt", ".text", ".ssr")
# Parts that come with mail but that no one attached: signatures, keys, Outlook's TNEF.
_NOT_ATTACHMENTS = frozenset(
    (
        "application/pgp-signature",
        "application/pkcs7-signature",
        "application/x-pkcs7-signature",
        "application/pgp-keys",
        "application/pgp-encrypted",
        "application/ms-tnef",
    )
)
_ENCRYPTED = ("multipart/encrypted", "application/pkcs7-mime", "application/x-pkcs7-mime")


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


@dataclass(frozen=True, slots=True)
class PartInfo:
    """A part's type, parameters and disposition, each header parsed once (the header
    registry of policy.default re-parses on every access, and this runs for every message)."""

    content_type: str
    params: dict[str, str]
    disposition: str | None  # "attachment", "inline" or None
    filename: str | None

    @property
    def charset(self) -> str | None:
        return self.params.get("charset")

    @property
    def flowed(self) -> bool:
        return self.params.get("format", "").lower() == "flowed"

    @property
    def delsp(self) -> bool:
        return self.params.get("delsp", "").lower() == "yes"


def part_info(part: Message) -> PartInfo:
    try:
        header = part.get("content-type")
        content_type = getattr(header, "content_type", None) or part.get_default_type()
        params = dict(getattr(header, "params", {}) or {})
    except Exception:
        content_type, params = part.get_default_type(), {}
    disposition: str | None = None
    filename: str | None = None
    try:
        header = part.get("content-disposition")
        if header is not None:
            disposition = getattr(header, "content_disposition", None)
            # The header object's params are parsed once (RFC 2231 decoded); get_filename()
            # would parse the raw header again, the slowest step of reading a plain mail.
            filename = (getattr(header, "params", None) or {}).get("filename")
    except Exception:
        pass
    if not filename and params.get("name"):
        filename = str(params["name"])
    params = {str(k).lower(): str(v) for k, v in params.items()}
    return PartInfo(content_type.lower(), params, disposition, filename or None)


def content_type_of(message: Message) -> str:
    return part_info(message).content_type


def _payload(part: Message) -> bytes:
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if isinstance(payload, bytes):
        return payload
    raw = part.get_payload()
    return raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""


def part_text(part: Message, info: PartInfo) -> str:
    """A text part as its reader sees it: decoded, flowed lines joined, HTML as text."""
    text = clean(decode_bytes(_payload(part), info.charset))
    if info.content_type == "text/html":
        return html_to_text(text)
    if info.flowed:
        return unflow(text, info.delsp)
    return text


@dataclass(frozen=True, slots=True)
class Attached:
    """A file someone attached: its name, type, and its text when it is a text file."""

    filename: str
    content_type: str
    text: str | None  # None: not a text file (the judge does not read it)


@dataclass(frozen=True, slots=True)
class MailParts:
    body: str
    attachments: tuple[Attached, ...]
    encrypted: bool


def _is_attachment(info: PartInfo) -> bool:
    if info.content_type in _NOT_ATTACHMENTS:
        return False
    return info.disposition == "attachment" or info.filename is not None


def _is_text_file(info: PartInfo) -> bool:
    name = (info.filename or "").lower()
    if name.endswith(TEXT_SUFFIXES):
        return True
    return info.content_type == "text/plain" and not name.endswith((".htm", ".html"))


def _walk(
    part: Message, parent: Message | None = None, parent_type: str = ""
) -> Iterator[tuple[Message, PartInfo, Message | None, str]]:
    """Every part with its info and its parent (and the parent's type), depth first, not
    looking inside encrypted ones."""
    info = part_info(part)
    yield part, info, parent, parent_type
    if part.is_multipart() and info.content_type not in _ENCRYPTED:
        payload = part.get_payload()
        for child in payload if isinstance(payload, list) else ():
            if isinstance(child, Message):
                yield from _walk(child, part, info.content_type)


def _joined(texts: list[str]) -> str:
    """The pieces of a body split around inline images, as one text: each piece keeps its own
    line ends, and two pieces never run together on one line."""
    whole = ""
    for text in texts:
        if whole and not whole.endswith("\n") and not text.startswith("\n"):
            whole += "\n"
        whole += text
    return whole


def mail_parts(message: Message) -> MailParts:
    """The body (the first inline text/plain part, else the HTML one as text, else the first
    text part of any kind), every attachment, and whether the mail is encrypted. A body split
    around inline images (Apple Mail: a multipart/mixed of text, image, text) is read whole:
    the pieces of its kind in that same multipart, in order. A multipart whose boundary never
    comes is read as the plain text it is."""
    bodies: dict[str, list[tuple[Message, PartInfo]]] = {}
    parents: dict[str, Message | None] = {}
    attachments: list[Attached] = []
    encrypted = False
    try:
        for part, info, parent, parent_type in _walk(message):
            if info.content_type in _ENCRYPTED:
                encrypted = True  # what is inside is ciphertext: nothing to read or list
                continue
            if part.is_multipart():
                continue
            if _is_attachment(info):
                # Images a client puts inline in HTML (a logo in a signature) are no one's
                # attachment; a file attached inline (Apple Mail) is.
                if info.content_type.startswith("image/") and part.get("content-id"):
                    continue
                text = part_text(part, info) if _is_text_file(info) else None
                attachments.append(Attached(info.filename or "(no name)", info.content_type, text))
                continue
            if not info.content_type.startswith("text/"):
                continue
            kind = info.content_type[5:]
            kind = kind if kind in ("plain", "html") else "other"
            if kind not in bodies:
                bodies[kind], parents[kind] = [(part, info)], parent
            elif parent is parents[kind] and parent_type == "multipart/mixed":
                # The same body after an inline image, not an alternative or a forwarded mail.
                bodies[kind].append((part, info))
    except Exception:
        pass
    for kind in ("plain", "html", "other"):
        if kind in bodies:
            text = _joined([part_text(part, info) for part, info in bodies[kind]])
            return MailParts(text, tuple(attachments), encrypted)
    if not message.is_multipart() and not attachments:
        # A multipart whose boundary never comes (or a type we do not know) still has a
        # text payload: read it as plain text rather than ignore what the sender wrote.
        return MailParts(part_text(message, part_info(message)), (), encrypted)
    return MailParts("", tuple(attachments), encrypted)


def body_text(message: Message) -> str:
    """The text of the body, as its reader sees it."""
    return mail_parts(message).body
