import { type Document, isCollection, isMap, isScalar, isSeq, type Node, type Pair, parseDocument, Scalar, visit, type YAMLMap } from "yaml";
import { compactString } from "./compact-string.js";
import { expandGenerators } from "./expand-generators.js";
import { goldenYamlDocument, parseGoldenYaml, STRINGIFY_OPTIONS, stringifyGoldenYaml } from "./golden-yaml.js";

/** One replacement of the original text: [start, end) becomes `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** How a node is replaced as a whole: as the value of a block-map pair, or as a block-sequence item. */
type Place = { kind: "pair"; pair: Pair; column: number } | { kind: "item"; dashColumn: number } | { kind: "flow" };

/**
 * Rewrites a golden's text so that it holds `next` (the whole document as plain data, generators
 * expanded), changing only what changed (design: golden workflow, issue 13). The `yaml` Document
 * API locates each node; untouched bytes are copied as they are, so comments, `reviewed:`, key
 * order, flow style, quoting and every generator whose expansion is unchanged stay. A changed
 * value is written in the most compact form the golden rules allow (compactString). Inside a
 * `$concat`, parts whose expansion still matches the start or the end of the new string stay.
 *
 * The result is checked: it must parse back (generators expanded) to exactly `next`, keys in
 * order; if the in-place edit cannot guarantee that, the document is written whole instead.
 */
export function editGoldenText(text: string, next: Record<string, unknown>): string {
  let edited: string | null;
  try {
    edited = tryEdit(text, next);
  } catch {
    edited = null;
  }
  if (edited !== null && sameValue(expandedDocument(edited), next)) return edited;
  return stringifyGoldenYaml(compactValue(next));
}

function tryEdit(text: string, next: Record<string, unknown>): string | null {
  let document: Document;
  try {
    document = parseDocument(text, { uniqueKeys: true, strict: true });
  } catch {
    return null;
  }
  if (document.errors.length || !isMap(document.contents) || document.contents.flow) return null;
  const editor = new Editor(text, document);
  const edits = editor.blockMap(document.contents, next);
  return applyEdits(text, edits, 0, text.length);
}

function expandedDocument(text: string): unknown {
  try {
    return expandGenerators(parseGoldenYaml(text));
  } catch {
    return undefined;
  }
}

/** Equal as JSON, key order included (what a golden stores). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Every long string of a value in its compact (generator) form. */
export function compactValue(value: unknown): unknown {
  if (typeof value === "string") return compactString(value);
  if (Array.isArray(value)) return value.map(compactValue);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compactValue(item)]));
}

/** The text of [start, end) with the edits that fall inside it applied. */
function applyEdits(text: string, edits: readonly Edit[], start: number, end: number): string {
  const inside = edits.filter((edit) => edit.start >= start && edit.end <= end).sort((a, b) => a.start - b.start);
  let out = "";
  let at = start;
  for (const edit of inside) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, end);
}

class Editor {
  constructor(
    private readonly text: string,
    private readonly document: Document,
  ) {}

  private lineStart(offset: number): number {
    return this.text.lastIndexOf("\n", offset - 1) + 1;
  }

  private expanded(node: unknown): unknown {
    return expandGenerators((node as Node).toJS(this.document));
  }

  /**
   * The edits that turn `node` (in block context at `place`) into `next`; none when its
   * expansion already is `next`. With `raw`, `next` is compared with the node as written
   * (generators unexpanded): used to edit a generator into the generator that now reproduces it.
   */
  value(node: Node, next: unknown, place: Place, raw = false): Edit[] {
    if (sameValue(raw ? node.toJS(this.document) : this.expanded(node), next)) return [];
    if (raw) {
      if (isMap(node) && !node.flow && isPlainObject(next) && Object.keys(next).length > 0) return this.blockMap(node, next, true);
      if (isSeq(node) && !node.flow && Array.isArray(next) && next.length === node.items.length) {
        return node.items.flatMap((item, index) => this.value(item as Node, next[index], { kind: "item", dashColumn: this.dashColumn(item as Node) }, true));
      }
      return [this.replaceWith(node, next, place)];
    }
    // inside flow collections whose shape stays, only the changed values are replaced
    if (isMap(node) && node.flow && !isGenerator(node) && isPlainObject(next) && sameKeys(node, next)) {
      return (node.items as Pair[]).flatMap((pair) => (pair.value ? this.value(pair.value as Node, next[String((pair.key as { value: unknown }).value)], { kind: "flow" }) : []));
    }
    if (isSeq(node) && node.flow && Array.isArray(next) && next.length === node.items.length) {
      return node.items.flatMap((item, index) => this.value(item as Node, next[index], { kind: "flow" }));
    }
    if (isMap(node) && isGenerator(node) && typeof next === "string") {
      const adapted = compactString(next, { relaxed: true });
      if (isPlainObject(adapted) && sameShape(node.toJS(this.document), adapted)) return this.value(node, adapted, place, true);
    }
    if (isMap(node) && !node.flow && !isGenerator(node) && isPlainObject(next) && Object.keys(next).length > 0) return this.blockMap(node, next);
    if (isSeq(node) && !node.flow && Array.isArray(next) && next.length === node.items.length) {
      return node.items.flatMap((item, index) => this.value(item as Node, next[index], { kind: "item", dashColumn: this.dashColumn(item as Node) }));
    }
    if (isMap(node) && !node.flow && typeof next === "string") {
      const concat = this.concatParts(node, next);
      if (concat) return concat;
    }
    return [this.replace(node, next, place)];
  }

