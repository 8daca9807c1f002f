/**
 * Wraps a tool's text as untrusted data: `<untrusted_context>⏎TEXT⏎</untrusted_context>`, any
 * closing tag inside escaped. @see docs/spec/gemini-cli-0.61.0.md §1.4
 */
export function wrapUntrusted(text: string): string {
  return `<untrusted_context>\n${text.replaceAll("</untrusted_context>", "&lt;/untrusted_context&gt;")}\n</untrusted_context>`;
}
