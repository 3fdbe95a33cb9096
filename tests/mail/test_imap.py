"""`poll` against a real IMAP server: a throwaway Dovecot on a free localhost port, with its
own configuration and mail under the test's temporary directory. Skipped, saying why, where
Dovecot is not installed (Debian: dovecot-imapd; .ci/run installs it)."""

from __future__ import annotations

import grp
import imaplib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.judge import Judge
from pbem.mail.config import ServerAddress
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.mail.imap import ImapError, poll_once, run_here
from pbem.storage.store import open_store
from spaceships_cli import main

DOVECOT = shutil.which("dovecot") or (
    "/usr/sbin/dovecot" if os.path.exists("/usr/sbin/dovecot") else None
)
PASSWORD = "correct-horse"


@pytest.fixture
def dovecot(free_port: int) -> Iterator[ServerAddress]:
    if DOVECOT is None:
        pytest.skip("Dovecot is not installed (Debian: apt-get install dovecot-imapd)")
    # Not under pytest's private temporary root: Dovecot's own users must reach the files.
    with tempfile.TemporaryDirectory(prefix="spaceships-dovecot-") as name:
        root = Path(name)
        root.chmod(0o755)
        yield from _run_dovecot(root, free_port)


@pytest.fixture
def dovecot_tls(
    free_port: int, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[ServerAddress, ServerAddress]]:
    """Dovecot with a certificate for `localhost` from a test authority the judge is told to
    trust (SSL_CERT_FILE, as an admin with a private CA would): STARTTLS on the IMAP port and
    imaps on a second one."""
    if DOVECOT is None:
        pytest.skip("Dovecot is not installed (Debian: apt-get install dovecot-imapd)")
    import trustme

    with tempfile.TemporaryDirectory(prefix="spaceships-dovecot-") as name:
        root = Path(name)
        root.chmod(0o755)
        ca = trustme.CA()
        issued = ca.issue_cert("localhost")
        ca.cert_pem.write_to_path(str(root / "ca.pem"))
        issued.private_key_pem.write_to_path(str(root / "key.pem"))
        with (root / "cert.pem").open("wb") as chain:
            for blob in issued.cert_chain_pems:
                chain.write(blob.bytes())
        monkeypatch.setenv("SSL_CERT_FILE", str(root / "ca.pem"))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            secure = s.getsockname()[1]
        for plain in _run_dovecot(root, free_port, secure):
            yield (
                ServerAddress("localhost", plain.port, "starttls", "judge", PASSWORD, "INBOX"),
                ServerAddress("localhost", secure, "ssl", "judge", PASSWORD, "INBOX"),
            )


