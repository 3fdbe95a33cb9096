"""The bench's two ends of SMTP, lean on purpose: a relay sink that notes when each of the
judge's replies arrives, and a client that sends players' mail. On two cores, whatever CPU the
bench spends per mail is taken from the judges it measures; aiosmtpd and smtplib spent about as
much per mail as a judge does."""

from __future__ import annotations

import asyncio
import socket
import threading
import time


class Sink:
    """The judge's relay: notes when each reply (by In-Reply-To) arrives."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.condition = threading.Condition()
        self.missing: set[str] = set()  # what `wait` waits for; woken once, when all are in

    def note(self, content: bytes) -> None:
        now = time.perf_counter()
        head = content.split(b"\r\n\r\n", 1)[0]
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"in-reply-to:"):
                key = line.split(b":", 1)[1].strip().decode()
                with self.condition:
                    self.arrived[key] = now
                    if key in self.missing:
                        self.missing.discard(key)
                        if not self.missing:
                            self.condition.notify_all()

    def wait(self, ids: list[str], timeout: float) -> bool:
        """Until every reply of `ids` has arrived (woken once: a wake-up per reply would cost
        the judges a context switch each on a machine whose cores they share)."""
        deadline = time.monotonic() + timeout
        with self.condition:
            self.missing = {i for i in ids if i not in self.arrived}
            while self.missing:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.condition.wait(left)
        return True


class SinkProtocol(asyncio.Protocol):
    """Just enough of an SMTP server for the judge's relay client, and cheap: a full one
    (aiosmtpd) would cost this process about as much CPU per mail as the judge spends, and on
    two cores that is taken from the judges being measured."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.buffer = b""
        self.data: bytes | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport: asyncio.Transport = transport  # type: ignore[assignment]
        self.transport.write(b"220 bench sink\r\n")

    def data_received(self, chunk: bytes) -> None:
        self.buffer += chunk
        while True:
            if self.data is not None:
                end = self.buffer.find(b"\r\n.\r\n")
                if end == -1:
                    return
                self.sink.note(self.buffer[:end])
                self.buffer, self.data = self.buffer[end + 5 :], None
                self.transport.write(b"250 OK\r\n")
                continue
            end = self.buffer.find(b"\r\n")
            if end == -1:
                return
            line, self.buffer = self.buffer[:end], self.buffer[end + 2 :]
            verb = line[:4].upper()
            if verb == b"EHLO":  # as Postfix or Exim: commands may come pipelined (RFC 2920)
                self.transport.write(b"250-bench sink\r\n250 PIPELINING\r\n")
            elif verb == b"DATA":
                self.data = b""
                self.transport.write(b"354 go on\r\n")
            elif verb == b"QUIT":
                self.transport.write(b"221 bye\r\n")
                self.transport.close()
                return
            else:  # MAIL, RCPT, RSET, NOOP
                self.transport.write(b"250 OK\r\n")


def start_sink() -> tuple[Sink, int]:
    sink = Sink()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    async def serve() -> asyncio.AbstractServer:
        return await loop.create_server(lambda: SinkProtocol(sink), "127.0.0.1", 0)

    server = asyncio.run_coroutine_threadsafe(serve(), loop).result()
    return sink, server.sockets[0].getsockname()[1]


class Wire:
    """A lean SMTP client (the players' mail servers): the commands written straight to the
    socket, each answer read as it comes; smtplib's own work per mail would be counted
    against the judges sharing the two cores."""

    def __init__(self, host: str, port: int, timeout: float = 60) -> None:
        self.socket = socket.create_connection((host, port), timeout=timeout)
        self.file = self.socket.makefile("rb")
        self._answer(b"220")
        self._command(b"EHLO bench.example\r\n", b"250")

    def _answer(self, expected: bytes) -> None:
        while True:
            line = self.file.readline()
            if not line.startswith(expected):
                raise SystemExit(f"the judge answered {line!r}, not {expected.decode()}")
            if line[3:4] != b"-":  # the last line of a multi-line answer
                return

    def _command(self, command: bytes, expected: bytes) -> None:
        self.socket.sendall(command)
        self._answer(expected)

    def sendmail(self, sender: str, recipients: list[str], raw: bytes) -> None:
        self._command(f"MAIL FROM:<{sender}>\r\n".encode(), b"250")
        for recipient in recipients:
            self._command(f"RCPT TO:<{recipient}>\r\n".encode(), b"250")
        self._command(b"DATA\r\n", b"354")
        # The bench's own mail: CRLF already, and no line starts with a dot.
        self._command(raw + b".\r\n" if raw.endswith(b"\r\n") else raw + b"\r\n.\r\n", b"250")

    def __enter__(self) -> Wire:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._command(b"QUIT\r\n", b"221")
        finally:
            self.file.close()
            self.socket.close()
