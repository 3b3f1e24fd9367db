"""One backup of everything kept, restored and merged on another device (issue 45; ``lab/backup.py``).

The browsers here are :mod:`test_gamesite`'s: each its own storage, the play page's site and board loaded
from it.  A backup goes from one to the other as the page does it (the file's text, or a link's fragment),
and the property test at the end drives random histories on several devices with backups between them.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from lab import backup, gamestore, learn, rating
from lab.backup import Backup, BackupError, Kept, LastBackup, plan, reminder
from lab import puzzleledger
from lab.puzzleledger import PROGRESS_KEY, STREAK_KEY, Attempt, PuzzleLedger, Runs, SavedProgress
from test_gamesite import Browser, Lab, won_against_the_computer


def attempts(*outcomes: str, puzzle: str = "1d-example-", start: int = 0) -> PuzzleLedger:
    """A ledger of attempts at puzzles ``<puzzle>1``, ``<puzzle>2`` ...: ``outcomes`` such as "clean", "hints"."""
    ledger = PuzzleLedger()
    for i, outcome in enumerate(outcomes, start + 1):
        ledger = ledger.record(Attempt(f"{i:016x}", f"{puzzle}{i}", f"2026-11-2{i % 7}T10:00:0{i % 10}Z", outcome,
                                       1 if outcome == "hints" else 0, 1500))
    return ledger


def played(name: str, moves: list[str], board: str = "9x9") -> Browser:
    """A browser whose board holds a game against a friend here with ``moves`` placed (kept from the first)."""
    b = Browser(name)
    b.site.new_game(b.ctl, board, "here", "first", "novice")
    b.save()
    for m in moves:
        b.place(m)
    return b


def carried(src: Browser) -> Backup:
    """``src``'s Back up, as the file's text read back by Restore."""
    return Backup.from_text(src.site.backup().to_text())


def restored(dst: Browser, b: Backup) -> backup.Plan:
    """Restore ``b`` into ``dst`` (preview, then merge), then reload the page."""
    p = dst.site.restore_plan(b)
    dst.site.restore(dst.ctl, p)
    dst.save()
    dst.load("")
    return p


def records(kept: Kept) -> list[str]:
    return sorted(g.record for g in kept.games.games)


def record_set(kept: Kept) -> set[str]:
    return {g.record for g in kept.games.games}


# ---------------------------------------------------------------- a backup carries everything


def test_a_backup_restored_into_a_fresh_browser_gives_the_same_games_rating_progress_lesson_and_theme():
    a = won_against_the_computer(Browser("a"))
    a.site.new_game(a.ctl, "9x9", "here", "first", "novice")
    a.place("E6")
    a.storage.set_item(PROGRESS_KEY, SavedProgress(attempts("clean", "hints"), Runs(best_streak=4)).to_text())
    a.storage.set_item(learn.STORAGE_KEY, json.dumps({"v": 1, "done": ["place", "jump"], "step": "chain"}))
    a.storage.set_item(backup.THEME_KEY, "dark")
    fresh = Browser("z")
    p = restored(fresh, carried(a))
    mine, theirs = Kept.read(a.storage), Kept.read(fresh.storage)
    assert records(theirs) == records(mine) and len(theirs.games.games) == 2
    assert theirs.rating == mine.rating and theirs.rating.games == 1
    assert fresh.site.rating.value == a.site.rating.value
    assert theirs.puzzles == mine.puzzles and theirs.puzzles.runs.best_streak == 4
    assert theirs.puzzle_ledger().rating == mine.puzzle_ledger().rating > 1200
    assert theirs.lesson == {"place", "jump"} and theirs.step == "chain" and theirs.theme == "dark"
    assert p.words().startswith("Restoring this backup adds 2 games, 2 puzzle attempts and 2 lesson steps;")
    assert f"your puzzle rating becomes {mine.puzzle_ledger().rating} (now 1200)" in p.words()
    assert f"your rating becomes {round(a.site.rating.value)}" in p.words()


def test_restoring_the_same_backup_twice_changes_nothing_the_second_time():
    a = played("a", ["E6", "E4"])
    b = Browser("b")
    restored(b, carried(a))
    texts = dict(b.storage.items)
    again = b.site.restore_plan(carried(a))
    assert not again.changes() and again.words() == "Everything in this backup is already here: restoring it changes nothing."
    b.site.restore(b.ctl, again)
    assert b.storage.items == texts


def test_the_preview_changes_nothing_and_says_what_is_already_here():
    a = played("a", ["E6"])
    b = Browser("b")
    restored(b, carried(a))
    b.site.new_game(b.ctl, "9x9", "here", "first", "novice")
    b.place("C3")
    a.site.new_game(a.ctl, "9x9", "here", "first", "novice")
    a.place("D4")
    before = dict(b.storage.items)
    p = b.site.restore_plan(carried(a))
    assert b.storage.items == before
    assert p.words() == "Restoring this backup adds 1 game; 1 game is already here."


# ---------------------------------------------------------------- merging by id


def test_a_game_played_further_on_the_other_device_is_brought_further_and_shown_if_on_the_board():
    a = played("a", ["E6"])
    phone = Browser("p")
    restored(phone, carried(a))
    gid = a.ctl.state.game_id
    phone.site.reopen(phone.ctl, gid)
    phone.save()
    a.place("E4")  # the desktop goes on with the same game
    p = restored(phone, carried(a))
    assert p.games.longer == 1 and "brings 1 game further" in p.words()
    assert phone.site.store.get(gid).plies == 2
    assert phone.ctl.state.game_id == gid and phone.ctl.game.moves == ["E6", "E4"]


def test_a_game_played_differently_on_each_device_keeps_both_versions_and_restoring_again_adds_nothing():
    a = played("a", ["E6"])
    phone = Browser("p")
    restored(phone, carried(a))
    gid = a.ctl.state.game_id
    phone.site.reopen(phone.ctl, gid)
    phone.place("C3")
    a.place("E4")
    p = restored(phone, carried(a))
    assert p.games.both == 1 and "keeps both versions of 1 game" in p.words()
    kept = {g.id: g for g in phone.site.store.games}
    assert kept[gid].game().moves == ["E6", "C3"]  # the phone's own game keeps its id and moves
    copy = kept[backup.renamed_id(a.site.store.get(gid))]
    assert copy.game().moves == ["E6", "E4"]
    assert not phone.site.restore_plan(carried(a)).changes()


def test_two_devices_merged_both_ways_hold_the_same_games_and_rating():
    a = won_against_the_computer(Browser("a"))
    b = played("b", ["C3", "G7"])
    won_against_the_computer(b)
    ka, kb = Kept.read(a.storage), Kept.read(b.storage)
    ab, ba = plan(ka, kb).after, plan(kb, ka).after
    assert records(ab) == records(ba) and len(ab.games.games) == 3
    assert ab.rating == ba.rating and ab.rating.games == 2


def test_puzzle_attempts_merge_by_id_with_the_streak_embed_s_and_count_once():
    desk, phone = Browser("a"), Browser("p")
    desk.storage.set_item(PROGRESS_KEY, SavedProgress(attempts("clean", "failed"), Runs(best_streak=2)).to_text())
    desk.storage.set_item(STREAK_KEY, SavedProgress(attempts("clean", start=10), Runs(best_streak=5)).to_text())
    phone.storage.set_item(PROGRESS_KEY, SavedProgress(attempts("clean", "hints", start=20)).to_text())
    p = restored(phone, carried(desk))
    assert p.attempts_added == 3 and "adds 3 puzzle attempts" in p.words()
    assert "your best puzzle streak becomes 5" in p.words()
    merged = Kept.read(phone.storage).puzzle_ledger()
    assert len(merged.records) == 5
    both = puzzleledger.read_merged(phone.storage)[0].ledger  # as the puzzles page reads it
    assert both.rating == merged.rating == attempts("clean", "failed").merged(
        attempts("clean", start=10)).merged(attempts("clean", "hints", start=20)).rating
    assert not restored(phone, carried(desk)).changes()


# ---------------------------------------------------------------- refused, and nothing changes


def good_backup_data() -> dict:
    return json.loads(Backup(Kept.read(won_against_the_computer(Browser("a")).storage), "2026-11-27").to_text())


@pytest.mark.parametrize("change, words", [
    (lambda d: "{not json", "not a backup of the phutball lab"),
    (lambda d: json.dumps({**d, "format": "something-else"}), "not a backup of the phutball lab"),
    (lambda d: json.dumps({**d, "version": 2}), "made by a newer version of the lab"),
    (lambda d: json.dumps({**d, "version": "1"}), "gives no version"),
    (lambda d: json.dumps({**d, "games": [1, 2]}), "its kept games are not what the lab keeps"),
    (lambda d: json.dumps({**d, "games": {**d["games"], "games": [{**d["games"]["games"][0], "id": "x"}]}}),
     "its kept games cannot be read"),
    (lambda d: json.dumps({**d, "rating": {**d["rating"], "start": "high"}}), "its rating cannot be read"),
    (lambda d: json.dumps({**d, "puzzles": {"v": 1, "puzzles": {"p": {"solved": "yes", "attempts": 1}}}}),
     "its puzzle progress cannot be read"),
    (lambda d: json.dumps({**d, "puzzles": {"v": 2, "start": 1200, "ledger": [["x", "p", "now", "clean", 0, 1500]]}}),
     "its puzzle progress cannot be read"),
    (lambda d: json.dumps({**d, "streak": {"v": 2, "start": 1200, "ledger": 3}}), "its puzzle streak cannot be read"),
    (lambda d: json.dumps({**d, "lesson": {"v": 1, "done": [1]}}), "its lesson progress cannot be read"),
    (lambda d: json.dumps({**d, "theme": "<script>"}), "its theme cannot be read"),
    (lambda d: json.dumps({**d, "theme": 3}), "its theme is not a word"),
    (lambda d: '{"format": "phutball-lab-backup", "version": 1, "games": ' + "[" * 5000 + "]" * 5000 + "}",
     "not a backup of the phutball lab"),
    (lambda d: " " * (backup.MAX_CHARS + 1), "too large to be a backup"),
    (lambda d: "", "This is empty"),
])
def test_a_damaged_hostile_oversized_or_future_file_is_refused_in_one_sentence_and_nothing_changes(change, words):
    b = played("b", ["E6"])
    before = dict(b.storage.items)
    with pytest.raises(BackupError) as e:
        Backup.from_text(change(good_backup_data()))
    assert words in str(e.value) and str(e.value).count(". ") <= 1 and "\n" not in str(e.value)
    assert b.storage.items == before


# ---------------------------------------------------------------- carried by link (and QR code)


def test_a_backup_carried_in_a_link_gives_the_same_backup_and_a_damaged_link_is_refused():
    a = won_against_the_computer(played("a", ["E6", "E4"]))
    made = a.site.backup()
    fragment = backup.carry_fragment(made)
    assert fragment is not None and backup.is_carry_fragment("#" + fragment)
    assert len(fragment) <= backup.CARRY_MAX
    assert backup.from_fragment("#" + fragment) == Backup.from_text(made.to_text())
    with pytest.raises(BackupError, match="damaged"):
        backup.from_fragment(fragment[:-7])
    with pytest.raises(BackupError, match="damaged"):
        backup.from_fragment("restore=@@@")


def test_a_backup_too_large_for_a_qr_code_is_not_carried_by_link():
    """Games of 30 placements each: a link carries the first dozen or more, then says it cannot (the file can)."""
    rng = random.Random(1)
    points = [f"{c}{n}" for c in "ABCDEFGHJKLMNOP" for n in range(2, 19)]
    big = Browser("b")
    lengths = []
    while (fragment := backup.carry_fragment(big.site.backup())) is not None:
        lengths.append(len(fragment))
        big.site.new_game(big.ctl, "15x19", "here", "first", "novice")
        for m in rng.sample(points, 30):
            big.place(m)
        assert len(lengths) < 60
    assert len(lengths) > 12 and max(lengths) <= backup.CARRY_MAX
    assert Backup.from_text(big.site.backup().to_text()).kept.games == big.site.store


# ---------------------------------------------------------------- reminders


def test_the_reminder_comes_after_ten_new_games_or_a_failed_write():
    assert reminder(0, LastBackup(), failed=True) == ""
    assert reminder(3, LastBackup(), failed=False) == ""
    assert reminder(3, LastBackup("2026-11-20", 2), failed=False) == ""
    assert reminder(12, LastBackup("2026-11-20", 2), failed=False) == (
        "10 new games since your last backup (2026-11-20): back up, to keep them if this browser's data is cleared.")
    assert reminder(10, LastBackup(), failed=False).startswith("10 new games and no backup yet")
    assert reminder(1, LastBackup("2026-11-20", 1), failed=True).startswith("This browser could not")


def test_back_up_marks_when_and_how_many_games_and_a_damaged_mark_only_drops_the_reminder():
    a = played("a", ["E6"])
    made = a.site.backup()
    assert LastBackup.read(a.storage) == LastBackup(made.made[:10], 1)
    a.storage.set_item(backup.LAST_KEY, '{"v": 1, "date": 3}')
    assert LastBackup.read(a.storage) == LastBackup()


# ---------------------------------------------------------------- random histories on several devices


class Devices(Lab):
    """:class:`test_gamesite.Lab`'s browsers and accidents, and backups restored between them at random."""

    @rule(i=Lab.browser, j=Lab.browser, by_link=st.booleans())
    def backup_restored(self, i, j, by_link):
        src, dst = self.browsers[i], self.browsers[j]
        made = src.site.backup()
        fragment = backup.carry_fragment(made) if by_link else None
        carried_ = backup.from_fragment(fragment) if fragment else Backup.from_text(made.to_text())
        before = {g.id: g for g in dst.site.store.games}
        ledger = {g.id for g in dst.site.rating.ledger} | {g.id for g in src.site.rating.ledger}
        p = restored(dst, carried_)
        after = {g.id: g for g in dst.site.store.games}
        for gid, entry in before.items():  # nothing kept here is lost, or changed but to a longer version
            assert gid in after and (after[gid] == entry or after[gid].plies >= entry.plies), gid
        for entry in carried_.kept.games.games:  # everything in the backup is here
            assert any(g.record == entry.record or g.id == entry.id for g in after.values()) or p.games.left_out
        assert {g.id for g in dst.site.rating.ledger} | set(dst.site.rating.folded) >= ledger - set(
            src.site.rating.folded) - set(dst.site.rating.folded)
        assert not dst.site.restore_plan(carried_).changes()
        self.touched |= set(after) | {dst.ctl.state.game_id}

    @rule(i=Lab.browser, puzzle=st.integers(1, 6), outcome=st.sampled_from(["clean", "hints", "shown", "failed"]),
          embed=st.booleans())
    def puzzle_attempt(self, i, puzzle, outcome, embed):
        """An attempt on the puzzles page (or in a streak embed) of this browser, stored as the page stores it."""
        b = self.browsers[i]
        key = STREAK_KEY if embed else PROGRESS_KEY
        saved = puzzleledger.peek(b.storage, key)
        n = len(saved.ledger.records) + 1
        attempt = Attempt(f"{'abcd'[i]}{'e' if embed else 'f'}{n:014x}", f"p{puzzle}", f"2026-11-27T1{n % 10}:00:00Z", outcome,
                          1 if outcome == "hints" else 0, 1500)
        puzzleledger.save(b.storage, replace(saved, ledger=saved.ledger.record(attempt)), key)

    @invariant()
    def merged_both_ways_the_same(self):
        a, b = (Kept.read(x.storage) for x in self.browsers[:2])
        ab, ba = plan(a, b).after, plan(b, a).after
        assert record_set(ab) == record_set(ba)
        assert ab.rating.value == ba.rating.value and set(ab.rating.ledger) == set(ba.rating.ledger)
        pa, pb = ab.puzzle_ledger(), ba.puzzle_ledger()
        assert (pa is None) == (pb is None) and (pa is None or (pa.rating == pb.rating and pa.records == pb.records))
        assert ab.lesson == ba.lesson
        twice = plan(ab, b)
        assert record_set(twice.after) == record_set(ab) and twice.after.rating == ab.rating


