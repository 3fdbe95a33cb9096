"""Who a mail is from: the one address of its raw From header, or why there is none to answer.

The judge trusts the From address (as every play-by-email judge does): a seat belongs to it
and passwords are mailed to it. So it is read from the header as sent, never from a decoded
one: an encoded word (RFC 2047) may stand only in a display name or comment (RFC 2047
section 5), and decoding first would let `=?utf-8?b?...?= <mallory@example.org>` carry a
victim's address in its name. A From naming several mailboxes, or none, or an address with an
encoded word or a space in it, gives no sender: such mail is stored and never answered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.utils import getaddresses

# One mailbox (RFC 5322 3.4): a local part without spaces, encoded words or a second @,
# and a domain of labels (any letters, for internationalised mail: RFC 6532) or a literal.
_LOCAL = r'(?:[^\s@"<>()\[\],;:\\]+|"(?:[^"\\\r\n]|\\.)*")'
_DOMAIN = r"(?:[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)*|\[[^\[\]\s\\]+\])"
_ADDRESS = re.compile(rf"{_LOCAL}@{_DOMAIN}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


@dataclass(frozen=True, slots=True)
class Sender:
    """What the From header says: `address` (lower case, "" when there is none to answer),
    the display name decoded, and when there is no address, why (`problem`)."""

    address: str
    name: str = ""
    problem: str = ""


def decode_words(value: str) -> str:
    """RFC 2047 words decoded; undecodable words kept as they came."""
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value)))
    except Exception:  # bogus charset, broken encoded word: keep the raw text
        return value


def read_sender(raw_from: list[str]) -> Sender:
    """The sender of a mail whose From headers, unfolded but not decoded, are `raw_from`."""
    if not raw_from:
        return Sender("", problem="no From header")
    if len(raw_from) > 1:
        return Sender("", problem=f"{len(raw_from)} From headers (RFC 5322 3.6 allows one)")
    try:
        pairs = [(n, a) for n, a in getaddresses(raw_from) if a or n]
    except Exception:  # a header the parser cannot take apart is no address either
        pairs = []
    if not pairs:
        return Sender("", problem="From names no address")
    if len(pairs) > 1:
        return Sender(
            "", problem=f"From names {len(pairs)} addresses (the judge answers exactly one)"
        )
    name, address = pairs[0]
    address = address.strip()
    if "=?" in address:
        return Sender("", problem=f"an encoded word in the From address {address!r} (RFC 2047 5)")
    if not _ADDRESS.fullmatch(address):
        return Sender("", problem=f"From address {address!r} is not one mailbox")
    return Sender(address.lower(), " ".join(_CONTROL.sub(" ", decode_words(name)).split()))
