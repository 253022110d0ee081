/**
 * The fair-share (FS) benchmark of seed 004 (Section 5): every active agent (started, before its
 * deadline, job not complete) gets an equal share of the N servers, with no money involved. The
 * N mod k servers left over by the equal split among k active agents go to R = N mod k of them, and
 * the set that gets them moves on every `period` rounds (seed: 3, to avoid thrashing): in round t the
 * extras go to the active agents at positions (⌊t / period⌋·R + j) mod k, j = 0 … R − 1, of the
 * active agents in index order.
 */

/**
 * Fair-share allocation for one round (inputs unchecked: the simulator validates a run once).
 * @param active whether each agent is active this round
 * @param servers N, the number of servers
 * @param round the round number t (≥ 0)
 * @param period rounds between moves of the extra servers
 * @returns servers per agent (0 for inactive agents), summing to N when any agent is active
 * @example _fairShareAllocation([true, true, true, true], 15, 0, 3) // [4, 4, 4, 3]
 */
export function _fairShareAllocation(
  active: readonly boolean[],
  servers: number,
  round: number,
  period: number,
): number[] {
  const ids: number[] = [];
  active.forEach((a, i) => {
    if (a) ids.push(i);
  });
  const out = new Array<number>(active.length).fill(0);
  const k = ids.length;
  if (k === 0) return out;
  const base = Math.floor(servers / k);
  const extra = servers - base * k;
  for (const i of ids) out[i] = base;
  const offset = (Math.floor(round / period) * extra) % k;
  for (let j = 0; j < extra; j++) out[ids[(offset + j) % k]]++;
  return out;
}