def _run_dovecot(root: Path, port: int, secure: int = 0) -> Iterator[ServerAddress]:
    home = root / "home"
    home.mkdir()
    if os.getuid() == 0:
        # Dovecot will not run mail processes as root: use nobody for the test mailbox.
        uid = gid = 65534
        os.chown(home, uid, gid)
        users = ""
    else:
        # Not root: every Dovecot process runs as this user, none chroots.
        uid, gid = os.getuid(), os.getgid()
        me = pwd.getpwuid(uid).pw_name
        group = grp.getgrgid(gid).gr_name
        users = (
            f"default_internal_user = {me}\ndefault_login_user = {me}\n"
            f"default_internal_group = {group}\n"
        )
    (root / "passwd").write_text(f"judge:{{PLAIN}}{PASSWORD}\n")
    tls = (
        f"ssl = yes\nssl_cert = <{root}/cert.pem\nssl_key = <{root}/key.pem\n"
        if secure
        else "ssl = no\n"
    )
    (root / "dovecot.conf").write_text(
        f"""base_dir = {root}/run
state_dir = {root}/state
instance_name = spaceships-test-{port}
protocols = imap
listen = 127.0.0.1
{users}service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {secure}
  }}
  chroot =
}}
service anvil {{
  chroot =
}}
{tls}disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = {root}/dovecot.log
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={home}/%u
}}
first_valid_uid = 1
mail_location = maildir:~/Maildir
"""
    )
    process = subprocess.Popen(
        [DOVECOT, "-F", "-c", str(root / "dovecot.conf")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None:
                    break
                time.sleep(0.1)
        if process.poll() is not None:
            log = (root / "dovecot.log").read_text() if (root / "dovecot.log").exists() else ""
            output = process.stdout.read().decode(errors="replace")  # type: ignore[union-attr]
            pytest.skip(f"Dovecot did not start here: {(output + log).strip()[-300:]}")
        yield ServerAddress("127.0.0.1", port, "plain", "judge", PASSWORD, "INBOX")
    finally:
        process.terminate()
        process.wait(10)


def deliver(server: ServerAddress, *messages: bytes, mailbox: str = "INBOX") -> None:
    client = imaplib.IMAP4(server.host, server.port)
    client.login(server.username, server.password)
    for raw in messages:
        client.append(mailbox, None, None, raw)
    client.logout()


def mailbox_state(server: ServerAddress, mailbox: str) -> tuple[int, int]:
    """(messages, unseen) in a mailbox."""
    client = imaplib.IMAP4(server.host, server.port)
    client.login(server.username, server.password)
    status, data = client.status(mailbox, "(MESSAGES UNSEEN)")
    client.logout()
    words = data[0].decode().replace("(", " ").replace(")", " ").split()
    return int(words[words.index("MESSAGES") + 1]), int(words[words.index("UNSEEN") + 1])


@pytest.fixture
def judge_gateway(tmp_path: Path) -> MailGateway:
    store = open_store(tmp_path / "judge.sqlite3")
    return MailGateway(
        store.connection,
        Judge(store, judge_address="judge@club.example"),
        Delivery(tmp_path / "outbox"),
        judge_address="judge@club.example",
        lock=store.lock,
    )


def test_poll_processes_new_mail_once_and_marks_it_seen(
    dovecot: ServerAddress, judge_gateway: MailGateway, mail
) -> None:
    create = mail("create alpha", message_id="<c1@example.org>")
    deliver(
        dovecot,
        create,
        mail("away", message_id="<v1@example.org>", headers={"Auto-Submitted": "auto-replied"}),
        create,  # delivered twice by a confused MTA
    )
    report = poll_once(dovecot, run_here(judge_gateway))
    assert [r.status for r in report.receipts] == ["processed", "ignored", "duplicate"]
    assert mailbox_state(dovecot, "INBOX") == (3, 0)
    replies = judge_gateway.delivery.pending()
    assert len(replies) == 1
    # Polling again finds nothing new.
    assert poll_once(dovecot, run_here(judge_gateway)).fetched == 0


def test_poll_can_move_processed_mail_to_a_folder(
    dovecot: ServerAddress, judge_gateway: MailGateway, mail
) -> None:
    deliver(dovecot, mail("list"), mail("help"))
    report = poll_once(dovecot, run_here(judge_gateway), move_to="Judge-done")
    assert report.fetched == 2
    assert mailbox_state(dovecot, "INBOX")[0] == 0
    assert mailbox_state(dovecot, "Judge-done")[0] == 2


def test_poll_command_once(dovecot: ServerAddress, tmp_path: Path, mail) -> None:
    deliver(dovecot, mail("create beta"))
    result = CliRunner().invoke(
        main,
        ["pbem", "poll", "--once", "--imap", f"imap://judge@127.0.0.1:{dovecot.port}"],
        env={
            "SPACESHIPS_DB": str(tmp_path / "cli.sqlite3"),
            "SPACESHIPS_OUTBOX": str(tmp_path / "cli-outbox"),
            "SPACESHIPS_IMAP_PASSWORD": PASSWORD,
        },
    )
    assert result.exit_code == 0, result.output
    assert "1 new: 1 processed" in result.output
    assert len(list((tmp_path / "cli-outbox" / "new").iterdir())) == 1


def test_a_folder_the_server_refuses_is_reported_and_the_mail_stays(
    dovecot: ServerAddress, judge_gateway: MailGateway, mail
) -> None:
    deliver(dovecot, mail("help"))
    with pytest.raises(ImapError, match="MOVE|COPY"):
        poll_once(dovecot, run_here(judge_gateway), move_to="no/such\\folder")
    assert mailbox_state(dovecot, "INBOX") == (1, 1)


def test_a_wrong_imap_password_is_reported(dovecot: ServerAddress, judge_gateway) -> None:
    wrong = ServerAddress(dovecot.host, dovecot.port, "plain", "judge", "nope", "INBOX")
    with pytest.raises(ImapError, match="IMAP"):
        poll_once(wrong, run_here(judge_gateway))


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_poll_over_tls_as_mail_providers_want_it(
    security: str, dovecot_tls: tuple[ServerAddress, ServerAddress], judge_gateway, mail
) -> None:
    starttls, imaps = dovecot_tls
    server = starttls if security == "starttls" else imaps
    plain = ServerAddress("127.0.0.1", starttls.port, "plain", "judge", PASSWORD, "INBOX")
    deliver(plain, mail("create gamma"))
    report = poll_once(server, run_here(judge_gateway))
    assert [r.status for r in report.receipts] == ["processed"]
    assert mailbox_state(plain, "INBOX") == (1, 0)


def test_an_imap_server_whose_certificate_is_not_trusted_is_refused_and_says_so(
    dovecot_tls: tuple[ServerAddress, ServerAddress],
    judge_gateway,
    mail,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    starttls, imaps = dovecot_tls
    monkeypatch.delenv("SSL_CERT_FILE")  # the system's authorities only: none signed it
    plain = ServerAddress("127.0.0.1", starttls.port, "plain", "judge", PASSWORD, "INBOX")
    deliver(plain, mail("create delta"))
    with pytest.raises(ImapError, match="certificate is not trusted"):
        poll_once(imaps, run_here(judge_gateway))
    assert mailbox_state(plain, "INBOX") == (1, 1)  # the mail waits, unread


def test_a_flood_past_the_hours_budget_stays_unread_in_the_mailbox(
    dovecot: ServerAddress, make_gateway, echo, mail
) -> None:
    """Issue 27 item 4: what the judge does not keep of a flood stays with the mailbox."""
    gateway = make_gateway(echo, rate_limit_per_hour=1)  # keeps 2 of an address an hour
    deliver(dovecot, *(mail(f"list {n}") for n in range(4)))
    report = poll_once(dovecot, run_here(gateway))
    assert [r.status for r in report.receipts] == ["processed", "limited"]
    assert mailbox_state(dovecot, "INBOX") == (4, 2)  # the other two: unread, not lost
