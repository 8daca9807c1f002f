/**
 * The location-relative resource string of an absolute path: relative to the working directory
 * when the path is inside it, else the path itself. Used when an observation gives no `resource`.
 * @see spec §2.2b, §2.3, §2.4 (v2 texts that print `<resource>`)
 */
export function resourceOf(path: string, cwd: string | undefined): string {
  if (cwd === undefined || cwd === "") return path;
  const base = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return path.startsWith(base) && path.length > base.length ? path.slice(base.length) : path;
}
