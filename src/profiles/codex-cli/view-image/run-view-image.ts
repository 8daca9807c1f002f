import type { ImageReadObservation } from "../../../generated/schema-types.js";
import { encodeBase64 } from "../../../text/base64.js";
import { resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { rustIoError } from "../rust-io-error.js";

/**
 * view_image: the path resolved against the workspace; a missing path is `missing` with Rust's
 * wording of the error, a directory `not-file`; otherwise the file's bytes.
 * @see spec §5 (observed bytes)
 */
export async function runViewImage(input: Record<string, unknown>, environment: EnvironmentPort): Promise<ImageReadObservation> {
  const path = resolvePath(environment.workspace, input.path as string);
  const fact = await environment.stat(path);
  if (fact.kind === "missing") return { path, failure: "missing", message: rustIoError("ENOENT") };
  if (fact.kind !== "file") return { path, failure: "not-file" };
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return { path, failure: "missing", message: rustIoError(bytes.failure) };
  return { path, bytesBase64: encodeBase64(bytes) };
}
