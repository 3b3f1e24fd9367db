// Run one position of bench/bench_slices.py inside the vendored Pyodide (Python 3.14 on WebAssembly,
// the same V8 engine as Chromium) and print its JSON.  Called by `bench/bench_slices.py --pyodide`,
// one Node process per position (a fresh interpreter, as the page's worker is); the position's text
// comes on stdin.  CPU time is Node's process.cpuUsage (user + system); there is no memory figure.
import fs from "fs";
import path from "path";
import { pyodideWith, repo } from "./pyodide_repo.mjs";

const here = path.join(repo, "bench");
const py = await pyodideWith(["phutball", "site/lab"]);
py.FS.mkdirTree("/home/pyodide/repo/bench");
py.FS.writeFile("/home/pyodide/repo/bench/bench_slices.py", fs.readFileSync(path.join(here, "bench_slices.py")));
globalThis.cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
py.globals.set("TEXT", fs.readFileSync(0, "utf8").trim());
py.globals.set("ARGS", process.argv.slice(2));
const out = await py.runPythonAsync(`
import sys, json
sys.path.insert(0, "/home/pyodide/repo/bench")
sys.argv = ["bench_slices.py"] + list(ARGS)
import bench_slices
from js import cpuSeconds
json.dumps(bench_slices.one(TEXT, bench_slices.Options.parse(sys.argv), cpu=cpuSeconds))
`);
console.log(out);
