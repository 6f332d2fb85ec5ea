"""This computer on the club room's local network: the address phones reach it at, and whether
an address is one only this computer reaches (a loopback address).

Pure Python (the standard library's `socket` and `ipaddress`, no Django), so that `dev.py`,
`manage.py serve_lan` and the table codes page all find the same address the same way.

Why it matters: the table codes, their QR codes and the printed table cards point at the
address the director's browser used. Opened as http://127.0.0.1:8000 that is this laptop
itself, which no phone can reach; the LAN address (e.g. http://192.168.1.20:8000) is the one
they can, as long as clubscorer listens there (`python3 dev.py run 0.0.0.0:8000`, or
`manage.py serve_lan`).

Example: on a laptop at 192.168.1.20, lan_address() -> "192.168.1.20";
is_loopback("127.0.0.1") -> True, is_loopback("localhost") -> True,
is_loopback("192.168.1.20") -> False; with_host("http://127.0.0.1:8000", "192.168.1.20")
-> "http://192.168.1.20:8000".
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

# Any address outside the local network: connecting a UDP socket to it sends nothing, but makes
# the system choose the interface it would route through, whose address is the LAN's.
PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737), never routed on the internet


def lan_address() -> str:
    """The address other machines on the local network reach this one at: the address of the
    interface holding the default route, else the host name's, else 127.0.0.1 (this laptop
    only: no network at all)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(PROBE)
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if address and not address.startswith("0."):
        return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return address


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, as in a URL: "[::1]" too) is this computer only:
    "localhost" and its subdomains, 127.0.0.0/8, ::1. A name that is not an address (a
    server's "scores.example.org") is not: other machines resolve it for themselves."""
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def with_host(site: str, host: str) -> str:
    """`site` (scheme, host and port) with its host replaced, keeping the scheme and port."""
    parts = urlsplit(site)
    port = f":{parts.port}" if parts.port else ""
    shown = f"[{host}]" if ":" in host else host
    return urlunsplit((parts.scheme, shown + port, "", "", "")).rstrip("/")


def served_host(bind: str) -> str:
    """The host other machines reach a server bound at `bind` (runserver's "ADDRESS:PORT" or
    "PORT") by: "" when only this computer can (a loopback address, or a port alone, which
    runserver binds at 127.0.0.1); this computer's LAN address when bound to every interface
    (0.0.0.0, 0, ::); else the address bound.

    Examples: "8000" -> ""; "127.0.0.1:8000" -> ""; "0.0.0.0:8000" -> lan_address(), e.g.
    "192.168.1.20"; "192.168.1.20:8000" -> "192.168.1.20"; "[::]:8000" -> lan_address()."""
    # "[::]:8000" (IPv6) -> "::"; "0.0.0.0:8000" -> "0.0.0.0"; a port alone -> "".
    host = bind[1:].partition("]")[0] if bind.startswith("[") else bind.rpartition(":")[0]
    if not host or is_loopback(host):
        return ""
    if host in ("0.0.0.0", "0", "::"):
        found = lan_address()
        return "" if is_loopback(found) else found
    return host
