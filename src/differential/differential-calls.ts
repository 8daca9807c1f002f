import type { ScenarioContent, ScenarioPage, ScenarioSubagent } from "../generated/schema-types.js";
import { fileContent, type GeneratedContent } from "../profiles/differential-content.js";
import type { DifferentialVocabulary, DifferentialWorkspace, GeneratedCall } from "../profiles/differential-vocabulary.js";
import type { SeededRandom } from "./seeded-random.js";

export type { GeneratedCall } from "../profiles/differential-vocabulary.js";

/**
 * The state of one scenario under construction: its workspace files and pages, so that calls
 * name files that exist (or on purpose do not), and fresh names never collide.
 */
export class ScenarioWorkspaceBuilder implements DifferentialWorkspace {
  readonly files: Record<string, ScenarioContent> = {};
  readonly directories: string[] = [];
  readonly pages: Record<string, ScenarioPage> = {};
  readonly subagents: ScenarioSubagent[] = [];
  readonly permissionReplies: ("once" | "always" | "reject")[] = [];
  /** Files no call changes, with what they hold (reads, greps and globs aim at these). */
  readonly stable: { path: string; content: GeneratedContent }[] = [];
  private counter = 0;

  constructor(
    readonly random: SeededRandom,
    readonly profile: string,
  ) {}

  /** A fresh workspace-relative name. */
  fresh(stem: string, extension: string, folder = ""): string {
    this.counter += 1;
    return `${folder}${stem}-${this.counter}${extension}`;
  }

  /** A new file with a generated body that no call changes. */
  stableFile(): { path: string; content: GeneratedContent } {
    const content = fileContent(this.random);
    const folder = this.random.pick(["", "", "src/", "docs/", "deep/a/b/"]);
    const path = this.fresh(this.random.pick(["notes", "data", "file", "Readme", "log"]), this.random.pick([".txt", ".txt", ".md", ".ts", ".log", ""]), folder);
    this.files[path] = content.content;
    const entry = { path, content };
    this.stable.push(entry);
    return entry;
  }

  /** An existing stable file, or a new one. */
  someStableFile(): { path: string; content: GeneratedContent } {
    return this.stable.length > 0 && this.random.chance(0.4) ? this.random.pick(this.stable) : this.stableFile();
  }

  /** A directory with entries whose byte order and locale order differ (dirs, case, digits, accents). */
  listedDirectory(): string {
    const directory = this.fresh("listing", "/");
    const names = this.random.shuffle(["B.txt", "a.txt", "_under.txt", "10.txt", "9.txt", "é.txt", "Z", "sub", ".hidden", "a b.txt", "A.md"]).slice(0, this.random.int(2, 9));
    for (const name of names) {
      if (name === "Z" || name === "sub") this.files[`${directory}${name}/inner.txt`] = "inner\n";
      else this.files[`${directory}${name}`] = `${name}\n`;
    }
    return directory.slice(0, -1);
  }
}

/** One generated call of `vocabulary`, its tool chosen by weight. */
export function generateCall(builder: ScenarioWorkspaceBuilder, vocabulary: DifferentialVocabulary): GeneratedCall {
  const total = vocabulary.makers.reduce((sum, entry) => sum + entry.weight, 0);
  let ticket = builder.random.int(1, total);
  for (const entry of vocabulary.makers) {
    ticket -= entry.weight;
    if (ticket <= 0) return builder.random.pick(entry.makers)(builder);
  }
  throw new Error("unreachable: weights cover every ticket");
}
