import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { _renderRound as renderRound, createRenderState } from "../../lib/auction/render-model";

describe("_renderRound(state, servers)", () => {
  it("renders a frame over several rounds and completes it when its work is done", () => {
    const s = createRenderState({ frames: [2.5] });
    expect(renderRound(s, 1)).toEqual({ completed: 0, interrupted: 0, lostWork: 0 });
    expect(s.running).toEqual([{ frame: 0, done: 1 }]);
    renderRound(s, 1);
    expect(renderRound(s, 1).completed).toBe(1);
    expect(s.completed).toBe(1);
    expect(s.completedWork).toBe(2.5);
    expect(s.running).toEqual([]);
  });

  it("loses the work of an interrupted frame (no check-pointing) and restarts it from zero", () => {
    const s = createRenderState({ frames: [2.5] });
    renderRound(s, 1);
    renderRound(s, 1);
    const r = renderRound(s, 0);
    expect(r).toEqual({ completed: 0, interrupted: 1, lostWork: 2 });
    expect(s.queue).toEqual([0]);
    renderRound(s, 1);
    renderRound(s, 1);
    expect(s.completed).toBe(0);
    expect(renderRound(s, 1).completed).toBe(1);
    expect(s.lostWork).toBe(2);
    expect(s.interruptions).toBe(1);
  });

  it("keeps the most advanced frames when servers are withdrawn", () => {
    const s = createRenderState({ frames: [5, 5, 5] });
    renderRound(s, 1); // frame 0: 1 done
    renderRound(s, 3); // frame 0: 2, frames 1 and 2: 1 each
    const r = renderRound(s, 1);
    expect(r.interrupted).toBe(2);
    expect(r.lostWork).toBe(2);
    expect(s.running).toEqual([{ frame: 0, done: 3 }]);
    expect(s.queue).toEqual([1, 2]);
  });

  it("does not parallelise a frame: two servers render one frame no faster than one", () => {
    const s = createRenderState({ frames: [1.5] });
    renderRound(s, 2);
    expect(s.running).toEqual([{ frame: 0, done: 1 }]);
    expect(renderRound(s, 2).completed).toBe(1);
  });

  it("starts the next queued frame on a server as soon as it frees, in event order", () => {
    const s = createRenderState({ frames: [0.25, 0.5, 1] });
    const r = renderRound(s, 2);
    // server A: frame 0 done at 0.25, then frame 2 runs 0.75; server B: frame 1 done at 0.5, idles.
    expect(r.completed).toBe(2);
    expect(s.running).toEqual([{ frame: 2, done: 0.75 }]);
  });

  it("property: frames are conserved, never more frames run than servers, work done ≤ server time", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.05, max: 6, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }),
        (frames, alloc) => {
          const s = createRenderState({ frames });
          let serverTime = 0;
          for (const n of alloc) {
            renderRound(s, n);
            serverTime += n;
            expect(s.running.length).toBeLessThanOrEqual(n);
            expect(s.queue.length + s.running.length + s.completed).toBe(frames.length);
            const inFlight = s.running.reduce((x, r) => x + r.done, 0);
            expect(s.completedWork + inFlight + s.lostWork).toBeLessThanOrEqual(serverTime + 1e-9);
            for (const r of s.running) expect(r.done).toBeLessThan(frames[r.frame] + 1e-9);
          }
        },
      ),
    );
  });
});
