import { describe, expect, it } from "vitest";
import { parseGresConf } from "../../lib/io/gres-conf";

// gres.conf as slurmd reads it (src/common/gres.c _parse_gres_config).
describe("parseGresConf", () => {
  it("counts File ranges, reads Count with suffixes, applies lines without NodeName to the local node", () => {
    const g = parseGresConf(
      "AutoDetect=off\nNodeName=gpu[01-02] Name=gpu Type=tesla File=/dev/nvidia[0-3]\nName=gpu Type=a100 Count=2\n" +
        "NodeName=gpu01 Name=mps Count=1K File=/dev/nvidia0\nName=bandwidth Count=4G Flags=CountOnly\n",
      "gres.conf",
      ["gpu", "mps"],
    );
    expect(g.records.map((r) => [r.nodes, r.name, r.type, r.count, r.deviceFile])).toEqual([
      [["gpu01", "gpu02"], "gpu", "tesla", 4, "/dev/nvidia[0-3]"],
      [null, "gpu", "a100", 2, ""],
      [["gpu01"], "mps", "", 1024, "/dev/nvidia0"],
    ]);
    expect(g.autoDetect).toBe("off");
    expect(g.warnings).toEqual([
      "gres.conf:5: gres.conf record bandwidth is not in GresTypes (gpu,mps); ignored",
    ]);
  });
  it("refuses a Count that disagrees with File, a bad suffix, and a bad File range", () => {
    expect(() => parseGresConf("Name=gpu File=/dev/nvidia[0-1] Count=4", "gres.conf", ["gpu"])).toThrow(
      /^gres\.conf:1: invalid Count: "4"; expected 2, the number of File= devices$/,
    );
    expect(() => parseGresConf("Name=gpu Count=2X", "gres.conf", ["gpu"])).toThrow(
      /^gres\.conf:1: invalid Count: "2X"/,
    );
    expect(() => parseGresConf("Name=gpu File=/dev/nvidia[1-0]", "gres.conf", ["gpu"])).toThrow(
      /^gres\.conf:1: invalid File: "\/dev\/nvidia\[1-0\]"; .*runs backwards/,
    );
  });
});
