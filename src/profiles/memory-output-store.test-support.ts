import type { OutputStorePort, OutputStoreWriter } from "./output-store-port.js";

/** An in-memory OutputStorePort for tests: `saved[i]` holds the i-th file's text. */
export interface MemoryOutputStore extends Required<OutputStorePort> {
  saved: string[];
}

/** Files are named by `pathOf(n)` for n = 1, 2, …; streaming writers decode bytes as UTF-8. */
export function createMemoryOutputStore(pathOf: (n: number) => string = (n) => `/out/tool_${n}`): MemoryOutputStore {
  const saved: string[] = [];
  return {
    saved,
    write(text: string): string {
      saved.push(text);
      return pathOf(saved.length);
    },
    open(): OutputStoreWriter {
      const index = saved.push("") - 1;
      const path = pathOf(saved.length);
      const decoder = new TextDecoder();
      return {
        path,
        append(chunk: string | Uint8Array) {
          saved[index] += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
        },
        close: () => path,
        abort() {
          saved.splice(index, 1);
        },
      };
    },
  };
}
