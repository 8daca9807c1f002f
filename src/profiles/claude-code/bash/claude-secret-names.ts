/**
 * Which file names Claude Code 2.1.332 takes to mark a file holding secrets (bundle `lzi`,
 * docs/spec/claude-code-2.1.332.md §5.4): the "changed on disk" note of such a file shows no
 * changes.
 */

/** Zero-width and bidi marks the fold drops. [bundle `D5e`] */
const INVISIBLE_MARKS = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
/** Characters cut from a name's end before and after folding. [bundle `G`, `TRr`] */
const TRAILING = "\n\r\u2028\u2029. ";
/** Last segments that make a `.env` name a template, not a secret. [bundle `QCs`] */
const TEMPLATE_SUFFIXES = ["example", "sample", "template", "dist"];
/** Keys, keystores, SSH key files and secrets documents. [bundle `b`] */
const SECRET_NAME = /(?:\.(?:pem|key|p12|pfx|keystore|jks)|_(?:rsa|dsa|ecdsa|ed25519)(?:_sk(?:_rk(?:_.*)?)?)?|secrets?\.(?:ya?ml|json|toml))$/s;
/** A name with a `:` is also read with its last one, two or all `:`-parts dropped. [bundle `U`; the first never matches] */
const COLON_PARTS = [/(?!)/, /:[^:]*$/, /:[^:]*:[^:]*$/, /:.*$/s];

/** The fold: lower case, dotless i and long s plain, marks dropped, optionally from a `:` on, trailing dots and spaces. [bundle `ae`, `qa` (colon cut) and `Irt` (none)] */
function fold(name: string, cutColon: boolean): string {
  const lower = name
    .toLowerCase()
    .replace(/\u0131/g, "i")
    .replace(/\u017f/g, "s");
  const plain = lower.replace(INVISIBLE_MARKS, "");
  return (cutColon ? plain.replace(/:.*$/, "") : plain).replace(/[. ]+$/, "") || lower;
}

function trimEnd(name: string): string {
  let end = name.length;
  while (end > 0 && TRAILING.includes(name[end - 1] ?? "")) end -= 1;
  return name.slice(0, end);
}

const isTemplate = (name: string) => TEMPLATE_SUFFIXES.includes(name.split(".").at(-1) ?? "");

/** `.env`, `.env.<x>` (x not a template word), `<x>.env` (x's last segment not one). [bundle `k`, `de`, `p`] */
const isEnvName = (name: string) => name === ".env" || (name.startsWith(".env.") && !TEMPLATE_SUFFIXES.includes(name.slice(5))) || (name.endsWith(".env") && !isTemplate(name.slice(0, -4)));

/** The folds a name is read under. [bundle `Mmn`] */
function foldsOf(name: string): Array<(name: string) => string> {
  const withColonCut = (value: string) => fold(value, true);
  if (!name.includes(":")) return [withColonCut];
  return [withColonCut, ...COLON_PARTS.map((part) => (value: string) => fold(value.replace(part, ""), false))];
}

/** Whether the binary withholds the changes of the file at `path` (its last segment decides). [bundle `lzi`] */
export function namesSecretsFile(path: string): boolean {
  const name = path
    .split("/")
    .filter((segment) => segment !== "")
    .at(-1);
  if (name === undefined) return true;
  return foldsOf(name)
    .flatMap((folded) => [folded(name), trimEnd(folded(trimEnd(name)))])
    .some((candidate) => isEnvName(candidate) || SECRET_NAME.test(candidate));
}
