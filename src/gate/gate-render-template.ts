/**
 * Fills `{{name}}` placeholders (`{{baseURL}}`, `{{model}}`, `{{workspace}}`, …) in an agent's
 * config template or command argument. An unknown placeholder is left as written.
 */
export function renderGateTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Za-z]+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
