"""Space Chess in Discord through simcord (issue 22): a challenge accepted, the board's picture
in the game's thread after every turn (the same for everyone: one public post, no DMs), the
"Submit moves" form and `/spaceships orders`, a slip refused with its rule, the end with the
record attached. The bot names no game: all of it comes from the game's kind."""

from __future__ import annotations

from typing import Any

from bot_support import World, attachment_bytes, start_game, text_of

from notation.spacechess.record import Record
from spacechess.engine.check import replay

# samples/spacechess/short.scr: on turn 6 the Aliens' impactor flies into their own command
# ship [SC7, SC11].
MOVES = ["M@Ab2", "M@Hb4 M@Gd2", "Eb1-Eb4 Eb4-Jb2", "Jd4-Jd2 Hd3-Hd2", "Jb2-Dc2 M@Aa3"]
LAST = "Jd2>Jd3 Gd4-Fd4"


def board_posts(thread: Any) -> list[Any]:
    return [m for m in thread.history() if m.embeds]


async def test_a_whole_game_of_space_chess_from_challenge_to_the_record(world: World) -> None:
    thread = await start_game(world, game="chess")
    alice, bob = world.member("alice"), world.member("bob")
    assert thread.name == "Space Chess alice-bob"
    first = thread.history()[0].content
    assert "Space Chess" in first and "(Terrans) against" in first, first
    begins = board_posts(thread)
    assert len(begins) == 1
    assert "alice-bob-start.png" in [n for n, _ in attachment_bytes(world.env, begins[0])]
    assert "Submit moves (turn 1, Terrans)" in str(begins[0].components)
    assert "Turn 1: alice (Terrans) to act" in begins[0].embeds[0].description
    assert begins[0].embeds[0].title == "alice-bob: the game begins"  # no battle in it

    # Turn 1 by the form under the post.
    form = await alice.click(begins[0], label="Submit moves (turn 1, Terrans)")
    assert form.modal is not None, text_of(form)
    field = form.modal["components"][0]["components"][0]["custom_id"]
    sent = await alice.submit_modal(form, {field: MOVES[0]})
    assert "Your turn 1 is played: M@Ab2" in text_of(sent), text_of(sent)
    after = board_posts(thread)[-1]
    assert "alice-bob-turn1.png" in [n for n, _ in attachment_bytes(world.env, after)]
    assert "Terran support ship lays a mine at Ab2" in after.embeds[0].description
    assert "Submit moves (turn 2, Aliens)" in str(after.components)
    stale = text_of(await alice.click(begins[0], label="Submit moves (turn 1, Terrans)"))
    assert "turn 1 of alice-bob, which is over: turn 2 is open now; nothing changed" in stale
    assert "the **Submit moves (turn 2, Aliens)** button under the latest" in stale

    # A slip: refused with its rule, nothing played.
    slip = text_of(await bob.slash(thread, "spaceships orders", text="Hd7-Hd3"))
    assert "`Hd7` is not a cell" in slip and "hint: the ranks are 1-4" in slip, slip
    illegal = text_of(await bob.slash(thread, "spaceships orders", text="Hd4-Hb4"))
    assert "nothing was played" in illegal and "[SC" in illegal and "hint" in illegal, illegal
    early = text_of(await alice.slash(thread, "spaceships orders", text="Eb1-Eb3"))
    assert "Aliens" in early and "nothing" in early.lower(), early

    # The rest by `/spaceships orders`.
    for number, actions in enumerate(MOVES[1:], 2):
        who = alice if number % 2 else bob
        answer = text_of(await who.slash(thread, "spaceships orders", text=actions))
        assert f"Your turn {number} is played" in answer, answer
        pictures = [n for n, _ in attachment_bytes(world.env, board_posts(thread)[-1])]
        assert f"alice-bob-turn{number}.png" in pictures
    await bob.slash(thread, "spaceships orders", text=LAST)
    game = world.store.game("alice-bob")
    assert game.phase == "over"
    final = board_posts(thread)[-1]
    assert final.embeds[0].title == "alice-bob: the game is over"
    assert "alice-bob is over; the record is below." in final.content
    said = "\n".join(e.description for e in final.embeds)
    assert "alice (Terrans) wins; the enemy command ship is destroyed [SC11]" in said
    files = dict(attachment_bytes(world.env, final))
    assert "alice-bob-end.png" in files
    record = files["alice-bob.scr"].decode()
    assert replay(Record.parse(record)).problem is None
    assert "6 A: Jd2>Jd3 Gd4-Fd4" in record
    # Open information: nobody got the game by DM, the thread carries it.
    assert [m for m in world.dms("alice") + world.dms("bob") if m.embeds] == []