  /**
   * A block map holding `next`: each pair's text is kept (with its own edits), pairs are put in
   * `next`'s key order, removed keys dropped and new keys written at the map's indentation.
   */
  blockMap(node: YAMLMap, next: Record<string, unknown>, raw = false): Edit[] {
    const pairs = node.items as Pair[];
    if (pairs.length === 0) return [];
    const keyOf = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : null);
    if (pairs.some((pair) => keyOf(pair) === null || !pair.key || !(pair.key as Node).range)) return [this.replace(node, next, null)];
    const firstKey = (pairs[0].key as Node).range![0];
    const column = firstKey - this.lineStart(firstKey);
    const chunks = pairs.map((pair, index) => {
      const start = (pair.key as Node).range![0];
      const end = index + 1 < pairs.length ? this.lineStart((pairs[index + 1].key as Node).range![0]) : node.range![2];
      return { key: keyOf(pair)!, pair, start, end };
    });
    let changed = false;
    const out: string[] = [];
    const oldOrder = chunks.map((chunk) => chunk.key);
    const newOrder = Object.keys(next);
    if (oldOrder.join("\u0000") !== newOrder.join("\u0000")) changed = true;
    for (const key of newOrder) {
      const chunk = chunks.find((candidate) => candidate.key === key);
      let piece: string;
      if (chunk) {
        const place: Place = { kind: "pair", pair: chunk.pair, column };
        const edits = chunk.pair.value ? this.value(chunk.pair.value as Node, next[key], place, raw) : [raw ? this.replaceWith(null, next[key], place) : this.replace(null, next[key], place)];
        if (edits.length) changed = true;
        piece = applyEdits(this.text, edits, chunk.start, chunk.end);
      } else {
        piece = renderPair(plainKey(key), raw ? next[key] : compactValue(next[key]), column, false) + "\n";
      }
      out.push(piece.endsWith("\n") ? piece : piece + "\n");
    }
    if (!changed) return [];
    const last = chunks[chunks.length - 1];
    let assembled = out.map((piece, index) => (index === 0 ? piece : " ".repeat(column) + piece)).join("");
    if (!this.text.slice(last.start, last.end).endsWith("\n")) assembled = assembled.replace(/\n$/, "");
    return [{ start: chunks[0].start, end: last.end, text: assembled }];
  }

  /**
   * A `$concat` whose expansion changed: parts whose expansion still starts or ends the new
   * string stay as written; the parts between are replaced one for one when the compact form of
   * the new middle has as many parts. Null when it does not fit that shape.
   */
  private concatParts(node: YAMLMap, next: string): Edit[] | null {
    if (!isGenerator(node) || keyOfFirst(node) !== "$concat") return null;
    const seq = (node.items[0] as Pair).value;
    if (!isSeq(seq) || seq.flow) return null;
    const items = seq.items as Node[];
    let expansions: string[];
    try {
      expansions = items.map((item) => this.expanded(item) as string);
    } catch {
      return null;
    }
    if (expansions.some((part) => typeof part !== "string")) return null;
    let head = 0;
    let from = 0;
    while (head < items.length && next.startsWith(expansions[head], from) && from + expansions[head].length <= next.length) from += expansions[head++].length;
    let tail = 0;
    let to = next.length;
    while (tail < items.length - head && to - expansions[items.length - 1 - tail].length >= from && next.endsWith(expansions[items.length - 1 - tail], to)) {
      to -= expansions[items.length - 1 - tail].length;
      tail++;
    }
    const middle = next.slice(from, to);
    const compact = middle === "" ? [] : compactString(middle);
    const parts = Array.isArray(compact) ? compact : isPlainObject(compact) && "$concat" in compact ? (compact.$concat as unknown[]) : [compact];
    const oldMiddle = items.slice(head, items.length - tail);
    if (oldMiddle.length === 0 || parts.length !== oldMiddle.length) return null;
    return oldMiddle.map((item, index) => this.replaceWith(item, parts[index], { kind: "item", dashColumn: this.dashColumn(item) }));
  }

  private dashColumn(item: Node): number {
    let at = item.range![0] - 1;
    while (at >= 0 && this.text[at] === " ") at--;
    return at - this.lineStart(at);
  }

  /** Replaces a node (or a pair without a value) by `next`, written compactly; flow style kept where it was. */
  private replace(node: Node | null, next: unknown, place: Place | null): Edit {
    return this.replaceWith(node, compactValue(next), place);
  }

  private replaceWith(node: Node | null, value: unknown, place: Place | null): Edit {
    const flow = node !== null && isCollection(node) && Boolean(node.flow) && isCollectionValue(value);
    const quoting = node !== null && isScalar(node) ? node.type : undefined;
    if (place?.kind === "pair") {
      const key = place.pair.key as Node;
      const start = key.range![0];
      const end = this.valueEnd(node ?? key);
      const keySource = this.text.slice(key.range![0], key.range![1]);
      return { start, end, text: renderPair(keySource, value, place.column, flow, quoting) };
    }
    if (place?.kind === "flow" && node) {
      return { start: node.range![0], end: this.valueEnd(node), text: renderFlow(value, quoting) };
    }
    if (place?.kind === "item" && node) {
      return { start: node.range![0], end: this.valueEnd(node), text: renderItem(value, place.dashColumn, flow, quoting) };
    }
    throw new Error("cannot replace a node without a place");
  }

  /** Where a node's own text ends, without the line break that ends its last line. */
  private valueEnd(node: Node): number {
    const end = node.range![1];
    return end > node.range![0] && this.text[end - 1] === "\n" ? end - 1 : end;
  }
}

