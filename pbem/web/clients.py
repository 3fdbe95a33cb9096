"""Who a request comes from, for the brakes that count per client (issue 42, item 4): the peer
that connected, unless it is a proxy the keeper named (`--trusted-proxy`,
SPACESHIPS_WEB_TRUSTED_PROXIES); then the address that proxy forwards. A forwarded address
from anyone else is ignored: otherwise every request could name a new client."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping

TRUSTED_PROXIES = "SPACESHIPS_WEB_TRUSTED_PROXIES"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class ProxyError(ValueError):
    """A trusted proxy that is not an address or a network."""


def trusted_proxies(values: Iterable[str]) -> tuple[Network, ...]:
    """The proxies the keeper trusts: addresses or networks (`127.0.0.1`, `10.0.0.0/8`,
    `::1`), given one each or several joined by commas or spaces."""
    found: list[Network] = []
    for value in values:
        for part in value.replace(",", " ").split():
            try:
                found.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise ProxyError(
                    f"trusted proxy {part!r} is not an address or a network; give one like "
                    "127.0.0.1, ::1 or 10.0.0.0/8"
                ) from None
    return tuple(found)


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def client_of(peer: str | None, headers: Mapping[str, str], proxies: tuple[Network, ...]) -> str:
    """The client of a request from `peer`: the peer itself unless it is a trusted proxy; from
    one, the last address of X-Forwarded-For that is not a trusted proxy (the one the nearest
    proxy saw: those before it are the client's own words), else X-Real-IP, else the peer."""
    address = peer or "?"
    if not proxies or not _trusted(address, proxies):
        return address
    forwarded = [part.strip() for part in headers.get("X-Forwarded-For", "").split(",")]
    for hop in reversed([part for part in forwarded if part]):
        if not _trusted(hop, proxies):
            return hop
    real = headers.get("X-Real-IP", "").strip()
    return real or address
