// Runs a wasm32-wasip1 binary (the referee) under Node's WASI. Non-WASI imports (macroquad's
// window functions, linked in but never called headless) are stubs that throw if called.
//   node --disable-warning=ExperimentalWarning tests/wasm/run-wasi.mjs REFEREE.wasm ARGS...
// File access: every argument that names an existing file or folder (or a file to be written in
// an existing folder) is made absolute, and its folder is preopened at the same absolute path, so
// the program sees the same paths as a native run (and prints them identically).
import { WASI } from 'node:wasi';
import { readFile } from 'node:fs/promises';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const [wasmPath, ...rawArgs] = process.argv.slice(2);
if (!wasmPath) {
  console.error('usage: node run-wasi.mjs PROGRAM.wasm ARGS...');
  process.exit(2);
}

const preopens = {};
const args = rawArgs.map((arg) => {
  if (arg.startsWith('-')) return arg;
  const abs = path.resolve(arg);
  let dir = null;
  try {
    dir = fs.statSync(abs).isDirectory() ? abs : path.dirname(abs);
  } catch {
    const parent = path.dirname(abs);
    if ((arg.includes('/') || arg.endsWith('.json')) && fs.existsSync(parent)) dir = parent;
  }
  if (dir === null) return arg;
  preopens[dir] = dir;
  return abs;
});

const wasi = new WASI({
  version: 'preview1',
  args: [path.basename(wasmPath, '.wasm'), ...args],
  env: {},
  preopens,
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(wasmPath));
// The library links macroquad, whose wasm backend imports window/GL functions from `env` (gl.js
// provides them in a page). A headless run never calls them: each is a stub that throws if it is.
const imports = wasi.getImportObject();
for (const imp of WebAssembly.Module.imports(module)) {
  if (imports[imp.module]?.[imp.name] !== undefined) continue;
  if (imp.kind !== 'function') throw new Error(`cannot stub ${imp.kind} import ${imp.module}.${imp.name}`);
  imports[imp.module] ??= {};
  imports[imp.module][imp.name] = () => {
    throw new Error(`${imp.module}.${imp.name} called in a headless run`);
  };
}
const instance = await WebAssembly.instantiate(module, imports);
process.exitCode = wasi.start(instance);
