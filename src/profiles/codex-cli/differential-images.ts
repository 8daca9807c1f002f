/**
 * Image bodies for codex-cli's differential campaign: PNGs built from a seed (any size and colour
 * type, zlib stored blocks, so the bytes are exact and small), and fixed bodies of the formats
 * view_image sniffs or refuses (the same bytes as fixtures/scenarios/codex-view-image-formats.yaml).
 * @see docs/spec/codex-cli-0.171.0.md §5.2
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: readonly number[]): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (value: number): number[] => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

function chunk(type: string, data: readonly number[]): number[] {
  const body = [...[...type].map((char) => char.charCodeAt(0)), ...data];
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** zlib around deflate stored blocks (no compression): what any inflater reads back byte for byte. */
function zlibStored(data: readonly number[]): number[] {
  const out = [0x78, 0x01];
  for (let offset = 0; offset === 0 || offset < data.length; offset += 65535) {
    const block = data.slice(offset, offset + 65535);
    const last = offset + 65535 >= data.length ? 1 : 0;
    out.push(last, block.length & 0xff, block.length >> 8, ~block.length & 0xff, (~block.length >> 8) & 0xff, ...block);
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return [...out, ...u32(((b << 16) | a) >>> 0)];
}

/** PNG colour types with their channels: grey, RGB, grey + alpha, RGBA (8 bits each). */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** A valid PNG of `width` × `height` in colour type `colorType`, its pixels drawn from `seed`, as base64. */
export function pngBase64(width: number, height: number, colorType: 0 | 2 | 4 | 6, seed: number): string {
  const channels = CHANNELS[colorType]!;
  const raw: number[] = [];
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    raw.push(0);
    for (let x = 0; x < width * channels; x++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      raw.push(state >>> 24);
    }
  }
  const header = [...u32(width), ...u32(height), 8, colorType, 0, 0, 0];
  const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk("IHDR", header), ...chunk("IDAT", zlibStored(raw)), ...chunk("IEND", [])];
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 4096) binary += String.fromCharCode(...bytes.slice(offset, offset + 4096));
  return btoa(binary);
}

/** Fixed bodies: a 4 × 3 JPEG, a 2 × 2 WebP, BMP, TIFF and ICO (refused by this build), a PNG named .jpg, a PNG cut short. */
export const FIXED_IMAGES: Readonly<Record<string, { extension: string; base64: string }>> = {
  jpeg: {
    extension: ".jpg",
    base64:
      "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAADAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD50ooor8MP9Uz/2Q==",
  },
  webp: { extension: ".webp", base64: "UklGRjoAAABXRUJQVlA4IC4AAACQAQCdASoCAAIAAUAmJaACdLoAA5gA/vtV4/+lwf/S4P/pcH/pcH8bss4bpAAA" },
  bmp: {
    extension: ".bmp",
    base64: "Qk1aAAAAAAAAADYAAAAoAAAAAwAAAAMAAAABABgAAAAAACQAAADEDgAAxA4AAAAAAAAAAAAAAP8AAP8AAP8AAAAAAP8AAP8AAP8AAAAAAP8AAP8AAP8AAAAA",
  },
  tiff: {
    extension: ".tiff",
    base64:
      "SUkqAAgAAAAKAAABBAABAAAAAgAAAAEBBAABAAAAAgAAAAIBAwADAAAAhgAAAAMBAwABAAAAAQAAAAYBAwABAAAAAgAAABEBBAABAAAAjAAAABUBAwABAAAAAwAAABYBBAABAAAAAgAAABcBBAABAAAADAAAABwBAwABAAAAAQAAAAAAAAAIAAgACAAAAP8AAP8AAP8AAP8=",
  },
  ico: { extension: ".ico", base64: "AAABAAEAEBAAAAAAIABSAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAQAAAAEAgCAAAAkJFoNgAAABlJREFUeJxjZGD4z0AKYCJJ9aiGUQ1DSgMAPjABH1olvcoAAAAASUVORK5CYII=" },
  pngNamedJpeg: { extension: ".jpg", base64: "iVBORw0KGgoAAAANSUhEUgAAAAUAAAAECAYAAABGM/VAAAAAFUlEQVR4nGP8z8DQwIAGmNAFSBMEAHxRAYeqkviBAAAAAElFTkSuQmCC" },
  cutPng: { extension: ".png", base64: "iVBORw0KGgoAAAANSUhEUgAAAAUAAAAECAYAAABGM/VAAAAAFUlEQQ==" },
};
