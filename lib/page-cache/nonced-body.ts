import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A rendered page kept with the nonce it was rendered with cut out, so every answer from
 * the cache gets its own nonce (docs/page-cache.md). The pieces between the nonces are
 * also kept deflated, each on its own with a full flush, so a gzip answer is put together
 * per hit without compressing anything: the compressed pieces, the fresh nonce as a stored
 * (uncompressed) block between them, the gzip header and a trailer whose CRC-32 is taken
 * over the actual bytes. A full flush resets the compressor, so no piece refers back into
 * bytes that change.
 */

export type TNoncedBody = {
  /** The body's bytes between the nonces (one more piece than there were nonces). */
  pieces: Buffer[];
  /** Each piece as raw deflate blocks, none final, ending on a byte boundary. */
  deflated: Buffer[];
  /** Bytes held: both forms. */
  bytes: number;
};

/** Cut `nonce` out of `body` wherever it occurs. */
export function splitAtNonce(body: Buffer, nonce: string): TNoncedBody {
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  // Copies, so the cache never pins the larger buffers the pieces came from.
  const owned = pieces.map((piece) => Buffer.from(piece));
  const deflated = owned.map((piece) =>
    deflateRawSync(piece, { level: 6, finishFlush: constants.Z_FULL_FLUSH }),
  );
  const bytes = [...owned, ...deflated].reduce((sum, piece) => sum + piece.length, 0);
  return { pieces: owned, deflated, bytes };
}

/** The body with `nonce` where the old one was. */
export function identityBody(body: TNoncedBody, nonce: string): Buffer {
  const fresh = Buffer.from(nonce);
  return Buffer.concat(body.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [fresh, piece])));
}

/** A stored deflate block (not final) holding `data` as is; at most 65535 bytes. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0; // BFINAL 0, BTYPE 00, padded to the byte boundary a full flush left
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

// ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty block with fixed codes.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The body with `nonce` in place, as one gzip member. */
export function gzipBody(body: TNoncedBody, nonce: string): Buffer {
  const fresh = Buffer.from(nonce);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  body.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(storedBlock(fresh));
      crc = crc32(fresh, crc);
      size += fresh.length;
    }
    // Node 20's crc32 answers 0 for some empty views, whatever the running value.
    if (piece.length === 0) return;
    parts.push(body.deflated[i]);
    crc = crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