/** Same generators in the same places (only their parameters or literal parts may differ). */
function sameShape(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameShape(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.join("\u0000") !== Object.keys(b).join("\u0000")) return false;
    return keys.every((key) => (key.startsWith("$") ? sameShape(a[key], b[key]) : true));
  }
  return typeof a === typeof b;
}

const isCollectionValue = (value: unknown) => value !== null && typeof value === "object";

function keyOfFirst(node: YAMLMap): string | null {
  const pair = node.items[0] as Pair | undefined;
  return pair && isScalar(pair.key) ? String(pair.key.value) : null;
}

/** A map whose only key starts with `$`: a generator. */
function isGenerator(node: YAMLMap): boolean {
  return node.items.length === 1 && (keyOfFirst(node)?.startsWith("$") ?? false);
}

/** A flow map whose keys are exactly `next`'s, in the same order. */
function sameKeys(node: YAMLMap, next: Record<string, unknown>): boolean {
  const keys = node.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : "\u0000"));
  return keys.join("\u0000") === Object.keys(next).join("\u0000");
}

/** A value inside a flow collection (one line: no block scalars there). */
function renderFlow(value: unknown, quoting?: Scalar.Type): string {
  const document = styled([value], true, { type: quoting, text: value });
  (document.contents as { flow?: boolean }).flow = true;
  const text = document.toString(STRINGIFY_OPTIONS).replace(/\n$/, "");
  return text.slice(2, -2);
}

/** A key as a plain scalar when YAML allows, else double-quoted. */
function plainKey(key: string): string {
  const text = stringifyGoldenYaml({ [key]: null });
  return text.slice(0, text.lastIndexOf(":"));
}

/** The golden document of a value; nested collections in flow style when `flow`, and generators other than `$concat` always (`{ $lines: { from: 1, to: 9 } }`). */
function styled(value: unknown, flow: boolean, quoting?: { type: Scalar.Type | undefined; text: unknown }): Document {
  const document = goldenYamlDocument(value);
  visit(document, {
    Scalar(_key, node) {
      // a one-line string keeps the quoting it had (the golden rules may still force double quotes)
      const type = quoting?.type;
      if (type && node.value === quoting.text && typeof node.value === "string" && !node.value.includes("\n") && node.type !== Scalar.QUOTE_DOUBLE) {
        if (type === Scalar.PLAIN || type === Scalar.QUOTE_SINGLE || type === Scalar.QUOTE_DOUBLE) node.type = type;
      }
    },
    Map(_key, node) {
      if (node === document.contents) return;
      if (flow || (isGenerator(node) && keyOfFirst(node) !== "$concat")) {
        node.flow = true;
        return visit.SKIP;
      }
      return undefined;
    },
    Seq(_key, node) {
      if (node !== document.contents && flow) node.flow = true;
    },
  });
  return document;
}

const indentLines = (text: string, column: number) => text.replace(/\n(?=[^\n])/g, "\n" + " ".repeat(column));

/** `key: value` for a block map at `column`, without the final line break. */
function renderPair(keySource: string, value: unknown, column: number, flow: boolean, quoting?: Scalar.Type): string {
  const text = styled({ k: value }, flow, { type: quoting, text: value }).toString(STRINGIFY_OPTIONS).replace(/\n$/, "");
  return keySource + indentLines(text.slice(1), column);
}

/** A block sequence item's value (after its `- `) at `dashColumn`, without the final line break. */
function renderItem(value: unknown, dashColumn: number, flow: boolean, quoting?: Scalar.Type): string {
  const text = styled([value], flow, { type: quoting, text: value }).toString(STRINGIFY_OPTIONS).replace(/\n$/, "");
  return indentLines(text.slice(2), dashColumn);
}
