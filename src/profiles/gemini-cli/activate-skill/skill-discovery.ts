import type { EnvironmentPort } from "../../environment-port.js";

/** The skills Gemini CLI 0.61.0's installation holds (`bundle/builtin`), as its activate_skill schema lists them. @see spec §16.4; fixtures/captures/gemini-cli/google-gemini-tools.1.declarations.json */
export const GEMINI_BUILTIN_SKILLS: readonly string[] = ["skill-creator", "antigravity-support"];

/** A skill the workspace holds: its sanitised name, its SKILL.md's folder and body (after the front matter, trimmed). */
export interface WorkspaceSkill {
  name: string;
  folder: string;
  body: string;
}

/** The project's skill folders (Storage.getProjectSkillsDir, getProjectAgentSkillsDir) and the user's, relative to the workspace or HOME. */
const SKILL_FOLDERS = [".gemini/skills", ".agents/skills"];

/** `---⏎<front matter>⏎---⏎<body>` at the file's start (CRLF allowed). [bundle: skillLoader.ts FRONTMATTER_REGEX] */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;

/** A front-matter line both of the CLI's readers (YAML, then its line parser) read the same way: a key and a plain value. */
const PLAIN_LINE = /^(name|description): ([A-Za-z0-9][A-Za-z0-9 .,_()'-]*)$/;

/**
 * The skills the workspace holds (`SKILL.md` in a skill folder or one folder below it), or why
 * they are not modelled: user skill folders (HOME), a front matter other than plain `name:` and
 * `description:` lines, links, or a name the installation or another skill already holds
 * (precedence).
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/skills/skillLoader.ts `loadSkillsFromDir`, `loadSkillFromFile`; skillManager.ts `discoverSkills`]
 */
export async function workspaceSkills(environment: EnvironmentPort): Promise<WorkspaceSkill[] | { unmodelled: string }> {
  const home = environment.agentEnv.HOME;
  for (const folder of SKILL_FOLDERS) {
    if (home && (await environment.stat(`${home}/${folder}`)).kind !== "missing") return { unmodelled: "skills in the user's skill folders" };
  }
  const skills: WorkspaceSkill[] = [];
  for (const folder of SKILL_FOLDERS) {
    const root = `${environment.workspace}/${folder}`;
    if ((await environment.stat(root)).kind !== "directory") continue;
    const entries = await environment.listDirectory(root);
    if (!Array.isArray(entries)) return { unmodelled: "an unreadable skill folder" };
    if (entries.some((entry) => entry.kind === "symlink")) return { unmodelled: "links in a skill folder" };
    const files = [
      `${root}/SKILL.md`,
      ...entries.filter((entry) => entry.kind === "directory" && !entry.name.startsWith(".") && entry.name !== "node_modules").map((entry) => `${root}/${entry.name}/SKILL.md`),
    ];
    for (const file of files) {
      const fact = await environment.stat(file);
      if (fact.kind === "missing") continue;
      if (fact.kind !== "file" || fact.symlink) return { unmodelled: "a SKILL.md that is not a regular file" };
      const bytes = await environment.readFile(file);
      if (!(bytes instanceof Uint8Array)) return { unmodelled: "an unreadable SKILL.md" };
      const match = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).match(FRONTMATTER);
      if (match === null) continue;
      const fields: Record<string, string> = {};
      for (const line of match[1]!.split(/\r?\n/)) {
        if (line.trim() === "") continue;
        const plain = PLAIN_LINE.exec(line);
        if (plain === null || Object.hasOwn(fields, plain[1]!)) return { unmodelled: "a SKILL.md front matter other than plain name: and description: lines" };
        fields[plain[1]!] = plain[2]!.trim();
      }
      if (fields.name === undefined || fields.description === undefined) continue;
      const name = fields.name.replace(/[:\\/<>*?"|]/g, "-");
      if (GEMINI_BUILTIN_SKILLS.includes(name) || skills.some((skill) => skill.name === name)) return { unmodelled: "two skills of one name (their precedence)" };
      skills.push({ name, folder: file.slice(0, file.lastIndexOf("/")), body: match[2]?.trim() ?? "" });
    }
  }
  return skills;
}
