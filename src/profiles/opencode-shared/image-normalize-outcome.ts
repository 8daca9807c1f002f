import { UnsupportedError } from "../profile.js";
import { imageDimensions } from "./image-dimensions.js";

/**
 * `Image.normalize`'s defaults (config `attachment.image`: `max_width`, `max_height`,
 * `max_base64_bytes`, `auto_resize`), the same in both runtimes and for every provider.
 * @see spec §2.14b
 */
export const IMAGE_MAX_WIDTH = 2000;
export const IMAGE_MAX_HEIGHT = 2000;
export const IMAGE_MAX_BASE64_BYTES = 5242880;

/**
 * What `Image.normalize` does with an image before the model sees it (both runtimes): photon
 * (`@silvia-odwyer/photon-node` 0.3.4, wasm) decodes it; bytes it cannot decode are `undecodable`
 * (v1 drops the image, v2 fails the read); an image at most 2000 px wide and high whose base64 is
 * at most 5242880 bytes is sent `as-is`. A larger one is resized (Lanczos3, then PNG or JPEG at
 * quality 80, 85, 70, 55, 40, whichever first fits), which correx does not model: that, and a
 * header this reader cannot size, throw the profile's unsupported error naming the rule.
 * @see spec §2.14b
 */
export function imageNormalizeOutcome(profile: string, base64: string, bytes: Uint8Array): "as-is" | "undecodable" {
  const size = imageDimensions(bytes);
  if (size === "undecodable") return "undecodable";
  if (size === undefined) {
    throw new UnsupportedError(`${profile}: photon (Image.normalize) decodes this image, and correx cannot read its size from the header to tell whether it is resized (spec §2.14b)`);
  }
  if (size.width <= IMAGE_MAX_WIDTH && size.height <= IMAGE_MAX_HEIGHT && base64.length <= IMAGE_MAX_BASE64_BYTES) return "as-is";
  throw new UnsupportedError(
    `${profile}: the runtime resizes this ${size.width}x${size.height} image with base64 size ${base64.length} (Image.normalize: over ${IMAGE_MAX_WIDTH}x${IMAGE_MAX_HEIGHT} px or ${IMAGE_MAX_BASE64_BYTES} base64 bytes → photon Lanczos3, then PNG or JPEG q80/85/70/55/40); correx does not model photon's output (spec §2.14b)`,
  );
}
