import { chmod, cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { InputError } from "../input/input-error.js";
import { chownTree } from "./chown-tree.js";
import type { Scenario } from "./scenario.js";
import { scenarioContentBytes } from "./scenario-content-bytes.js";

/** Where fixture workspace folders live: fixtures/workspaces/ in the package. */
export const defaultWorkspacesRoot = new URL("../../fixtures/workspaces/", import.meta.url).pathname;

/**
 * Materialises a scenario's workspace in `directory` (which should be fresh and empty): copies
 * its fixture folder, creates its empty directories and generated files, writes its inline
 * files over them, gives it all to `owner` when one is given (the scenario's `agent.user`), and
 * sets its file modes last (so a mode without write or search permission stops nothing being
 * written, and applies to that user).
 */
export async function writeScenarioWorkspace(scenario: Scenario, directory: string, workspacesRoot: string = defaultWorkspacesRoot, owner?: { uid: number; gid: number }): Promise<void> {
  const root = resolve(directory);
  await mkdir(root, { recursive: true });
  const workspace = scenario.workspace ?? {};
  if (workspace.folder !== undefined) {
    try {
      await cp(join(workspacesRoot, workspace.folder), root, { recursive: true });
    } catch (error) {
      throw new InputError(`workspace folder "${workspace.folder}": ${(error as NodeJS.ErrnoException).code ?? String(error)}`, scenario.name);
    }
  }
  for (const relative of workspace.directories ?? []) await refusedAs(relative, scenario.name, () => mkdir(inside(root, relative), { recursive: true }));
  for (const group of workspace.generated ?? []) {
    for (let n = 1; n <= group.count; n++) {
      const number = String(n);
      const relative = group.path.replaceAll("{n}", number);
      const target = inside(root, relative);
      const content = typeof group.content === "string" ? group.content.replaceAll("{n}", number) : group.content;
      await refusedAs(relative, scenario.name, async () => {
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, scenarioContentBytes(content));
      });
    }
  }
  for (const [relative, content] of Object.entries(workspace.files ?? {})) {
    const target = inside(root, relative);
    await refusedAs(relative, scenario.name, async () => {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, scenarioContentBytes(content));
    });
  }
  if (owner !== undefined) await chownTree(root, owner.uid, owner.gid);
  for (const [relative, mode] of Object.entries(workspace.modes ?? {})) await refusedAs(relative, scenario.name, () => chmod(inside(root, relative), Number.parseInt(mode, 8)));
}

/**
 * Runs one write, a file-system refusal (a path the folder's copy already holds as a file, a name
 * the file system refuses) becoming an InputError naming the path: the scenario's fault, not correx's.
 */
async function refusedAs(relative: string, scenarioName: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new InputError(`workspace path ${JSON.stringify(relative)}: ${code}`, scenarioName);
  }
}

function inside(root: string, relative: string): string {
  const target = resolve(root, relative);
  if (!target.startsWith(root + sep)) throw new InputError(`workspace path "${relative}" leaves the workspace`);
  return target;
}
