// The vendored Pyodide (Python 3.14 on WebAssembly, the same V8 engine as Chromium) under Node, with
// folders of this repository copied into its file system under /home/pyodide/repo (their .py, .json
// and .typed files): the benchmarks' runners (bench_ai_pyodide.mjs, bench_slices_pyodide.mjs) start so.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function pyodideWith(folders) {
  const py = await loadPyodide({ indexURL: path.join(repo, "node_modules/pyodide/") });
  const copy = (dir, dest) => {
    py.FS.mkdirTree(dest);
    for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
      if (f.isDirectory() && f.name !== "__pycache__") copy(path.join(dir, f.name), `${dest}/${f.name}`);
      else if (f.isFile() && /\.(py|json|typed)$/.test(f.name)) py.FS.writeFile(`${dest}/${f.name}`, fs.readFileSync(path.join(dir, f.name)));
    }
  };
  for (const folder of folders) copy(path.join(repo, folder), `/home/pyodide/repo/${folder}`);
  return py;
}
