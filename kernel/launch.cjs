#!/usr/bin/env node
// schedgame kernel launcher. Jupyter starts the kernel in the notebook's folder; this finds the
// schedgame checkout that folder belongs to (walking up to a package.json named "schedgame"), so a
// notebook always runs against its own checkout's live lib/ whichever checkout registered the
// kernelspec; outside any checkout it falls back to the checkout holding this file. It then makes
// the project root the working directory (tslab's rootDir is its cwd, so notebooks import
// `./lib/index`), keeps the notebook folder in NOTEBOOK_DIR, installs the protocol shim
// (kernel/jupyter-shim.cjs) and the prebuilt lib (kernel/prebuilt-lib.cjs), and starts that
// checkout's tslab.
// Usage (kernel.json argv): node kernel/launch.cjs kernel --config-path {connection_file}
"use strict";
const fs = require("fs");
const path = require("path");

function isSchedgameRoot(dir) {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    return (
      pkg.name === "schedgame" && fs.existsSync(path.join(dir, "node_modules", "tslab", "dist", "main.js"))
    );
  } catch {
    return false;
  }
}

function findRoot(start) {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (isSchedgameRoot(dir)) return dir;
    if (path.dirname(dir) === dir) return path.resolve(__dirname, "..");
  }
}

const root = findRoot(process.cwd());
process.env.NOTEBOOK_DIR = process.env.NOTEBOOK_DIR || process.cwd();
process.env.SCHEDGAME_ROOT = root;
process.chdir(root);
// kernel/jupyter-shim.cjs: kernel_info status and execute_result for a cell's last expression.
require(path.join(root, "kernel", "jupyter-shim.cjs")).installShim(root);
// kernel/prebuilt-lib.cjs: cells type-check against lib's prebuilt declarations and load lib through tsx.
if (process.env.SCHEDGAME_KERNEL_LIB !== "source") {
  try {
    require(path.join(root, "kernel", "prebuilt-lib.cjs")).installPrebuiltLib(root);
  } catch (e) {
    process.stderr.write(`schedgame kernel: tslab compiles lib/ itself (slower): ${e && e.message}\n`);
  }
}
require(path.join(root, "node_modules", "tslab", "dist", "main.js")).main();
