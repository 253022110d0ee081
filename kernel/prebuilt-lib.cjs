// Prebuilt lib for the kernel, installed by kernel/launch.cjs before tslab starts (tslab's files are
// not modified; its TypeScript's `sys` is wrapped at run time).
// - Types: tslab resolves `./lib/...` (and `./study/...`) imports through its TypeScript's sys; for
//   every lib/x.ts whose declarations are in the build (workbook/lib-declarations.ts, which covers
//   the folders in its KERNEL_FOLDERS), lib/x.ts is hidden and lib/x.d.ts reads the built
//   declarations, so a cell is type-checked against them and tslab does not type-check and emit
//   lib file by file (`npm run bench -- report` times both ways).
// - Code: with no emitted side outputs, tslab's executor requires ./lib/... through Node, where tsx's
//   CommonJS hook loads lib's .ts files (the loader the studies' worker threads and `npm test` use).
// - Files on disk are not watched (see below): restart the kernel after editing lib.
// SCHEDGAME_KERNEL_LIB=source turns this off (tslab compiles lib itself: slower, but lib edits are
// picked up without restarting the kernel).
"use strict";
const fs = require("fs");
const path = require("path");

function installPrebuiltLib(root) {
  const tsx = require(require.resolve("tsx/cjs/api", { paths: [root] }));
  tsx.register();
  const { libDeclarations, KERNEL_FOLDERS } = tsx.require(
    path.join(root, "workbook", "lib-declarations.ts"),
    __filename,
  );
  const build = libDeclarations(root);
  const tslabDir = path.join(root, "node_modules", "tslab");
  const ts = require(require.resolve("@tslab/typescript-for-tslab", { paths: [tslabDir] }));
  const prefixes = KERNEL_FOLDERS.map((f) => path.join(root, f).split(path.sep).join("/") + "/");
  const rootPrefix = root.split(path.sep).join("/") + "/";
  // the build's declaration files (root-relative, "/"-separated), listed once: TypeScript asks about
  // many paths while resolving imports, and a build does not change once complete
  const declared = new Set(
    fs
      .readdirSync(build.folder, { recursive: true })
      .map((f) => String(f).split(path.sep).join("/"))
      .filter((f) => f.endsWith(".d.ts")),
  );
  // For a path under lib/ (or study/): the built declarations to read instead, "hide" for a source that has them, else undefined.
  const redirect = (p) => {
    const n = String(p).split(path.sep).join("/");
    if (!prefixes.some((prefix) => n.startsWith(prefix))) return undefined;
    const rel = n.slice(rootPrefix.length);
    if (rel.endsWith(".d.ts")) return declared.has(rel) ? path.join(build.folder, rel) : undefined;
    if (/\.(ts|tsx|js)$/.test(rel) && declared.has(rel.replace(/\.(ts|tsx|js)$/, ".d.ts"))) return "hide";
    return undefined;
  };
  const sys = ts.sys;
  const fileExists = sys.fileExists,
    readFile = sys.readFile;
  sys.fileExists = function (p) {
    const r = redirect(p);
    if (r === "hide") return false;
    return fileExists.call(this, r ?? p);
  };
  sys.readFile = function (p, encoding) {
    const r = redirect(p);
    if (r === "hide") return undefined;
    return readFile.call(this, r ?? p, encoding);
  };
  // No watching of files on disk: lib is loaded once per kernel, so a change seen by tslab's watch
  // program is useless here and can fail a cell with "Unexpected pending rebuildTimer" (when files
  // are created and deleted in the project folder during a report run). tslab's own
  // in-memory cell files are watched through its own sys, not these.
  const noWatch = () => ({ close() {} });
  sys.watchFile = noWatch;
  sys.watchDirectory = noWatch;
  return build;
}

module.exports = { installPrebuiltLib };
