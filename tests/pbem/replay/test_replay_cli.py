"""`spaceships replay`: one self-contained page per record, holding only what its reader may
see [1.4]; a game in play needs `--as`; mistakes get a message, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

from replay_support import (
    FLEET_A,
    FLEET_B,
    FLEET_B_SWAPPED,
    in_play,
    page_data,
    run,
    run_process,
    sample,
)

from pbem.replay.page import record_in_page


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_finished_game_offers_every_view_and_its_record(tmp_path: Path) -> None:
    out = tmp_path / "long.html"
    done = run("replay", str(sample("game-2.6.1-long.ssr")), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "long.html: the replay" in done.stdout
    page = out.read_text(encoding="utf-8")
    data = page_data(page)
    assert [key for key, _ in data["views"]] == ["reveal", "A", "B", "public"]
    assert [f["id"] for f in data["frames"]][:3] == ["setup", "turn-1", "turn-2"]
    last = data["frames"][-1]["views"]["reveal"]["lines"][-1]
    assert last.startswith("Game over after turn 31: ")
    assert record_in_page(page) == sample("game-2.6.1-long.ssr").read_text(encoding="utf-8")
    assert "check it with <code>spaceships validate</code>" in page
    # Nothing leaves the file: no address outside it, and the page's policy forbids fetching.
    assert not re.search(r'(?:src|href)="(?!data:|#)', page)
    assert "http:" not in page and "https:" not in page and "url(" not in page
    assert "default-src 'none'" in page


def test_the_winner_s_score_comes_first_when_b_wins_2_3(tmp_path: Path) -> None:
    fleet = FLEET_A
    sinking = (
        "bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3",
        "bRv1Yv1 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2",
        "Bz3 Bz4",
    )
    turns = "".join(f"{n} A:\n{n} B: {orders}\n" for n, orders in enumerate(sinking, 1))
    record = _write(
        tmp_path,
        "b-wins.ssr",
        f'[Ruleset "2.6.1"]\n[A "Alice"]\n[B "Bob"]\n\n'
        f"A fleet: {fleet}\nB fleet: {fleet}\n\n{turns}",
    )
    out = tmp_path / "b-wins.html"
    done = run("replay", str(record), "-o", str(out))
    assert done.returncode == 0, done.stderr
    last = page_data(out.read_text(encoding="utf-8"))["frames"][-1]["views"]["reveal"]["lines"]
    assert last[-1] == "Game over after turn 3: Bob (B) wins, 22 to 0 [2.3].", last


def test_what_changed_is_marked_cell_by_cell(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    assert run("replay", str(sample("game-2.6.1-long.ssr")), "-o", str(out)).returncode == 0
    frames = page_data(out.read_text(encoding="utf-8"))["frames"]
    # Turn 3: A's five strikes missed in B's space, each a changed cell of A's picture of it.
    enemy = frames[3]["views"]["A"]["boards"][1]
    assert enemy["changed"] == ["Bv4", "By2", "Ow5", "Oz2", "Yx5"]
    assert all(enemy["marks"][c] == "o" for c in enemy["changed"])
    assert frames[0]["views"]["A"]["boards"][1]["changed"] == []


def test_a_game_in_play_needs_a_reader(tmp_path: Path) -> None:
    record = _write(tmp_path, "open.ssr", in_play())
    done = run_process("replay", str(record))  # a real process: its status and stderr
    assert done.returncode == 1
    assert "still in play" in done.stderr and "[1.4]" in done.stderr
    assert "--as A, --as B or --as public" in done.stderr
    assert "Traceback" not in done.stderr


def test_swap_b_fleet_gives_byte_identical_pages_for_a_and_the_public_1_4(
    tmp_path: Path,
) -> None:
    pages = {}
    for name, fleet in (("one", FLEET_B), ("two", FLEET_B_SWAPPED)):
        record = _write(tmp_path, f"{name}.ssr", in_play(fleet))
        for reader in ("A", "public", "B"):
            out = tmp_path / f"{name}-{reader}.html"
            done = run("replay", str(record), "--as", reader, "-o", str(out))
            assert done.returncode == 0, done.stderr
            pages[name, reader] = out.read_bytes()
    assert pages["one", "A"] == pages["two", "A"]
    assert pages["one", "public"] == pages["two", "public"]
    assert pages["one", "B"] != pages["two", "B"]  # B's own fleet is B's to see
    page = pages["one", "A"].decode()
    assert record_in_page(page) is None  # a game in play: no record in the page
    data = page_data(page)
    assert [key for key, _ in data["views"]] == ["A"]
    shown = [b["marks"] for f in data["frames"] for b in f["views"]["A"]["boards"]]
    assert not any("Gz1" in marks for marks in shown)  # B's patrol cruiser, never struck


def test_a_match_steps_through_its_games(tmp_path: Path) -> None:
    out = tmp_path / "match.html"
    done = run("replay", str(sample("matches/continued-match.ssr")), "-o", str(out))
    assert done.returncode == 0, done.stderr
    ids = [f["id"] for f in page_data(out.read_text(encoding="utf-8"))["frames"]]
    assert ids[0] == "game-1-setup" and "game-2-setup" in ids and "game-3-turn-1" in ids


def test_a_battle_shows_the_map_after_each_phase(tmp_path: Path) -> None:
    out = tmp_path / "battle.html"
    done = run("replay", str(sample("battles/full-battle.sbr")), "-o", str(out))
    assert done.returncode == 0, done.stderr
    data = page_data(out.read_text(encoding="utf-8"))
    assert [key for key, _ in data["views"]] == ["public"]
    frames = {f["id"]: f["views"]["public"] for f in data["frames"]}
    assert frames["turn-1-movement"]["lines"][0] == "1 initiative A 4 B 1"
    assert "Lancer (A) lost 1 system" in frames["turn-1-fire"]["changed"]
    assert all(p.startswith("data:image/png;base64,") for p in data["pictures"])
    # The record it offers is checked by the battles' own command, not `validate`.
    page = out.read_text(encoding="utf-8")
    assert "check it with <code>spaceships battles play</code>" in page


def test_a_record_the_rules_refuse_says_where_and_which_rule(tmp_path: Path) -> None:
    done = run("replay", str(sample("slips/beam-after-burn-out.ssr")))
    assert done.returncode == 1
    assert "turn 2, player A" in done.stderr and "[8.4]" in done.stderr
    assert "spaceships validate" in done.stderr and "Traceback" not in done.stderr
    garbled = _write(tmp_path, "garbled.ssr", in_play().replace("1 A: Rx4", "1 A: Rq4"))
    done = run("replay", str(garbled), "--as", "A")
    assert done.returncode == 1 and "line 8" in done.stderr and "Traceback" not in done.stderr
    private = run("replay", str(sample("private/game-2.6.1-long-A.ssr")), "--as", "A")
    assert private.returncode == 1 and "only A's fleet" in private.stderr
    assert "spaceships show" in private.stderr and "Traceback" not in private.stderr


def test_a_turn_number_no_game_reaches_is_refused_not_played_up_to(tmp_path: Path) -> None:
    """A slip such as `99999999 A:` would have the replay play every empty turn up to it (the
    machine ran out of memory): it is refused at its line, as `adjudicate` refuses it."""
    far = _write(tmp_path, "far.ssr", in_play() + "99999999 A: Gx3\n")
    done = run("replay", str(far), "--as", "A")
    assert done.returncode == 1 and "no game runs that long" in done.stderr
    assert f"line {len(in_play().splitlines()) + 1}" in done.stderr
    assert "Traceback" not in done.stderr
