// Run pytest inside Pyodide under Node.js, from local files only.
//
//   node tests/pyodide/run_in_pyodide.mjs --wheel dist/site/wheels/parlor.whl \
//        --stdlib dist/site/runtime/pyodide/python_stdlib.zip \
//        --deps .cache/pyodide-wheels --tests tests/rules [-- <pytest args>]
//
// --zip FILE (repeatable) puts a zip of modules first on sys.path, as the engine worker does
// with wheels/engine.zip (the modules of app/engine/ and app/shared/, compiled); --only
// NAME (repeatable) runs only those files of the test directory; --plugin FILE loads that pytest
// plugin module (tests/pyodide/fewer_examples.py).
// Pyodide comes from node_modules/pyodide; with --stdlib, its standard library is the given zip
// (the site's, compiled at build time) instead of the package's own. Every wheel given (--wheel,
// and every *.whl in --deps) is unpacked into site-packages: no micropip, no package index. The
// test directory is copied into Pyodide's in-memory file system (so nothing is written back to
// the checkout) and pytest runs on it; the process exits with pytest's exit code. Any attempt to
// reach the network (fetch of a non-file URL) is refused, printed and turns the exit code non-zero.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function parseArgs(argv) {
  const args = { wheels: [], zips: [], only: [], plugins: [], stdlib: null, deps: null, tests: null, pytest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") { args.pytest = argv.slice(i + 1); break; }
    else if (a === "--wheel") args.wheels.push(resolve(argv[++i]));
    else if (a === "--zip") args.zips.push(resolve(argv[++i]));
    else if (a === "--only") args.only.push(argv[++i]);
    else if (a === "--plugin") args.plugins.push(resolve(argv[++i]));
    else if (a === "--stdlib") args.stdlib = resolve(argv[++i]);
    else if (a === "--deps") args.deps = resolve(argv[++i]);
    else if (a === "--tests") args.tests = resolve(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.tests) throw new Error("--tests DIR is required");
  return args;
}

// Refuse the network: Pyodide loads everything from node_modules/pyodide with fs.
const networkAttempts = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (/^(https?|wss?):/i.test(url)) {
    networkAttempts.push(url);
    console.error(`run_in_pyodide: refused network fetch ${url}`);
    throw new TypeError(`network access refused: ${url}`);
  }
  return realFetch(input, init);
};

function copyTree(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const name of readdirSync(hostDir)) {
    if (name === "__pycache__" || name === ".pytest_cache" || name === ".hypothesis") continue;
    const host = join(hostDir, name);
    const target = `${fsDir}/${name}`;
    if (statSync(host).isDirectory()) copyTree(FS, host, target);
    else FS.writeFile(target, readFileSync(host));
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { loadPyodide } = await import(join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: join(ROOT, "node_modules", "pyodide") + "/",
    ...(args.stdlib ? { stdLibURL: args.stdlib } : {}),
  });
  // Raw writes, so pytest's progress dots and summary come out exactly as under CPython.
  pyodide.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
  pyodide.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const wheels = [...args.wheels];
  if (args.deps) {
    for (const name of readdirSync(args.deps).sort()) if (name.endsWith(".whl")) wheels.push(join(args.deps, name));
  }
  for (const wheel of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "whl", { extractDir: sitePackages });
  }
  const zipPaths = [];
  for (const zip of args.zips) {
    const target = `/zips/${basename(zip)}`;
    pyodide.FS.mkdirTree("/zips");
    pyodide.FS.writeFile(target, new Uint8Array(readFileSync(zip)));
    zipPaths.push(target);
  }
  const pluginArgs = [];
  for (const plugin of args.plugins) {
    pyodide.FS.mkdirTree("/plugins");
    pyodide.FS.writeFile(`/plugins/${basename(plugin)}`, new Uint8Array(readFileSync(plugin)));
    zipPaths.push("/plugins");
    pluginArgs.push("-p", basename(plugin, ".py"));
  }
  pyodide.globals.set("PATH_FRONT", pyodide.toPy([...new Set(zipPaths)]));
  pyodide.runPython("import sys; sys.path[0:0] = PATH_FRONT");
  const testsDir = `/work/${basename(args.tests)}`;
  copyTree(pyodide.FS, args.tests, testsDir);
  const targets = args.only.length ? args.only.map((name) => `${testsDir}/${name}`) : [testsDir];
  console.log(`run_in_pyodide: Pyodide ${pyodide.version} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
              `${wheels.length} wheels unpacked; running pytest on ${args.tests}`);
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy([...pluginArgs, ...targets, ...args.pytest]));
  const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
os.makedirs("/tmp/run", exist_ok=True)
os.chdir("/tmp/run")          # .hypothesis/ and friends land in memory, not in the checkout
import pytest
int(pytest.main(["-p", "no:cacheprovider", "--rootdir", "/work", *PYTEST_ARGS]))
`);
  if (networkAttempts.length) {
    console.error(`run_in_pyodide: ${networkAttempts.length} network request(s) refused`);
    process.exit(code === 0 ? 3 : code);
  }
  process.exit(code);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
