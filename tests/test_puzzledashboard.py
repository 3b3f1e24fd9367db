"""Issue 42, "Your puzzles": the dashboard computed from the ledger (solve rate and rating change by theme and
by board, the last attempts, the weakest themes), drawn as SVG beside tables, and Practise these."""

from xml.etree import ElementTree

from lab.puzzledashboard import MIN_TRIES, Tally, bars_svg, dashboard, dashboard_html, weakest_themes
from lab.puzzleledger import Attempt, PuzzleLedger
from lab.puzzlelist import MIX_SIZE
from lab.puzzles import PuzzleController
from phutball.puzzles.themes import puzzle_themes

from test_puzzlectl import EX1, WIN2D, puzzle

CHAIN = dict(WIN2D, id="chain", position="9x9_O_E2_A1B3B5B6C4C6C8C9D1D2D3D5D6E7E8F6G3G5H8J8",
             main_line=["E2-A6-E6-E9"], min_jumps=3)
PUZZLES = [puzzle(d) for d in (EX1, WIN2D, CHAIN)]


def attempt(n, pid, outcome, rating=1200, hints=None):
    hints = {"clean": 0, "hints": 1, "shown": 0, "failed": 0}[outcome] if hints is None else hints
    return Attempt(f"{n:016x}", pid, f"2026-11-27T10:{n:02d}:00Z", outcome, hints, rating)


def test_by_theme_and_board_count_solves_and_the_replays_rating_changes():
    ledger = PuzzleLedger(records=(attempt(1, "ex1", "clean"), attempt(2, "w2", "failed"), attempt(3, "w2", "clean"),
                                   attempt(4, "chain", "hints"), attempt(5, "gone", "shown")))
    d = dashboard(ledger, PUZZLES)
    assert (d.attempts, d.solved, d.rating) == (5, 3, ledger.rating)
    boards = {t.key: t for t in d.by_board}
    assert set(boards) == {"Strip", "5x5", "9x9"}  # the removed puzzle "gone" is in no board
    assert (boards["5x5"].attempts, boards["5x5"].solved) == (2, 1)
    changes = dict(zip((a.id for a in ledger.records), ledger.changes))
    assert boards["5x5"].change == changes[f"{2:016x}"] + changes[f"{3:016x}"] == changes[f"{2:016x}"] < 0
    assert boards["Strip"].change == changes[f"{1:016x}"] > 0 and boards["9x9"].label == "9x9 board"
    themes = {t.key: t for t in d.by_theme}
    for t in themes.values():  # every theme row is the sum over the attempts at puzzles of that theme
        mine = [(a, c) for a, c in zip(ledger.records, ledger.changes)
                if a.puzzle in {p.id for p in PUZZLES if t.key in puzzle_themes(p)}]
        assert (t.attempts, t.solved, t.change) == (len(mine), sum(a.solved for a, _ in mine), sum(c for _, c in mine))
    assert "win-in-one" in themes and themes["win-in-one"].attempts == 3
    # the last attempts, newest first, a removed puzzle named by its id
    assert [a.puzzle for a in d.last] == ["gone", "chain", "w2", "w2", "ex1"]
    assert d.last[0].title == "gone (no longer in the collection)" and d.last[1].change == changes[f"{4:016x}"]
    assert len(dashboard(ledger, PUZZLES, last=2).last) == 2


def test_the_weakest_themes_are_tried_enough_missed_lowest_rate_first():
    rows = [Tally("a", "A", 4, 1, -20), Tally("b", "B", 2, 1, -5), Tally("c", "C", 1, 0, -16),
            Tally("d", "D", 3, 3, 30), Tally("e", "E", 4, 2, -30), Tally("f", "F", 2, 0, -2)]
    assert [t.key for t in weakest_themes(rows)] == ["f", "a", "e"]  # c tried once, d always solved
    assert [t.key for t in weakest_themes(rows, most=5)] == ["f", "a", "e", "b"]
    assert weakest_themes(rows, at_least=5) == () and MIN_TRIES == 2


def test_the_html_says_everything_in_text_and_the_svg_draws_the_rates():
    ledger = PuzzleLedger(records=(attempt(1, "w2", "failed"), attempt(2, "chain", "failed"),
                                   attempt(3, "chain", "clean"), attempt(4, "ex1", "clean")))
    d = dashboard(ledger, PUZZLES)
    html = dashboard_html(d)
    tree = ElementTree.fromstring(f"<div>{html}</div>")  # well-formed
    assert tree.find(".//p[@id='dash-summary']").text.startswith("2 of 4 attempts solved")
    button = tree.find(".//button[@id='practise']")
    assert button.text == "Practise these" and button.get("data-themes").split(",") == [t.key for t in d.weakest]
    assert d.weakest and all(t.solved < t.attempts for t in d.weakest)
    tables = tree.findall(".//table")
    assert [t.find("caption").text.split(":")[0] for t in tables] == ["By theme", "By board"]
    rows = {r.find("th").text: [c.text for c in r.findall("td")] for r in tables[1].findall(".//tbody/tr")}
    assert rows["5x5 board"][:2] == ["0 of 1", "0 %"] and rows["9x9 board"][:2] == ["1 of 2", "50 %"]
    svg = tree.findall(".//svg")
    assert len(svg) == 2 and all(s.get("aria-hidden") == "true" for s in svg)  # the tables say it for a reader
    bars = {float(r.get("data-rate")) for r in svg[1].findall("rect[@class='dash-bar']")}
    assert bars == {0.0, 0.5, 1.0}
    last = [li.find("a").get("href") for li in tree.findall(".//ol[@id='dash-last']/li")]
    assert last == ["#ex1", "#chain", "#chain", "#w2"]
    assert "No attempts yet" in dashboard_html(dashboard(PuzzleLedger(), PUZZLES))


def test_a_bar_is_as_long_as_the_solve_rate():
    svg = ElementTree.fromstring(bars_svg([Tally("a", "A <b>", 4, 1, -3), Tally("b", "B", 2, 2, 9)], "T"))
    ns = "{http://www.w3.org/2000/svg}"
    bars = svg.findall("rect[@class='dash-bar']") or svg.findall(f"{ns}rect[@class='dash-bar']")
    tracks = svg.findall("rect[@class='dash-track']") or svg.findall(f"{ns}rect[@class='dash-track']")
    assert [int(b.get("width")) for b in bars] == [round(int(tracks[0].get("width")) / 4), int(tracks[1].get("width"))]
    assert "A <b>" in [t.text for t in svg.iter() if t.tag.endswith("text")]  # escaped, read back as text


def test_practise_these_starts_a_mix_of_the_weakest_themes_unsolved_nearest_first():
    from pathlib import Path
    from phutball.puzzles.format import load_dir
    shipped = load_dir(Path(__file__).resolve().parent.parent / "puzzles")
    c = PuzzleController(shipped)
    themes = ("defend", "chain")
    c.practise(themes)
    assert c.mode == "practise" and c.playlist() == list(c.mix) and c.index == c.mix[0]
    assert len(c.mix) == MIX_SIZE == len(set(c.mix))
    assert [t in c.themes_of(i) for i, t in zip(c.mix[:6], themes * 3)] == [True] * 6  # in turn
    assert c.message.startswith("Practising your weakest themes (Defend, Chain): 30 puzzles.")
    c.next()
    assert c.index == c.mix[1]
    c.show_all()
    assert c.mode == "list"
    try:
        c.practise(("no-such-theme",))
    except ValueError as e:
        assert "no-such-theme" in str(e)
    else:
        raise AssertionError("an unknown theme is refused")
