import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Checks that start system services (JupyterLab, Notebook 6, a local Slurm) run in
    // `npm run check:integration` (vitest.integration.mts), not in `npm test`.
    exclude: ["test/integration/**", "**/node_modules/**"],
    // fast-check's seed for every property that names none
    setupFiles: ["test/fast-check-seed.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One worker per core (vitest's own default in a run leaves one core to its main process, which
    // idles while the files run: one worker on a 2-core machine).
    maxWorkers: availableParallelism(),
    // One module cache per worker process for all its test files (lib keeps no module-level mutable
    // state, CONTRIBUTING.md); `npm run bench -- test` times it against the baseline.
    // `npx vitest run --isolate` re-imports everything for each file, as before.
    isolate: false,
    env: { TZ: "UTC" },
  },
});
