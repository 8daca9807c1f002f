import { fileURLToPath } from "node:url";

/** The correx package root (dist/cli/ or src/cli/ → two levels up). */
export const packageRoot = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
