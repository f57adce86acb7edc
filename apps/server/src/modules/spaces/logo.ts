import { callPath } from '@audit/domain/calls/define';
import { spaceCalls } from '@audit/domain/calls/spaces';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A logo stored as an uploaded image's id (decision 0047); older rows may hold an address. */
export const isStoredLogo = (logo: string | null | undefined): logo is string => Boolean(logo && UUID.test(logo));

/**
 * Where a browser or a mail finds a space's logo: the space's public logo address for a stored
 * image (the version in the query changes with the image, so a cached copy is never stale), or an
 * older address as it was stored. The PDF reads the id itself (reports/pdf/company.ts).
 */
export function logoAddress(spaceId: string, logo: string | null): string | null {
  if (!logo) return null;
  return isStoredLogo(logo) ? `${callPath(spaceCalls.logo, { id: spaceId })}?v=${logo.slice(0, 8)}` : logo;
}
