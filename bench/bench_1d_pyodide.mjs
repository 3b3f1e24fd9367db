// Run the 1D bitset retrograde under WebAssembly: the vendored Pyodide (Python 3.14) in Node.js,
// the same V8 WebAssembly engine as Chromium.  Figures go into bench/README-1d.md.
//
//   node bench/bench_1d_pyodide.mjs            # n = 10..24 (about a minute)
//   node bench/bench_1d_pyodide.mjs 20         # up to n = 20
//
// The package is copied into Pyodide's in-memory file system (no wheel needed).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const maxN = Number(process.argv[2] || 24);
const py = await loadPyodide({ indexURL: path.join(repo, "node_modules/pyodide/") });
const src = path.join(repo, "phutball");
function copyTree(dir, dest) {  // the package with its subpackages (phutball/oned/solve/, ...) and data
  py.FS.mkdirTree(dest);
  for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
    if (f.isDirectory() && f.name !== "__pycache__") copyTree(path.join(dir, f.name), `${dest}/${f.name}`);
    else if (f.isFile() && /\.(py|json|typed)$/.test(f.name)) py.FS.writeFile(`${dest}/${f.name}`, fs.readFileSync(path.join(dir, f.name)));
  }
}
copyTree(src, "/home/pyodide/phutball");
py.globals.set("MAX_N", maxN);
const out = await py.runPythonAsync(`
import sys, time, json
sys.path.insert(0, "/home/pyodide")
from phutball.oned.solve import StripSolver, analyse
from phutball.oned.strip import Strip
res = {"python": sys.version.split()[0], "runs": {}}
for n in range(10, MAX_N + 1, 2):
    s = StripSolver(n)
    t0 = time.perf_counter(); last = t0; gap = 0.0; k = 0
    for p in s.steps():                      # a browser would await between slices
        now = time.perf_counter(); gap = max(gap, now - last); last = now; k += 1
    sec = time.perf_counter() - t0
    st = s.table.stats()
    res["runs"][n] = {"seconds": round(sec, 3), "positions_per_s": round(2 * st["states"] / sec),
                      "slices": k, "max_slice_ms": round(gap * 1000, 1), "max_win_plies": st["max_win_plies"]}
    if n == 24:
        a = s.table.analyse(Strip.from_str("R_......oooo.*oo.o........"))
        res["paper24"] = {"value": a.value, "plies": a.plies, "winning_moves": [str(o.move) for o in a.winning_moves]}
    del s
t0 = time.perf_counter()
a = analyse(Strip.from_str("R_......oooo.*oo.o........"))
res["paper24_from_book_seconds"] = round(time.perf_counter() - t0, 3)
json.dumps(res)
`);
console.log(out);
