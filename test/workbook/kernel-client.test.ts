import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { TslabKernel } from "../../workbook/kernel-client";

/** A project root whose kernel launcher runs `body` (CommonJS; `zmq` and the connection `c` in scope). */
function fakeRoot(body: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "odd-kernel-"));
  fs.mkdirSync(path.join(root, "kernel"));
  const zmq = JSON.stringify(path.resolve("node_modules", "zeromq"));
  fs.writeFileSync(
    path.join(root, "kernel", "launch.cjs"),
    `const zmq = require(${zmq});\nconst c = JSON.parse(require("fs").readFileSync(process.argv[4], "utf8"));\n${body}\nsetInterval(() => {}, 1000);\n`,
  );
  return root;
}

describe("TslabKernel.start", () => {
  it.each([
    ["a kernel process that never binds its sockets", ""],
    // what a connection file with one port for shell and iopub did: the shell request met a PUB socket
    [
      "a shell port holding a socket that cannot answer (a request is never taken)",
      'new zmq.Publisher().bind("tcp://127.0.0.1:" + c.shell_port);',
    ],
  ])(
    "gives up on %s within its start timeout",
    async (_what, body) => {
      const root = fakeRoot(body);
      try {
        await expect(TslabKernel.start({ root, startTimeoutMs: 2000 })).rejects.toThrow(
          /^kernel did not start within 2000 ms/,
        );
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
