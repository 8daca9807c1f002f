import { defineConfig } from "vitest/config";

// `npm test` runs test/; `npm run demo:failure` runs demo/, whose one test fails on purpose to
// show the message a failing toConformTo prints.
export default defineConfig({
  test: {
    include: process.env.SHOW_FAILURE ? ["demo/**/*.test.ts"] : ["test/**/*.test.ts"],
  },
});
