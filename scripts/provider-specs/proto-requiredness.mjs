// Gemini's discovery-derived OpenAPI has no requiredness and no `oneof`; both come from the v1beta
// .proto files. A minimal .proto reader and the step that applies what it reads to the bundle.

/**
 * @typedef {{ name: string, required: boolean }} ProtoField  a field by its JSON (lowerCamelCase) name
 * @typedef {{ fields: ProtoField[], oneofs: Record<string, string[]> }} ProtoMessage
 */

/**
 * Minimal .proto reader: for each message, its fields (JSON name, REQUIRED or not) and the
 * members of each `oneof`. Enough for Gemini's content.proto; not a general parser.
 * @param {string} text
 * @returns {Record<string, ProtoMessage>}
 */
export function readProtoMessages(text) {
  const source = text.replace(/\/\/[^\n]*/g, "");
  /** @type {Record<string, ProtoMessage>} */
  const messages = {};
  const opener = /\bmessage\s+(\w+)\s*\{/g;
  for (let match = opener.exec(source); match !== null; match = opener.exec(source)) {
    const body = bracedBody(source, opener.lastIndex);
    let flat = body;
    for (let previous = ""; previous !== flat; ) {
      previous = flat;
      flat = flat.replace(nestedBlocks(), "");
    }
    const oneofs = {};
    const withoutOneofs = flat.replace(/\boneof\s+(\w+)\s*\{([^}]*)\}/g, (_whole, name, inner) => {
      oneofs[name] = fieldsOf(inner).map((field) => field.name);
      return inner;
    });
    messages[match[1]] = { fields: fieldsOf(withoutOneofs), oneofs };
  }
  return messages;
}

function nestedBlocks() {
  return /\b(?:enum|message)\s+\w+\s*\{[^{}]*\}/g;
}

function bracedBody(source, start) {
  let depth = 1;
  for (let index = start; index < source.length; index += 1) {
    if (source[index] === "{") depth += 1;
    else if (source[index] === "}") {
      depth -= 1;
      if (depth === 0) return source.slice(start, index);
    }
  }
  throw new InputError("unbalanced braces in .proto file");
}

function fieldsOf(text) {
  const fields = [];
  const field = /(?:\b(?:optional|repeated)\s+)?([\w.]+)\s+(\w+)\s*=\s*\d+\s*(\[[^\]]*\])?\s*;/g;
  for (let match = field.exec(text); match !== null; match = field.exec(text)) {
    if (match[1] === "option" || match[1] === "reserved") continue;
    fields.push({
      name: match[2].replace(/_([a-z0-9])/g, (_whole, letter) => letter.toUpperCase()),
      required: /field_behavior\)\s*=\s*REQUIRED/.test(match[3] ?? ""),
    });
  }
  return fields;
}

/** Adds proto requiredness and `oneof` (exactly one member set) to discovery-derived schemas. */
export function applyProto(defs, protoMessages) {
  for (const [name, schema] of Object.entries(defs)) {
    const message = protoMessages[name];
    if (message === undefined) continue;
    const required = message.fields.filter((field) => field.required).map((field) => field.name);
    if (required.length > 0) schema.required = [...new Set([...(schema.required ?? []), ...required])];
    const oneofs = Object.values(message.oneofs).filter((members) => members.length > 1);
    if (oneofs.length > 0) {
      schema.allOf = [...(schema.allOf ?? []), ...oneofs.map((members) => ({ oneOf: members.map((member) => ({ required: [member] })) }))];
    }
  }
}
