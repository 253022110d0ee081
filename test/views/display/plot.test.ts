import { describe, expect, it } from "vitest";
import { plotlyLibraryBundle } from "../../../views/display/plot";

describe("plotly.js loaded twice in one page (two notebooks in JupyterLab tabs)", () => {
  it("the second load finds the draw-now queue, not an array, and draws what was queued before the first", async () => {
    const vm = await import("node:vm");
    const html = String(plotlyLibraryBundle()["text/html"]);
    const trailer = html.slice(
      html.lastIndexOf(";(function(){var q=window.__plotlyQueue"),
      html.lastIndexOf("</script>"),
    );
    const drawn: string[] = [];
    const window: Record<string, unknown> = { __plotlyQueue: [() => drawn.push("queued before load")] };
    const ctx = vm.createContext({ window });
    vm.runInContext(trailer, ctx);
    expect(drawn).toEqual(["queued before load"]);
    expect(() => vm.runInContext(trailer, ctx)).not.toThrow();
    (window.__plotlyQueue as { push: (f: () => void) => void }).push(() => drawn.push("drawn at once"));
    expect(drawn).toEqual(["queued before load", "drawn at once"]);
  });
});
