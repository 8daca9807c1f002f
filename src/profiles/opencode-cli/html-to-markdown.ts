import { UnsupportedError } from "../profile.js";

/**
 * opencode v1 webfetch's HTML → Markdown (Turndown with atx headings, `---` rules, `-` bullets,
 * fenced code, `*` emphasis; script/style/meta/link removed), for the subset of HTML whose
 * output correx can state exactly: headings, paragraphs, flat lists, pre/code blocks, inline
 * em/strong/code/links, br, hr, the page title, and layout containers. Anything else — tables,
 * images, nested lists, text Turndown would escape or whose whitespace it would reflow — throws
 * UnsupportedError rather than guess.
 * @see spec §2.8 v1, README "webfetch" (list items `-   item`, fences without a language, the
 * page `<title>` text as the first line)
 */
export function htmlToMarkdown(html: string): string {
  const root = parseHtml(html);
  const output = convertChildren(root, { inPre: false });
  return output.replace(/^[\t\r\n]+/, "").replace(/[\t\r\n\s]+$/, "");
}

interface ElementNode {
  kind: "element";
  name: string;
  attributes: Record<string, string>;
  children: HtmlNode[];
}
interface TextNode {
  kind: "text";
  text: string;
}
type HtmlNode = ElementNode | TextNode;

const VOID = new Set(["br", "hr", "meta", "link", "img", "input", "source", "wbr", "base", "col", "area", "embed", "param", "track"]);
const REMOVED = new Set(["script", "style", "meta", "link"]);
const BLOCKS = new Set(["html", "body", "div", "section", "article", "main", "header", "footer", "nav", "aside"]);
const INLINE = new Set(["span", "head", "title"]);
const HANDLED = new Set([...BLOCKS, ...INLINE, "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "pre", "code", "em", "i", "strong", "b", "a", "br", "hr"]);
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'" };

const unsupported = (what: string): never => {
  throw new UnsupportedError(`opencode-cli webfetch: HTML to Markdown for ${what} is not implemented (Turndown)`);
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? unsupported(`the entity ${whole}`);
  });
}

