"""Issue 27: the daily puzzle is chosen the same way by the page's JavaScript (embedboard.js: the first
picture of puzzles.html#daily and of a daily embed) and by its Python (lab.puzzlelist: what the reader plays)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

from lab.puzzlelist import daily_puzzle, fnv1a, playable
from phutball.puzzles.format import load_dir

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"


def test_javascript_and_python_choose_the_same_daily_puzzle(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site
    node = shutil.which("node")
    assert node, "node is needed to run embedboard.js (Debian: apt-get install nodejs)"
    (tmp_path / "embedboard.js").write_bytes(build_site.site_files(SITE, "e.whl", "l.zip")["embedboard.js"])
    shutil.copy(SITE / "canvas.js", tmp_path / "canvas.js")
    (tmp_path / "package.json").write_text('{"type": "module"}')
    files = [{"name": f.name, "text": f.read_text()} for f in sorted((ROOT / "puzzles").glob("*.json"))]
    dates = [f"2026-{m:02d}-{d:02d}" for m in range(1, 13) for d in (1, 9, 17, 28)]
    (tmp_path / "run.mjs").write_text("""import * as B from "./embedboard.js";
import { readFileSync } from "node:fs";
const { files, dates, texts } = JSON.parse(readFileSync(0, "utf8"));
const list = files.flatMap((f) => JSON.parse(f.text).puzzles || []);
process.stdout.write(JSON.stringify({
  daily: dates.map((d) => B.dailyPuzzle(list, d).id),
  playable: list.filter(B.playable).map((p) => p.id).sort(),
  hashes: texts.map(B.fnv1a),
}));
""")
    texts = ["", "a", "2026-11-25", "é→●"]
    out = subprocess.run([node, str(tmp_path / "run.mjs")], input=json.dumps({"files": files, "dates": dates,
                         "texts": texts}), capture_output=True, text=True, check=True)
    js = json.loads(out.stdout)
    puzzles = load_dir(ROOT / "puzzles")
    assert js["hashes"] == [fnv1a(t) for t in texts]
    assert js["playable"] == sorted(p.id for p in puzzles if playable(p))
    py = [puzzles[daily_puzzle(puzzles, d)].id for d in dates]
    assert js["daily"] == py and len(set(py)) > len(py) // 2


def test_embed_js_sizes_a_daily_frame_for_the_board_python_chooses(tmp_path):
    """Issue 39 item 4c: a daily frame without a position is sized for the day's board before it loads: embed.js
    (as built, with lab.puzzlelist.daily_boards written in) gives it the layout of the puzzle daily_puzzle chooses."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site
    from phutball.game import parse_any_position
    node = shutil.which("node")
    assert node, "node is needed to run embed.js (Debian: apt-get install nodejs)"
    (tmp_path / "embed.js").write_bytes(build_site.site_files(SITE, "e.whl", "l.zip")["embed.js"])
    puzzles = load_dir(ROOT / "puzzles")
    dates = [f"{y}-{m:02d}-{d:02d}" for y in (2026, 2031) for m in range(1, 13) for d in (1, 5, 9, 13, 17, 21, 25, 28)]
    days = [str(parse_any_position(puzzles[daily_puzzle(puzzles, d)].position)) for d in dates]
    (tmp_path / "run.js").write_text("""const vm = require("node:vm"), fs = require("node:fs");
const { dates, days, widths } = JSON.parse(fs.readFileSync(0, "utf8"));
const context = vm.createContext({ console: { warn() {} }, URL, URLSearchParams, Map,
                                  document: { currentScript: null } });
context.window = context;
vm.runInContext(fs.readFileSync(__dirname + "/embed.js", "utf8"), context);
const { layout } = context.phutballEmbed;
process.stdout.write(JSON.stringify(dates.flatMap((date, i) => widths.map((w) => [
  layout({ puzzle: "daily" }, w, date), layout({ puzzle: "daily", position: days[i] }, w, date)]))));
""")
    out = subprocess.run([node, str(tmp_path / "run.js")], capture_output=True, text=True, check=True,
                         input=json.dumps({"dates": dates, "days": days, "widths": [320, 374, 1000]}))
    pairs = json.loads(out.stdout)
    assert all(alone == told for alone, told in pairs), [p for p in pairs if p[0] != p[1]][:3]
    assert len({json.dumps(alone) for alone, _ in pairs}) > 6  # the days' boards differ: 2D sizes and strips


def test_the_days_boards_follow_the_daily_choice():
    from lab.puzzlelist import daily_boards
    from phutball.game import parse_any_position, variant_of
    puzzles = load_dir(ROOT / "puzzles")
    table = daily_boards(puzzles)
    assert len(table["day"]) == sum(map(playable, puzzles))
    assert len(table["boards"]) == len(set(map(json.dumps, table["boards"])))  # each board once
    for date in [f"2026-{m:02d}-{d:02d}" for m in range(1, 13) for d in (3, 14, 27)]:
        pos = parse_any_position(puzzles[daily_puzzle(puzzles, date)].position)
        board = table["boards"][table["day"][fnv1a(date) % len(table["day"])]]
        assert board == ({"variant": "2D", "width": pos.size.width, "height": pos.size.height}
                         if variant_of(pos).is_board else {"variant": "1D", "n": pos.n}), date
