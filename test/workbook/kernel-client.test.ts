import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { TslabKernel } from "../../workbook/kernel-client";

describe("TslabKernel.start", () => {
  it("gives up on a kernel process that never binds its sockets, within its start timeout", async () => {
    // a launcher that stays alive and listens on nothing: each request finds no peer to take it
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "mute-kernel-"));
    fs.mkdirSync(path.join(root, "kernel"));
    fs.writeFileSync(path.join(root, "kernel", "launch.cjs"), "setInterval(() => {}, 1000);\n");
    try {
      const t0 = Date.now();
      await expect(TslabKernel.start({ root, startTimeoutMs: 2000 })).rejects.toThrow(
        /^kernel did not start within 2000 ms/,
      );
      expect(Date.now() - t0).toBeLessThan(15_000);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
