// Worker-thread entry of the genetic algorithm's fitness pool (see worker-pool.ts). Worker threads do
// not inherit the TypeScript loader of their parent (tsx, vitest or tslab), so this plain CommonJS file
// registers tsx and then loads fitness.ts. Messages in: { id, task }; out: { id, fitness } or { id, error }.
"use strict";
const { parentPort } = require("node:worker_threads");
require("tsx/cjs");
const { evaluateStrategies } = require("./fitness.ts");

parentPort.on("message", (msg) => {
  try {
    parentPort.postMessage({ id: msg.id, fitness: evaluateStrategies(msg.task) });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: String((e && e.message) || e) });
  }
});
