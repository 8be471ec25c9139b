// Traces replays inside the shipped web build (the wasm32-unknown-unknown catapult-table.wasm),
// in Node or in headless Chromium, and prints what `referee trace FILE...` prints natively.
//
//   node tests/wasm/web-trace.mjs WEB.wasm [--browser] --synthetic
//   node tests/wasm/web-trace.mjs WEB.wasm [--browser] FILE...
//
// The module is instantiated on its own: every import (the window, GL, audio that macroquad
// wires through gl.js) is a stub that throws if called, `main` is never run, and only the
// `ct_det_*` exports of tools/src/bench.rs are called. With --browser the same happens in a page of
// headless Chromium (CHROMIUM=path, default /usr/bin/chromium; playwright-core from
// tests/e2e/node_modules, or PLAYWRIGHT_CORE=its folder).
// Exit code 3 when --browser cannot run (no Chromium or no playwright-core).
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const wasmPath = argv.shift();
const browser = argv.includes('--browser');
const synthetic = argv.includes('--synthetic');
const files = argv.filter((a) => !a.startsWith('--'));
if (!wasmPath || (!synthetic && files.length === 0)) {
  console.error('usage: node web-trace.mjs WEB.wasm [--browser] (--synthetic | FILE...)');
  process.exit(2);
}

// Runs in Node or, serialised, in the page: instantiate with stub imports, trace each job.
async function traceAll(wasmBase64, jobs) {
  const bin = typeof Buffer !== 'undefined' && typeof window === 'undefined'
    ? Buffer.from(wasmBase64, 'base64')
    : Uint8Array.from(atob(wasmBase64), (c) => c.charCodeAt(0));
  const module = await WebAssembly.compile(bin);
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] ??= {};
    if (imp.kind === 'function') {
      imports[imp.module][imp.name] = () => {
        throw new Error(`import ${imp.module}.${imp.name} called while tracing`);
      };
    } else if (imp.kind === 'memory') {
      imports[imp.module][imp.name] = new WebAssembly.Memory({ initial: 256 });
    } else {
      throw new Error(`cannot stub ${imp.kind} import ${imp.module}.${imp.name}`);
    }
  }
  const { exports: ex } = await WebAssembly.instantiate(module, imports);
  const memory = () => (ex.memory ? ex.memory.buffer : Object.values(imports).map((m) => Object.values(m)).flat().find((v) => v instanceof WebAssembly.Memory).buffer);
  const read = (len) => {
    const p = ex.ct_det_out_ptr() >>> 0;
    return new TextDecoder().decode(new Uint8Array(memory(), p, len >>> 0).slice());
  };
  const out = [];
  for (const job of jobs) {
    if (job.synthetic) {
      out.push(read(ex.ct_det_synthetic()));
      continue;
    }
    const bytes = new TextEncoder().encode(job.text);
    const p = ex.ct_det_alloc(bytes.length) >>> 0;
    new Uint8Array(memory(), p, bytes.length).set(bytes);
    out.push(`== ${job.name}\n` + read(ex.ct_det_trace(p, bytes.length)));
  }
  return out;
}

const wasm64 = fs.readFileSync(wasmPath).toString('base64');
const jobs = synthetic
  ? [{ synthetic: true }]
  : files.map((f) => ({ name: path.resolve(f), text: fs.readFileSync(f, 'utf8') }));

let results;
if (!browser) {
  results = await traceAll(wasm64, jobs);
} else {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const pwDir = process.env.PLAYWRIGHT_CORE || path.join(here, '..', 'e2e', 'node_modules', 'playwright-core');
  const pw = path.join(pwDir, 'index.mjs');
  const exe = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(pw) || !fs.existsSync(exe)) {
    console.error(`browser trace skipped: ${fs.existsSync(exe) ? 'no playwright-core in tests/e2e/node_modules' : `no ${exe}`}`);
    process.exit(3);
  }
  const { chromium } = await import(pathToFileURL(pw).href);
  const b = await chromium.launch({
    executablePath: exe,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await b.newPage();
    page.setDefaultTimeout(600000);
    const fn = `(${traceAll.toString()})`;
    results = await page.evaluate(([src, w, j]) => eval(src)(w, j), [fn, wasm64, jobs]);
  } finally {
    await b.close();
  }
}
process.stdout.write(results.join('\n') + '\n');
process.exitCode = results.some((r) => /(^|\n)error: /.test(r)) ? 1 : 0;
