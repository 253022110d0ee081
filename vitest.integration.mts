import { defineConfig } from "vitest/config";

/** `npm run check:integration`: checks that need system services, one file at a time. */
export default defineConfig({
  test: {
    include: ["test/integration/**/*.test.ts"],
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: "forks",
    fileParallelism: false,
    env: { TZ: "UTC" },
  },
});
