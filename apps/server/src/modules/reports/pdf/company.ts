import sharp from 'sharp';
import type { TModuleContext } from '../../../platform/http.js';
import { unsafeUnscoped, type TScope } from '../../../platform/tenancy.js';
import { findFiles, readStored } from '../../files/service.js';
import { fileIdFromUrl } from '../../files/signing.js';
import { findSpaceInScope } from '../../spaces/service.js';
import type { TRenderOptions } from './render.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The logo is drawn at most 170 x 64 pt: 600 px is sharp at print resolution and keeps the PDF small. */
const LOGO_MAX_SIDE = 600;
/** A logo above this is refused rather than decoded (the upload route already fits images in 800 x 800). */
const LOGO_MAX_INPUT_PIXELS = 40_000_000;

/**
 * The logo as a small PNG the renderer can embed, or null: whatever the stored bytes are (a
 * corrupt file, an image of 30,000 px a side, something that is not an image), the report is
 * made without a logo rather than failing.
 */
export async function normalizeLogo(bytes: Buffer | null | undefined): Promise<Buffer | null> {
  if (!bytes?.length) return null;
  try {
    return await sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * What the cover shows of the audit company, the root space of the requester's tenant: its name
 * and its logo (the space's `logo`, a file of that space). A client user's scope does not include
 * the company above it, whose name and logo are on every report they receive, so both are read
 * outside the scope, by the root id of the requester's own path.
 */
export async function companyCover(ctx: TModuleContext, scope: TScope): Promise<Pick<TRenderOptions, 'company' | 'logo'>> {
  const rootId = scope.spacePath.split('/').filter(Boolean)[0];
  if (!rootId) return { company: null, logo: null };
  const rootScope: TScope = { spaceId: rootId, spacePath: `/${rootId}/`, userId: null };
  const found = await unsafeUnscoped(ctx.db, async (tx) => {
    const root = await findSpaceInScope(tx, rootScope, rootId);
    const logoId = fileIdFromUrl(root?.logo) ?? (root?.logo && UUID.test(root.logo) ? root.logo.toLowerCase() : null);
    return { name: root?.name ?? null, files: logoId ? await findFiles(tx, rootScope, [logoId]) : [] };
  });
  const bytes = found.files.length ? (await readStored(ctx, found.files)).get(found.files[0]!.id) : null;
  return { company: found.name, logo: await normalizeLogo(bytes) };
}
