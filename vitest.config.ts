import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "threads",
    // every test file removes the temp folders it made (test/temp-dirs.ts) after its last test
    setupFiles: ["test/remove-temp-dirs.setup.ts", "test/fast-check-seed.setup.ts"],
  },
});
