import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** One import between two files of `src/` (paths relative to `src/`, POSIX). */
export interface ImportEdge {
  from: string;
  to: string;
}

/** Every relative import (`from "./…"`, `import("…")`, `export … from`) of the non-test TypeScript files under `srcDir`. */
export function readImportGraph(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.(test|test-d|test-support)\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        const text = readFileSync(path, "utf8");
        for (const match of text.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
          const target = normalize(join(dirname(path), match[1]!)).replace(/\.js$/, ".ts");
          edges.push({ from: relative(srcDir, path).split("\\").join("/"), to: relative(srcDir, target).split("\\").join("/") });
        }
      }
    }
  };
  walk(srcDir);
  return edges;
}

/** The layers listed in the README between `<!-- layers:start -->` and `<!-- layers:end -->`: each line's backticked folder names, top layer first. */
export function readLayers(readme: string): string[][] {
  const start = readme.indexOf("<!-- layers:start -->");
  const end = readme.indexOf("<!-- layers:end -->");
  if (start === -1 || end === -1) throw new Error("README has no layers list");
  return readme
    .slice(start, end)
    .split("\n")
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => [...(line.split(":")[0] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

/** The agent a file belongs to under `profiles/<agent>/` or `lower/<agent>/`, if any. */
function agentOf(path: string): string | null {
  const parts = path.split("/");
  return (parts[0] === "profiles" || parts[0] === "lower") && parts.length > 2 ? parts[1]! : null;
}

/**
 * The imports that break the layering: a folder importing from a layer above its own, a folder
 * missing from the list, or an agent's profile or lowering importing another agent's
 * (`opencode-shared` is the opencode profiles' common part). `src/index.ts` (the package entry)
 * may import anything.
 */
export function layerViolations(edges: readonly ImportEdge[], layers: readonly string[][]): string[] {
  const rank = new Map<string, number>();
  layers.forEach((folders, index) => folders.forEach((folder) => rank.set(folder, index)));
  const violations: string[] = [];
  for (const { from, to } of edges) {
    if (!from.includes("/")) continue;
    const [fromFolder, toFolder] = [from.split("/")[0]!, to.split("/")[0]!];
    const fromRank = rank.get(fromFolder);
    const toRank = rank.get(toFolder);
    if (fromRank === undefined || toRank === undefined) {
      violations.push(`${from} → ${to}: ${fromRank === undefined ? fromFolder : toFolder}/ is in no layer of the README's list`);
      continue;
    }
    if (toRank < fromRank) violations.push(`${from} → ${to}: ${fromFolder}/ (layer ${fromRank + 1}) imports ${toFolder}/ (layer ${toRank + 1}) above it`);
    const [fromAgent, toAgent] = [agentOf(from), agentOf(to)];
    if (fromAgent !== null && toAgent !== null && fromAgent !== toAgent && !(toAgent === "opencode-shared" && fromAgent.startsWith("opencode-"))) {
      violations.push(`${from} → ${to}: agent ${fromAgent} imports agent ${toAgent}'s rules`);
    }
  }
  return violations;
}
