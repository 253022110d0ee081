// Worker-thread entry of the study runner (see runner.ts). Worker threads do not inherit the
// TypeScript loader of their parent (tsx, vitest or tslab), so this plain CommonJS file registers
// tsx, then loads the experiment kind's module. Messages in: { id, module, export, params };
// out: { id, rows } or { id, error }.
"use strict";
const path = require("node:path");
const { parentPort, workerData } = require("node:worker_threads");
require("tsx/cjs");

const cache = new Map();
parentPort.on("message", async (msg) => {
  try {
    const file = path.join(workerData.root, msg.module);
    if (!cache.has(file)) cache.set(file, require(file));
    const fn = cache.get(file)[msg.export];
    if (typeof fn !== "function")
      throw new Error(`invalid experiment: ${msg.module}#${msg.export}; expected an exported function`);
    parentPort.postMessage({ id: msg.id, rows: await fn(msg.params) });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: String((e && e.stack) || e) });
  }
});
