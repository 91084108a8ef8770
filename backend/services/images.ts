import sharp from "sharp";
import { IMAGE_LIMITS } from "../../lib/contract/content";
import type { TImageContentType } from "../db/schema";
import { unprocessable } from "../jsonapi/validation";

/**
 * An uploaded image, made safe to store and serve (docs/content-writes.md "Images"). The
 * bytes decide what it is, never the name or the declared type: the first bytes must be
 * those of a JPEG, PNG, GIF or WebP, and the whole must decode as that format. Then it is
 * drawn again by sharp (libvips): orientation applied, scaled down to the longest side
 * allowed, and written as a new file without any of the upload's metadata (EXIF, GPS,
 * comments, ICC text) or trailing bytes. Whatever else a polyglot carried (HTML after a
 * JPEG's end, script in a GIF's comment) is not in what is stored. SVG, being a document
 * that can run script, is refused: its first bytes are text, not an image signature.
 */

/** Where the site finds an image: through the web's /api forwarding, on its own origin. */
export const imagePath = (id: number) => `/api/v1/images/${id}`;

export type TImageFormat = "jpeg" | "png" | "gif" | "webp";
export type TProcessedImage = {
  bytes: Buffer;
  contentType: TImageContentType;
  extension: "jpg" | "png" | "webp";
  width: number;
  height: number;
};

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the first bytes announce, or null. */
export function sniffImage(bytes: Buffer): TImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

const refuse = (detail: string, code: string) =>
  unprocessable([{ detail, code, source: { pointer: "" } }]);

/** What each accepted format is stored as: a GIF becomes a PNG (its first frame). */
const OUTPUT: Record<TImageFormat, Pick<TProcessedImage, "contentType" | "extension">> = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  gif: { contentType: "image/png", extension: "png" },
  webp: { contentType: "image/webp", extension: "webp" },
};

export async function processImage(bytes: Buffer): Promise<TProcessedImage> {
  if (bytes.length === 0) throw refuse("The image is empty.", "blank");
  if (bytes.length > IMAGE_LIMITS.maxBytes) {
    throw refuse(`The image is larger than ${IMAGE_LIMITS.maxBytes} bytes.`, "too_large");
  }
  const format = sniffImage(bytes);
  if (!format) {
    throw refuse(
      "Not a JPEG, PNG, GIF or WebP image (SVG and other formats are not accepted).",
      "unsupported_image",
    );
  }
  const options = { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: "error" as const };
  let declared: string | undefined;
  try {
    declared = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw refuse("The image cannot be read.", "undecodable_image");
  }
  // The decoder must agree with the signature: a file that starts like one format and
  // decodes as another is not what it claims.
  if (declared !== format) throw refuse("The image cannot be read.", "undecodable_image");
  const output = OUTPUT[format];
  try {
    let pipeline = sharp(bytes, options).rotate().resize({
      width: IMAGE_LIMITS.maxSide,
      height: IMAGE_LIMITS.maxSide,
      fit: "inside",
      withoutEnlargement: true,
    });
    pipeline =
      output.contentType === "image/jpeg"
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : output.contentType === "image/webp"
          ? pipeline.webp({ quality: 85 })
          : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, ...output, width: info.width, height: info.height };
  } catch {
    // Pixels beyond the limit, or a file that is damaged past its header.
    throw refuse("The image cannot be read.", "undecodable_image");
  }
}
