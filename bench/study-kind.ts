/** A CPU-bound study kind for the study bench: about `ms` milliseconds of arithmetic per task. */
export function spin(params: Record<string, unknown>): Record<string, unknown>[] {
  const until = Date.now() + ((params.ms as number | undefined) ?? 50);
  let x = 0;
  let i = 0;
  while (Date.now() < until) x += Math.sqrt(++i);
  return [{ ...params, iterations: i > 0 ? 1 : 0, checksum: x > 0 ? 1 : 0 }];
}
