import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bidVectorFamily } from "../../lib/auction/bid-vector";
import { _generalizedVickrey } from "../../lib/auction/vickrey";

const generalizedVickrey = (
  bids: number[][],
  balances: number[],
  servers: number,
  o: { round?: number } = {},
) => _generalizedVickrey(bids, balances, servers, o.round ?? 0, 3);

/** Every allocation of at most `servers` servers to `agents` agents. */
function allAllocations(agents: number, servers: number): number[][] {
  if (agents === 0) return [[]];
  const out: number[][] = [];
  for (let n = 0; n <= servers; n++)
    for (const rest of allAllocations(agents - 1, servers - n)) out.push([n, ...rest]);
  return out;
}
const val = (b: number[], n: number) => (n === 0 ? 0 : b[n - 1]);
const welfare = (bids: number[][], alloc: number[]) => alloc.reduce((s, n, i) => s + val(bids[i], n), 0);
function bruteMax(bids: number[][], servers: number): number {
  return Math.max(...allAllocations(bids.length, servers).map((a) => welfare(bids, a)));
}

describe("_generalizedVickrey(bids, balances, servers, round, period)", () => {
  it("cycles between (1, 2) and (2, 1) every 3 rounds for the seed's example (two bidders, (10, 20, 30), 3 servers)", () => {
    const seq = [0, 1, 2, 3, 4, 5, 6].map(
      (round) =>
        generalizedVickrey(
          [
            [10, 20, 30],
            [10, 20, 30],
          ],
          [100, 100],
          3,
          { round },
        ).allocation,
    );
    expect(seq).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
      [2, 1],
      [2, 1],
      [2, 1],
      [1, 2],
    ]);
    const r = generalizedVickrey(
      [
        [10, 20, 30],
        [10, 20, 30],
      ],
      [100, 100],
      3,
    );
    expect(r.welfare).toBe(30);
    expect(r.ties).toBe(2);
    // Without bidder 0 the other gets 30 for all 3; with it, the other's bid is 20: bidder 0 pays 10.
    expect(r.prices).toEqual([10, 20]);
  });

  it("charges the VCG externality (single-unit case = second price)", () => {
    const r = generalizedVickrey([[7], [5], [3]], [10, 10, 10], 1);
    expect(r.allocation).toEqual([1, 0, 0]);
    expect(r.prices).toEqual([5, 0, 0]);
  });

  it("truncates bids to [0, balance]", () => {
    const r = generalizedVickrey(
      [
        [9, 18],
        [6, 12],
      ],
      [4, 100],
      2,
    );
    expect(r.allocation).toEqual([0, 2]);
    expect(r.prices).toEqual([0, 4]);
  });

  const caseArb = fc
    .record({ agents: fc.integer({ min: 1, max: 4 }), servers: fc.integer({ min: 1, max: 5 }) })
    .chain(({ agents, servers }) =>
      fc.record({
        servers: fc.constant(servers),
        bids: fc.array(
          fc.array(fc.integer({ min: -2, max: 12 }), { minLength: servers, maxLength: servers }),
          { minLength: agents, maxLength: agents },
        ),
        balances: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: agents, maxLength: agents }),
        round: fc.integer({ min: 0, max: 20 }),
      }),
    );

  it("property: the allocation is welfare-maximal (brute force) and uses at most N servers", () => {
    fc.assert(
      fc.property(caseArb, ({ bids, balances, servers, round }) => {
        const r = generalizedVickrey(bids, balances, servers, { round });
        const truncated = bids.map((b, i) => b.map((x) => Math.min(Math.max(x, 0), balances[i])));
        expect(r.allocation.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(servers);
        expect(welfare(truncated, r.allocation)).toBeCloseTo(bruteMax(truncated, servers), 9);
        expect(r.welfare).toBeCloseTo(welfare(truncated, r.allocation), 9);
      }),
    );
  });

  it("property: prices are the VCG externality (brute force), non-negative and at most the bid for what was won", () => {
    fc.assert(
      fc.property(caseArb, ({ bids, balances, servers, round }) => {
        const r = generalizedVickrey(bids, balances, servers, { round });
        const truncated = bids.map((b, i) => b.map((x) => Math.min(Math.max(x, 0), balances[i])));
        r.prices.forEach((p, a) => {
          const others = truncated.filter((_, j) => j !== a);
          const expected = bruteMax(others, servers) - (r.welfare - val(truncated[a], r.allocation[a]));
          expect(p).toBeCloseTo(expected, 9);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(val(truncated[a], r.allocation[a]) + 1e-9);
          expect(p).toBeLessThanOrEqual(balances[a]);
        });
      }),
    );
  });

  it("property: among maximal allocations the chosen one is the most even (least Σ N²)", () => {
    fc.assert(
      fc.property(caseArb, ({ bids, balances, servers, round }) => {
        const r = generalizedVickrey(bids, balances, servers, { round });
        const truncated = bids.map((b, i) => b.map((x) => Math.min(Math.max(x, 0), balances[i])));
        const best = bruteMax(truncated, servers);
        const sq = (a: number[]) => a.reduce((s, n) => s + n * n, 0);
        const minSq = Math.min(
          ...allAllocations(bids.length, servers)
            .filter((a) => Math.abs(welfare(truncated, a) - best) < 1e-9)
            .map(sq),
        );
        expect(sq(r.allocation)).toBe(minSq);
      }),
    );
  });

  it("property: with real-valued family bids (as in the simulator) prices stay in [0, bid] and welfare is maximal", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            nMax: fc.double({ min: 0, max: 8, noNaN: true }),
            bMax: fc.double({ min: 0, max: 5, noNaN: true }),
            r: fc.double({ min: -1, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.double({ min: 0, max: 4, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 9 }),
        (params, balances, servers, round) => {
          const bids = params.map((p) => bidVectorFamily("power")(p, servers));
          const bal = balances.slice(0, bids.length);
          const r = generalizedVickrey(bids, bal, servers, { round });
          const truncated = bids.map((b, i) => b.map((x) => Math.min(Math.max(x, 0), bal[i])));
          expect(r.welfare).toBeCloseTo(bruteMax(truncated, servers), 7);
          r.prices.forEach((p, a) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(val(truncated[a], r.allocation[a]));
          });
        },
      ),
    );
  });
});