Devices.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
test_backups_between_devices = Devices.TestCase


def test_the_storage_line_says_whether_the_browser_keeps_the_data_and_how_much_is_used():
    assert backup.storage_words(True, 84_000, 14_200_000, 120_000_000_000) == (
        "This browser keeps the lab's data: it will not clear it to free space. Your games and progress take "
        "84 KB of the about 5 MB this browser gives them. The offline copy of the lab takes 14 MB of the "
        "120 GB it may use.")
    assert backup.storage_words(False, 900).startswith("This browser may clear the lab's data")
    assert "900 bytes" in backup.storage_words(False, 900)
    assert backup.storage_words(None, None) == (
        "This browser does not say whether it keeps the lab's data: back up to keep it.")


# ---------------------------------------------------------------- two tabs of one browser


class TabStorage:
    """One tab's view of its browser's localStorage (``items``, shared by the tabs): a write is heard by
    the other tabs (the window's ``storage`` event), as the play page's glue hands it to
    :meth:`lab.gamesite.Site.heard`."""

    def __init__(self, items: dict[str, str], tabs: list) -> None:
        self.items, self.tabs = items, tabs

    def get_item(self, key: str) -> str | None:
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        self.items[key] = value
        for other in self.tabs:
            if other.storage is not self and hasattr(other, "site"):
                other.site.heard(key, value)


