import * as path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { projectPaths } from "../../lib/util/project-paths";

describe("projectPaths", () => {
  afterEach(() => vi.unstubAllEnvs());
  const root = path.resolve("/work/project");
  it("searches data/traces, then the shared copy beside the project", () => {
    vi.stubEnv("SCHEDGAME_TRACES", "");
    expect(projectPaths(root).traces).toEqual([
      path.join(root, "data", "traces"),
      path.resolve(root, "../shared/traces"),
    ]);
  });
  it("searches SCHEDGAME_TRACES first, and each folder once when it names one of the others", () => {
    vi.stubEnv("SCHEDGAME_TRACES", "/elsewhere/logs");
    expect(projectPaths(root).traces[0]).toBe(path.resolve("/elsewhere/logs"));
    expect(projectPaths(root).traces).toHaveLength(3);
    vi.stubEnv("SCHEDGAME_TRACES", "../shared/traces");
    expect(projectPaths(root).traces).toEqual([
      path.resolve(root, "../shared/traces"),
      path.join(root, "data", "traces"),
    ]);
  });
});
