"""The suite-wide password watch (tests/conftest.py) catches what it must and nothing else."""

from __future__ import annotations

from password_watch import PasswordWatch

from pbem.messages import Attachment, Outbound


def issue(password: str) -> Outbound:
    return Outbound(
        ("a@example.org",),
        "Re: join alpha",
        f"Your password for alpha: {password}\n  game alpha {password}",
    )


def test_the_issuing_reply_may_hold_its_password() -> None:
    watch = PasswordWatch()
    watch.see([issue("amber-otter-tango")])
    assert watch.leaks == []


def test_a_password_in_any_later_message_is_a_leak_however_written() -> None:
    for written in (
        "amber-otter-tango",
        "AMBER OTTER TANGO",
        "amber_otter_tango",
        "amberottertango",
    ):
        watch = PasswordWatch()
        watch.see([issue("amber-otter-tango")])
        watch.see([Outbound(("b@example.org",), "Re: x", f"> game alpha {written}\n")])
        assert len(watch.leaks) == 1, written


def test_subjects_and_attachments_are_watched_too() -> None:
    watch = PasswordWatch()
    watch.see([issue("amber-otter-tango")])
    watch.see([Outbound(("a@example.org",), "Re: game alpha amber-otter-tango", "")])
    record = Attachment("alpha.ssr", "text/plain", b"# amber-otter-tango\n")
    watch.see([Outbound(("a@example.org",), "Game over", "", attachments=(record,))])
    assert len(watch.leaks) == 2


def test_another_game_issuing_the_same_words_is_not_a_leak_but_a_new_password() -> None:
    watch = PasswordWatch()
    watch.see([issue("amber-otter-tango"), issue("amber-otter-tango")])
    assert watch.leaks == []


def test_words_that_merely_contain_a_password_word_are_not_leaks() -> None:
    watch = PasswordWatch()
    watch.see([issue("amber-otter-tango")])
    watch.see([Outbound(("a@example.org",), "x", "amberotter tangos, the amber-otter")])
    assert watch.leaks == []