async def test_a_draw_offered_and_accepted_ends_the_game_with_the_record(world: World) -> None:
    thread = await start_game(world, game="chess")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships orders", text=MOVES[0])
    offered = await bob.slash(thread, "spaceships draw")
    assert offered.ephemeral
    assert "Your draw offer in alice-bob is sent to alice (Terrans)" in text_of(offered)
    told = [m.content for m in world.dms("alice")] + [m.content for m in thread.history()]
    assert any("bob (Aliens) offers a draw" in t and "`/spaceships draw`" in t for t in told)
    again = text_of(await bob.slash(thread, "spaceships draw"))
    assert "your draw offer in alice-bob stands already" in again
    accepted = text_of(await alice.slash(thread, "spaceships draw"))
    assert "You accepted the draw: alice-bob is drawn" in accepted
    assert world.store.game("alice-bob").phase == "over"
    final = board_posts(thread)[-1]
    said = "\n".join(e.description for e in final.embeds)
    assert "no winner; drawn by agreement [SC12]" in said
    files = dict(attachment_bytes(world.env, final))
    assert '[Termination "agreement"]' in files["alice-bob.scr"].decode()
    late = text_of(await bob.slash(thread, "spaceships draw"))
    assert "alice-bob is over" in late


async def test_draw_in_a_game_without_draws_says_so(world: World) -> None:
    thread = await start_game(world)
    answer = text_of(await world.member("alice").slash(thread, "spaceships draw"))
    assert "a game of Spaceships has no `draw`" in answer


async def test_help_topic_chess_explains_the_game_in_discord_s_words(world: World) -> None:
    answer = text_of(
        await world.member("alice").slash(world.channel, "spaceships help", topic="chess")
    )
    assert "/spaceships challenge member:@bob game:Space Chess" in answer
    assert "/spaceships orders text:Eb1-Eb4 Ba1>Bb1" in answer and "[SC2]" in answer
    assert "PASSWORD" not in answer  # the mail guide's sign-on is not for Discord


async def test_a_game_against_the_computer_it_answers_each_turn_at_once(world: World) -> None:
    alice = world.member("alice")
    wrong = await alice.slash(world.channel, "spaceships play", game="chess", level="hunt")
    assert "`hunt` is not a level of the Space Chess computer" in text_of(wrong)
    assert "level:search" in text_of(wrong) and world.channel.threads == []
    await alice.slash(world.channel, "spaceships play", game="chess", level="greedy")
    thread = world.thread()
    assert thread.name.startswith("Space Chess ")
    game = world.store.game(thread.name.removeprefix("Space Chess "))
    assert game is not None and game.ruleset == "chess"
    answer = text_of(await alice.slash(thread, "spaceships orders", text="M@Ab2"))
    assert "Your turn 1 is played" in answer, answer
    titles = [e.title for m in board_posts(thread) for e in m.embeds]
    assert titles[0] == f"{game.name}: the game begins"  # in the thread, not by DM
    assert titles[-2:] == [f"{game.name}: turn 1 resolved", f"{game.name}: turn 2 resolved"]
    assert "Submit moves (turn 3, Terrans)" in str(board_posts(thread)[-1].components)
    dms = [e.title for m in world.dms("alice") for e in m.embeds]
    assert dms == [], dms


async def test_a_rated_challenge_of_space_chess_goes_on_its_own_ladder(world: World) -> None:
    """Challenges are rated unless made `rated: False` (issue 34): the end tells both ratings'
    change and `/spaceships ladder game:chess` shows it; the Spaceships ladder is untouched."""
    thread = await start_game(world, game="chess")
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships orders", text=MOVES[0])
    asked = await bob.slash(thread, "spaceships resign")
    await bob.click(asked.response.message, label="Resign alice-bob")
    over = "\n".join(e.description or "" for m in thread.history() for e in m.embeds)
    assert "Ratings (Space Chess): alice 1500? -> " in over, over
    shown = await alice.slash(world.channel, "spaceships ladder", game="chess")
    embed = shown.response.message.embeds[0]
    assert embed.title.startswith("Space Chess ladder")
    assert "after 1 rated game(s)" in embed.fields[0].value
    spaceships = await alice.slash(world.channel, "spaceships ladder")
    assert "No rated Spaceships game" in spaceships.response.message.embeds[0].fields[0].value


async def test_a_casual_challenge_of_space_chess_changes_no_rating(world: World) -> None:
    thread = await start_game(world, game="chess", rated=False)
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships orders", text=MOVES[0])
    asked = await bob.slash(thread, "spaceships resign")
    await bob.click(asked.response.message, label="Resign alice-bob")
    over = "\n".join(e.description or "" for m in thread.history() for e in m.embeds)
    assert "is over" in over or "wins" in over
    assert "Ratings" not in over
