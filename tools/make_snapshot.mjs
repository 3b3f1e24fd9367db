// The shipped start: a memory snapshot of Python already started, made at build time by the
// vendored Pyodide under Node, for site/pyodide/lab.mjs to restore on a visitor's first start.
//
//   node tools/make_snapshot.mjs <pyodide folder> <engine wheel> <lab zip> <out.bin.gz> [modules...]
//
// Called by tools/build_site.py (`make dist`), which caches the result by the Pyodide version,
// the runtime's files and the engine's and the site's Python.  What it holds is what a start in
// the browser holds right after loadPyodide, plus: the standard modules the pages import
// (STANDARD_MODULES, given by the build, the same list as lab.mjs's), the engine and the site's
// pure-Python modules (site/lab; not those that need a package the pages do not have), imported
// from the same wheel and archive the pages unpack, at the same place (site-packages).  Not the glue modules: they import js and pyscript, which only
// exist in the page's worker.  Pyodide stamps the snapshot with its build id (a hash of
// pyodide.asm.mjs and pyodide.asm.wasm): the same files restore it in the browser.
//
// Prints one line of JSON: {"bytes": raw size, "heap": Python's memory in it, "gzipped": size written,
// "modules": how many are imported, "snapshot_sha256": the SHA-256 of the snapshot (ungzipped, as Pyodide restores
// it), hex}.  The page checks that hash before it restores the snapshot (site/pyodide/lab.mjs).
import { createHash } from "crypto";
import fs from "fs";
import path from "path";
import zlib from "zlib";
import { pathToFileURL } from "url";

const [pyodideDir, wheel, labZip, out, ...modules] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/make_snapshot.mjs <pyodide folder> <engine wheel> <lab zip> <out.bin.gz> [modules...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true,
                                    stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const bytes = (file) => new Uint8Array(fs.readFileSync(file));  // (a Node Buffer is refused)
pyodide.unpackArchive(bytes(wheel), "wheel", { extractDir: sitePackages });
pyodide.unpackArchive(bytes(labZip), "zip", { extractDir: sitePackages });
pyodide.globals.set("MODULES", pyodide.toPy(modules));
const fail = (e) => { console.error(`make_snapshot: ${e.message ?? e}`); process.exit(1); };
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
const count = pyodide.runPython(`
import importlib, pkgutil, sys
for name in MODULES:
    importlib.import_module(name)
# every module of the engine and of lab/ (the pages' pure-Python controllers)
for package in ("phutball", "lab"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if ".cli" in info.name or info.name.endswith("__main__"):
            continue  # the command line: not a page's
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError as e:  # a module for elsewhere (notebooks ...): not a page's either
            if e.name.split(".")[0] in ("phutball", "lab"):
                raise
del MODULES, importlib, pkgutil, name, root, info, package
len(sys.modules)
`);
pyodide.globals.delete("sys");
const snapshot = pyodide.makeMemorySnapshot();
const gzipped = zlib.gzipSync(snapshot, { level: 9 });
fs.writeFileSync(out + ".tmp", gzipped);
fs.renameSync(out + ".tmp", out);
console.log(JSON.stringify({ bytes: snapshot.length, heap: pyodide._module.HEAP8.length, gzipped: gzipped.length,
                             modules: count, snapshot_sha256: createHash("sha256").update(snapshot).digest("hex") }));