/** A small HTML tree builder: enough for well-formed pages in the supported subset. */
function parseHtml(html: string): ElementNode {
  const root: ElementNode = { kind: "element", name: "#root", attributes: {}, children: [] };
  const stack: ElementNode[] = [root];
  const tag = /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-z0-9]+)\s*>|<([a-z0-9]+)((?:\s+[a-z_:][-a-z0-9_:.]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/gi;
  let last = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (match.index > last) stack[stack.length - 1].children.push({ kind: "text", text: decodeEntities(html.slice(last, match.index)) });
    last = tag.lastIndex;
    const [, closing, opening, attributeText, selfClosing] = match;
    if (closing) {
      const name = closing.toLowerCase();
      const at = stack.map((node) => node.name).lastIndexOf(name);
      if (at <= 0) unsupported(`a stray </${name}>`);
      stack.length = at;
    } else if (opening) {
      const name = opening.toLowerCase();
      const attributes: Record<string, string> = {};
      for (const attribute of (attributeText ?? "").matchAll(/([a-z_:][-a-z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/gi)) {
        const raw = attribute[2] ?? "";
        attributes[attribute[1].toLowerCase()] = decodeEntities(/^["']/.test(raw) ? raw.slice(1, -1) : raw);
      }
      const node: ElementNode = { kind: "element", name, attributes, children: [] };
      stack[stack.length - 1].children.push(node);
      if (!VOID.has(name) && !selfClosing) stack.push(node);
    }
  }
  if (html.slice(last).includes("<")) unsupported("markup it cannot read");
  if (last < html.length) stack[stack.length - 1].children.push({ kind: "text", text: decodeEntities(html.slice(last)) });
  return root;
}

interface Context {
  inPre: boolean;
}

/** Turndown's join: the newlines between two pieces are the larger run of the two, at most two. */
function join(output: string, replacement: string): string {
  const trailing = /\n*$/.exec(output)![0].length;
  const leading = /^\n*/.exec(replacement)![0].length;
  const separator = "\n".repeat(Math.min(2, Math.max(trailing, leading)));
  return output.replace(/\n*$/, "") + separator + replacement.replace(/^\n*/, "");
}

function convertChildren(node: ElementNode, context: Context): string {
  let output = "";
  node.children.forEach((child, index) => {
    const piece = child.kind === "text" ? convertText(child.text, node, index) : convertElement(child, node, index, context);
    output = piece === "" ? output : join(output, piece);
  });
  return output;
}

/** Text outside pre: only what Turndown passes through unchanged (no escaping, no reflow). */
function convertText(text: string, parent: ElementNode, index: number): string {
  if (/^\s*$/.test(text)) {
    const inline = INLINE.has(parent.name) || ["p", "li", "em", "i", "strong", "b", "a", "code"].includes(parent.name);
    if (inline && index > 0 && index < parent.children.length - 1) unsupported("whitespace between inline elements");
    return "";
  }
  if (/[\\*_`[\]#>+=~|<]/.test(text) || /^\s*(?:-|\d+\.)(?:\s|$)/.test(text)) unsupported("text Turndown escapes");
  // A single space may touch an inline neighbour; whitespace at a block's edge, runs, tabs and
  // newlines are reflowed by Turndown in ways not stated here.
  const leadsBlock = index === 0 || (parent.children[index - 1]?.kind === "element" && !isInline(parent.children[index - 1] as ElementNode));
  const endsBlock = index === parent.children.length - 1 || (parent.children[index + 1]?.kind === "element" && !isInline(parent.children[index + 1] as ElementNode));
  if (/\s{2,}|[\t\n\r]/.test(text) || (leadsBlock && /^\s/.test(text)) || (endsBlock && /\s$/.test(text))) unsupported("text whose whitespace Turndown reflows");
  return text;
}

function convertElement(node: ElementNode, parent: ElementNode, _index: number, context: Context): string {
  const name = node.name;
  if (REMOVED.has(name)) return "";
  if (!HANDLED.has(name)) unsupported(`<${name}>`);
  const content = () => convertChildren(node, context);
  switch (name) {
    case "p":
    case "div":
    case "section":
    case "article":
    case "main":
    case "header":
    case "footer":
    case "nav":
    case "aside":
    case "body":
    case "html":
      return `\n\n${content()}\n\n`;
    case "head":
    case "span":
    case "title":
      return content();
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return `\n\n${"#".repeat(Number(name[1]))} ${content()}\n\n`;
    case "hr":
      return "\n\n---\n\n";
    case "br":
      return "  \n";
    case "em":
    case "i": {
      const text = content();
      return text.trim() ? `*${text}*` : "";
    }
    case "strong":
    case "b": {
      const text = content();
      return text.trim() ? `**${text}**` : "";
    }
    case "a": {
      const href = node.attributes.href;
      if (!href || node.attributes.title !== undefined || /[()\s]/.test(href)) unsupported("this link");
      return `[${content()}](${href})`;
    }
    case "code": {
      if (parent.name === "pre") return textContent(node);
      const text = textContent(node);
      if (text.includes("`") || text.trim() !== text || text === "") unsupported("this inline code");
      return `\`${text}\``;
    }
    case "pre": {
      const [only] = node.children;
      if (node.children.length !== 1 || only.kind !== "element" || only.name !== "code" || only.attributes.class) unsupported("this <pre> block");
      const code = textContent(only as ElementNode);
      if (code.includes("```")) unsupported("a code block holding a fence");
      return `\n\n\`\`\`\n${code.replace(/\n$/, "")}\n\`\`\`\n\n`;
    }
    case "ul":
    case "ol": {
      if (parent.name === "li") unsupported("nested lists");
      const items = node.children.filter((child) => !(child.kind === "text" && /^\s*$/.test(child.text)));
      if (items.some((child) => child.kind !== "element" || child.name !== "li")) unsupported("list content other than <li>");
      const start = node.attributes.start ? Number(node.attributes.start) : 1;
      const lines = (items as ElementNode[]).map((item, position) => {
        const prefix = name === "ul" ? "-   " : `${start + position}.`.padEnd(4, " ");
        const text = convertChildren(item, context).replace(/^\n+/, "").replace(/\n+$/, "\n").replace(/\n/gm, "\n    ");
        return prefix + text;
      });
      return `\n\n${lines.join("\n")}\n\n`;
    }
    case "li":
      return unsupported("<li> outside a list");
    default:
      return unsupported(`<${name}>`);
  }
}

function isInline(node: ElementNode): boolean {
  return ["em", "i", "strong", "b", "a", "code", "span", "br"].includes(node.name);
}

function textContent(node: ElementNode): string {
  return node.children.map((child) => (child.kind === "text" ? child.text : textContent(child))).join("");
}
