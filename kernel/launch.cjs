#!/usr/bin/env node
// schedgame kernel launcher: runs tslab with the kernel's working directory at the project
// root, whatever folder Jupyter started it in, so every notebook imports the live sources as
// `./lib/index` (tslab's rootDir is its cwd; `../lib` would fall outside it). NOTEBOOK_DIR keeps
// the folder Jupyter chose. Usage (kernel.json argv): node kernel/launch.cjs kernel --config-path {connection_file}
"use strict";
const path = require("path");
const root = path.resolve(__dirname, "..");
process.env.NOTEBOOK_DIR = process.env.NOTEBOOK_DIR || process.cwd();
process.env.SCHEDGAME_ROOT = root;
process.chdir(root);
require(path.join(root, "node_modules", "tslab", "dist", "main.js")).main();
