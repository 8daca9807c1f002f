import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layerViolations, readImportGraph, readLayers } from "./import-graph.js";

const root = join(import.meta.dirname, "..");
const layers = readLayers(readFileSync(join(root, "README.md"), "utf8"));
const edges = readImportGraph(join(root, "src"));

describe("the layers of src/ (README 'Layers of src/')", () => {
  it("the README lists the layers, every folder of src/ once", () => {
    const listed = layers.flat();
    expect(new Set(listed).size).toBe(listed.length);
    const folders = new Set(
      edges
        .flatMap((edge) => [edge.from, edge.to])
        .filter((path) => path.includes("/"))
        .map((path) => path.split("/")[0]!),
    );
    expect([...folders].filter((folder) => !listed.includes(folder))).toEqual([]);
  });

  it("no import runs up a layer or into another agent's profile", () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(layerViolations(edges, layers)).toEqual([]);
  });

  it("the check catches an upward import and a cross-agent import (the rule is not vacuous)", () => {
    const planted = [
      ...edges,
      { from: "loop/loop-run.ts", to: "gate/gate-expected.ts" },
      { from: "profiles/codex-cli/format.ts", to: "profiles/opencode-cli/format-bash.ts" },
      { from: "profiles/opencode-core/x.ts", to: "profiles/opencode-shared/run-bash.ts" },
    ];
    expect(layerViolations(planted, layers)).toEqual([
      "loop/loop-run.ts → gate/gate-expected.ts: loop/ (layer 5) imports gate/ (layer 2) above it",
      "profiles/codex-cli/format.ts → profiles/opencode-cli/format-bash.ts: agent codex-cli imports agent opencode-cli's rules",
    ]);
  });
});