class Tab(Browser):
    """A tab of a browser (:class:`TabStorage`)."""

    def __init__(self, name: str, items: dict[str, str], tabs: list["Tab"]) -> None:
        tabs.append(self)
        super().__init__(name, storage=TabStorage(items, tabs))


def test_two_tabs_of_one_browser_keep_both_their_games_and_rate_each_game_once():
    shared: dict[str, str] = {}
    tabs: list[Tab] = []
    a, b = Tab("a", shared, tabs), Tab("b", shared, tabs)
    a.site.new_game(a.ctl, "9x9", "here", "first", "novice")
    a.save()
    a.place("E6")
    b.site.new_game(b.ctl, "9x9", "here", "first", "novice")
    b.save()
    b.place("C3")  # before: b's write put back the games b read at its start, and a's game was gone
    a.place("E4")
    won_against_the_computer(b)
    ids = {a.ctl.state.game_id, b.ctl.state.game_id}
    reloaded = Browser("c")
    reloaded.storage.items = dict(shared)
    reloaded.load("")
    kept = {g.id for g in reloaded.site.store.games}
    assert len(kept) == 3 and a.ctl.state.game_id in kept
    assert reloaded.site.rating.games == 1 == a.site.rating.games
    assert {g.id for g in a.site.store.games} == {g.id for g in b.site.store.games} == kept
