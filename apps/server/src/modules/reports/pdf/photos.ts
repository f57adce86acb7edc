import sharp from 'sharp';

/**
 * Photos at print size for the report: a grid cell is about 165 pt wide (3 a row), so 480 px is
 * some 200 dpi. An 800 px photo as uploaded made the PDF twice as heavy (seconds more to download on
 * a phone's network) and the renderer parse it; each is shrunk once and kept by file id (a file's
 * bytes never change), so the next report of the audit reads and resizes nothing (decision 0093).
 */
const PRINT_SIDE = 480;
const PRINT_QUALITY = 72;
/** About 30 KB each: a few hundred photos, some megabytes. */
const KEPT = 400;
const kept = new Map<string, Buffer>();

/** The print copies already made, by file id. */
export const printCopyOf = (id: string) => kept.get(id);

async function shrink(bytes: Buffer): Promise<Buffer> {
  try {
    const small = await sharp(bytes).resize(PRINT_SIDE, PRINT_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: PRINT_QUALITY }).toBuffer();
    return small.length < bytes.length ? small : bytes;
  } catch {
    return bytes; // unreadable: the renderer leaves it out, as before
  }
}

/** The print copies of `photos` (file id to bytes as stored), made and kept where missing. */
export async function printCopies(photos: Map<string, Buffer>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await Promise.all(
    [...photos].map(async ([id, bytes]) => {
      let small = kept.get(id);
      if (!small) {
        small = await shrink(bytes);
        kept.set(id, small);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      out.set(id, small);
    }),
  );
  return out;
}
