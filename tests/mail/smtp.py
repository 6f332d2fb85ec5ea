"""A real SMTP server for the tests (aiosmtpd, in a thread of the test's process), and the
settings that point Django's SMTP backend at it, or at a port where nothing listens."""

from __future__ import annotations

import socket
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller


class Inbox:
    """What the server received, each message parsed (`.messages`)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        self.messages.append(message_from_bytes(raw, policy=policy.default))
        return "250 Message accepted for delivery"


def free_port() -> int:
    """A local port nothing listens on (bound and let go: a closed port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def smtp_settings(settings, port: int, site: str = "http://testserver") -> None:
    """Django's SMTP backend at 127.0.0.1:`port`, no TLS, short timeout; links to `site`."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.SITE_URL = site


def start_server(port: int) -> tuple[Controller, Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller, inbox


def body(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return part.get_content().replace("\r\n", "\n")


def attachments(message: EmailMessage) -> list[tuple[str, bytes]]:
    return [(p.get_filename() or "", p.get_content()) for p in message.iter_attachments()]
