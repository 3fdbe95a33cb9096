"""The game master's news through the judge: mailed by default when players join, when the
game begins, when a deadline passes with orders missing and at the end; `news off` (or
`create NAME news off`) stops all four, `news on` brings them back; refusals say why."""

from __future__ import annotations

from pbem_support import FLEET_A, FLEET_B, Person, Table

GM = "gm@example.org"


def _master_password(table: Table) -> str:
    reply = next(m for m in table.log if "Your master password:" in m.body)
    line = next(x for x in reply.body.splitlines() if "Your master password:" in x)
    return line.split(":", 1)[1].strip()


def _news(table: Table) -> list[str]:
    """The subjects of what the game master has been mailed, apart from direct replies."""
    gm = table.people[GM]
    return [
        m.subject
        for m in gm.inbox
        if "(You are its game master.)" in m.body
        or (m.subject.endswith(("deadline passed", "game over")))
    ]


def _play_through(table: Table, create: str, between: str = "") -> tuple[Person, Person]:
    """Create, join, fleets, a deadline passed with B's orders missing, then B resigns.
    `between` is what the game master sends after the game is created."""
    gm = table.person(GM, "Gamemaster")
    gm.send(create)
    if between:
        assert "news" in gm.send(f"master alpha {_master_password(table)}\n{between}").body
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    alice.orders(1, "Rx4")
    table.clock.advance(hours=49)
    table.tick()
    bob.send(bob.sign_on() + "resign")
    return alice, bob


# -- the four kinds of news, by default ------------------------------------------------------
def test_the_game_master_is_mailed_joins_start_missed_deadline_and_end(table: Table) -> None:
    _play_through(table, "create alpha deadline 48h")
    news = _news(table)
    assert news == [
        "Spaceships alpha: a player has joined",
        "Spaceships alpha: both players have joined",
        "Spaceships alpha: the game begins",
        "Spaceships alpha: turn 1 adjudicated without orders",
        "Spaceships alpha: game over",
    ]


def test_the_game_master_hears_of_a_passed_deadline_with_the_wait_policy(table: Table) -> None:
    _play_through(table, "create alpha deadline 48h missing wait")
    assert "Spaceships alpha: deadline passed" in _news(table)


# -- news off ---------------------------------------------------------------------------------
def test_after_news_off_the_game_master_is_mailed_none_of_the_four(table: Table) -> None:
    _play_through(table, "create alpha deadline 48h", between="news off")
    assert _news(table) == []
    players_got = table.people["alice@example.org"].inbox
    assert players_got[-1].subject == "Spaceships alpha: game over"  # the players still are


def test_news_off_also_silences_a_passed_deadline_under_the_wait_policy(table: Table) -> None:
    _play_through(table, "create alpha deadline 48h missing wait", between="news off")
    assert _news(table) == []


def test_news_off_can_be_set_at_create_and_is_shown_in_the_settings(table: Table) -> None:
    gm = table.person(GM)
    reply = gm.send("create alpha deadline 48h news off private")
    assert "news off, private" in reply.body
    _play_through_rest(table)
    assert _news(table) == []


def test_news_on_again_restores_the_mails(table: Table) -> None:
    gm = table.person(GM)
    gm.send("create alpha news off")
    reply = gm.send(f"master alpha {_master_password(table)}\nnews on")
    assert "Game alpha: news on. The judge mails you when a player joins" in reply.body
    table.person("alice@example.org", "Alice").join()
    assert _news(table) == ["Spaceships alpha: a player has joined"]


def test_the_reply_to_news_off_says_what_stops_and_how_to_undo_it(table: Table) -> None:
    gm = table.person(GM)
    gm.send("create alpha")
    reply = gm.send(f"master alpha {_master_password(table)}\nNEWS OFF")
    assert "Game alpha: news off. The judge no longer mails you" in reply.body
    assert "`news on` turns the mails back on" in reply.body
    assert table.store.game("alpha").master_news is False  # type: ignore[union-attr]


# -- refusals ---------------------------------------------------------------------------------
def test_news_from_a_player_is_refused_as_a_game_master_command(table: Table) -> None:
    table.person(GM).send("create alpha")
    alice = table.person("alice@example.org", "Alice")
    alice.join()
    reply = alice.send(alice.sign_on() + "news off")
    assert "`news` is for the game master: put `master NAME PASSWORD` on a line above it" in (
        reply.body
    )
    assert table.store.game("alpha").master_news is True  # type: ignore[union-attr]


def test_a_bad_news_value_is_refused_with_a_hint(table: Table) -> None:
    gm = table.person(GM)
    gm.send("create alpha")
    reply = gm.send(f"master alpha {_master_password(table)}\nnews maybe")
    assert "`news maybe`: the game master's news is on or off" in reply.body
    assert "hint: `news off` stops the judge's mails" in reply.body
    assert table.store.game("alpha").master_news is True  # type: ignore[union-attr]


def test_a_bad_news_value_at_create_creates_no_game(table: Table) -> None:
    reply = table.person(GM).send("create alpha news sometimes")
    assert "`news sometimes`: the game master's news is on or off" in reply.body
    assert table.store.game("alpha") is None


def test_news_without_a_value_names_the_usage(table: Table) -> None:
    gm = table.person(GM)
    gm.send("create alpha")
    reply = gm.send(f"master alpha {_master_password(table)}\nnews")
    assert "`news` needs a value" in reply.body
    assert "`news on|off`" in reply.body


def test_help_lists_news_and_explains_it(table: Table) -> None:
    person = table.person("someone@example.org")
    assert "news on|off" in person.send("help").body
    assert "`news off` stops those mails" in person.send("help news").body
    assert "news on|off" in person.send("help guide").body


def _play_through_rest(table: Table) -> None:
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    table.clock.advance(hours=49)
    table.tick()
    bob.send(bob.sign_on() + "resign")
