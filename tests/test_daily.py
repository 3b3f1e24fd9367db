"""Issue 27: the daily puzzle is chosen the same way by the page's JavaScript (embedboard.js: the first
picture of puzzles.html#daily and of a daily embed) and by its Python (lab.puzzles: what the reader plays)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

from lab.puzzles import daily_puzzle, fnv1a, playable
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
