import type { Ajv } from "ajv";
import { packageOnFirstUse } from "../../input/package-on-first-use.js";
import { GEMINI_TOOL_SCHEMAS } from "./gemini-tools.js";

/** Gemini CLI's validator: ajv (draft-07 class) with `strictSchema: false`. @see spec §11 */
const ajvPackage = packageOnFirstUse<typeof import("ajv")>("ajv");
let ajv: Ajv | undefined;
const compiled = new Map<string, ReturnType<Ajv["compile"]>>();

/**
 * Why a call's arguments fail the tool's declared schema, worded as Gemini CLI words it
 * (`ajv.errorsText(errors, {dataVar: "params"})`: the first error, e.g.
 * `params must have required property 'file_path'`, `params/command must be string`), or null.
 * @see docs/spec/gemini-cli-0.61.0.md §11 [bundle: packages/core/src/utils/schemaValidator.ts]
 */
export function geminiParamsError(tool: string, input: unknown, schemaOf: Record<string, unknown> | undefined = GEMINI_TOOL_SCHEMAS[tool]): string | null {
  const schema = schemaOf;
  if (schema === undefined) return null;
  if (typeof input !== "object" || input === null) return "Value of params must be an object";
  const key = schema === GEMINI_TOOL_SCHEMAS[tool] ? tool : `${tool} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    ajv ??= new (ajvPackage().Ajv)({ strictSchema: false });
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  if (validate(input)) return null;
  return ajv!.errorsText(validate.errors, { dataVar: "params" });
}
