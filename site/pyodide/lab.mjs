// Pyodide as the lab's worker loads it: ./pyodide.mjs, unchanged, after the
// storage check of ../storage-guard.mjs (see there why).
//
// It lives in pyodide/ because PyScript finds the runtime's files in the
// folder of the module it is given (host.js passes this one).
import "../storage-guard.mjs";

export * from "./pyodide.mjs";
