// Run bench/bench_ai.py's measure() inside the vendored Pyodide (Python 3.14 on WebAssembly, the
// same V8 engine as Chromium) and print its JSON.  Called by bench/bench_ai.py.
import fs from "fs";
import path from "path";
import { pyodideWith, repo } from "./pyodide_repo.mjs";

const here = path.join(repo, "bench");
const quick = process.argv.includes("--quick");
const collector = process.argv.includes("--collector");
const py = await pyodideWith(["phutball"]);
py.FS.mkdirTree("/home/pyodide/repo/bench");
py.FS.writeFile("/home/pyodide/repo/bench/bench_ai.py", fs.readFileSync(path.join(here, "bench_ai.py")));
py.globals.set("QUICK", quick);
py.globals.set("COLLECTOR", collector);
const out = await py.runPythonAsync(`
import sys, json
sys.path.insert(0, "/home/pyodide/repo/bench")
sys.argv = ["bench_ai.py"]
import bench_ai
json.dumps(bench_ai.measure(QUICK, COLLECTOR))
`);
console.log(out);
