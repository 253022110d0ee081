import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Checks that start system services (JupyterLab, Notebook 6, a local Slurm) run in
    // `npm run check:integration` (vitest.integration.mts), not in `npm test`.
    exclude: ["test/integration/**", "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { TZ: "UTC" },
  },
});
