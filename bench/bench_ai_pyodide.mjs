// Run bench/bench_ai.py's measure() inside the vendored Pyodide (Python 3.14 on WebAssembly, the
// same V8 engine as Chromium) and print its JSON.  Called by bench/bench_ai.py.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const quick = process.argv.includes("--quick");
const collector = process.argv.includes("--collector");
const py = await loadPyodide({ indexURL: path.join(repo, "node_modules/pyodide/") });
const copy = (dir, dest) => {
  py.FS.mkdirTree(dest);
  for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
    if (f.isDirectory() && f.name !== "__pycache__") copy(path.join(dir, f.name), `${dest}/${f.name}`);
    else if (f.isFile() && /\.(py|json|typed)$/.test(f.name)) py.FS.writeFile(`${dest}/${f.name}`, fs.readFileSync(path.join(dir, f.name)));
  }
};
copy(path.join(repo, "phutball"), "/home/pyodide/repo/phutball");
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
