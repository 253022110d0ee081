import { describe, expect, it } from "vitest";
import { missingCommands } from "./service";

describe("integration gate", () => {
  it("finds sh and not a made-up command", () => {
    expect(missingCommands(["sh", "schedgame-no-such-command"])).toEqual(["schedgame-no-such-command"]);
  });
});
