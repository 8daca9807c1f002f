import type { EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";

/** getFolderStructure's defaults. [bundle: packages/core/src/utils/getFolderStructure.ts] */
const MAX_ITEMS = 200;
const TRUNCATION_INDICATOR = "...";
const IGNORED_FOLDERS = new Set(["node_modules", ".git", "dist", "__pycache__"]);

interface FolderNode {
  name: string;
  files: string[];
  subFolders: FolderNode[];
  hasMoreFiles?: boolean;
  hasMoreSubfolders?: boolean;
  isIgnored?: boolean;
}

/**
 * The folder structure activate_skill shares (getFolderStructure of the skill's folder, no
 * ignore files): breadth first, each folder's entries sorted by `localeCompare`, its files then
 * its folders, at most 200 items; ignored folders shown as `name/...`; tree lines `├───`,
 * `└───`, `│   `; after `Showing up to 200 items (files + folders).` (plus the truncation note)
 * and the folder's absolute path with `/`.
 * @see docs/spec/gemini-cli-0.61.0.md §16.4 [bundle: packages/core/src/utils/getFolderStructure.ts `readFullStructure`, `formatStructure`]
 */
export async function skillFolderStructure(folder: string, environment: EnvironmentPort): Promise<string> {
  const root: FolderNode = { name: folder.slice(folder.lastIndexOf("/") + 1), files: [], subFolders: [] };
  const queue: { node: FolderNode; path: string }[] = [{ node: root, path: folder }];
  let count = 0;
  while (queue.length > 0) {
    const { node, path } = queue.shift()!;
    if (count >= MAX_ITEMS) continue;
    const listed = await environment.listDirectory(path);
    if (!Array.isArray(listed)) throw new UnsupportedError("gemini-cli: activate_skill: an unreadable folder below a skill is not modelled (spec §16.4)");
    const entries = [...listed].sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.kind !== "file") continue;
      if (count >= MAX_ITEMS) {
        node.hasMoreFiles = true;
        break;
      }
      node.files.push(entry.name);
      count++;
    }
    for (const entry of entries) {
      if (entry.kind !== "directory") continue;
      if (count >= MAX_ITEMS) {
        node.hasMoreSubfolders = true;
        break;
      }
      const child: FolderNode = { name: entry.name, files: [], subFolders: [], ...(IGNORED_FOLDERS.has(entry.name) ? { isIgnored: true } : {}) };
      node.subFolders.push(child);
      count++;
      if (!child.isIgnored) queue.push({ node: child, path: `${path}/${entry.name}` });
    }
  }
  const lines: string[] = [];
  formatNode(root, "", true, true, lines);
  let summary = `Showing up to ${MAX_ITEMS} items (files + folders).`;
  if (truncated(root)) summary += ` Folders or files indicated with ${TRUNCATION_INDICATOR} contain more items not shown, were ignored, or the display limit (${MAX_ITEMS} items) was reached.`;
  return `${summary}\n\n${folder}/\n${lines.join("\n")}`;
}

function truncated(node: FolderNode): boolean {
  return node.hasMoreFiles === true || node.hasMoreSubfolders === true || node.isIgnored === true || node.subFolders.some(truncated);
}

function formatNode(node: FolderNode, indent: string, isLast: boolean, isRoot: boolean, lines: string[]): void {
  const connector = isLast ? "└───" : "├───";
  if (!isRoot || node.isIgnored) lines.push(`${indent}${connector}${node.name}/${node.isIgnored ? TRUNCATION_INDICATOR : ""}`);
  const childIndent = isRoot ? "" : indent + (isLast ? "    " : "│   ");
  node.files.forEach((file, index) => {
    const lastFile = index === node.files.length - 1 && node.subFolders.length === 0 && !node.hasMoreSubfolders;
    lines.push(`${childIndent}${lastFile ? "└───" : "├───"}${file}`);
  });
  if (node.hasMoreFiles) lines.push(`${childIndent}${node.subFolders.length === 0 && !node.hasMoreSubfolders ? "└───" : "├───"}${TRUNCATION_INDICATOR}`);
  node.subFolders.forEach((sub, index) => formatNode(sub, childIndent, index === node.subFolders.length - 1 && !node.hasMoreSubfolders, false, lines));
  if (node.hasMoreSubfolders) lines.push(`${childIndent}└───${TRUNCATION_INDICATOR}`);
}
