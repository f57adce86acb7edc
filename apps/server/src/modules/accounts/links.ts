import type { TDb } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.js';
import * as repo from './repo.js';
import type { TLinkKind } from './tables.js';

/** How long each kind of link lives (decision 0040). */
export const LINK_TTL_MS: Record<TLinkKind, number> = {
  RECOVER: 3600e3,
  CONFIRM: 48 * 3600e3,
  INVITE: 7 * 24 * 3600e3,
  ACCESS: 7 * 24 * 3600e3,
  PHONE: 15 * 60e3,
  SOCIAL: 10 * 60e3,
};

/**
 * A new single-use link: answers the key (only its hash is stored). `replace` voids the earlier
 * unused links of the same kind for the same user or subject, so only the last e-mail works.
 */
export async function issueLink(tx: TDb, kind: TLinkKind, owner: { userId?: string; subjectId?: string }, options: { replace?: boolean; key?: string } = {}) {
  if (options.replace) await repo.voidLinks(tx, kind, owner);
  const key = options.key ?? newOpaqueToken();
  await repo.insertLink(tx, {
    kind,
    tokenHash: hashOpaqueToken(key),
    userId: owner.userId,
    subjectId: owner.subjectId,
    expiresAt: new Date(Date.now() + LINK_TTL_MS[kind]),
  });
  return key;
}

/** The live link of a key, not spent (LNK0001 when used, expired or unknown). */
export async function peekLink(tx: TDb, kind: TLinkKind, key: string) {
  const link = await repo.peekLink(tx, kind, hashOpaqueToken(key));
  if (!link) throw new AppError('linkExpired');
  return link;
}

/** Spends the link in `tx` (LNK0001 when another request spent it first, or it expired meanwhile). */
export async function spendLink(tx: TDb, kind: TLinkKind, key: string) {
  const link = await repo.spendLink(tx, kind, hashOpaqueToken(key));
  if (!link) throw new AppError('linkExpired');
  return link;
}
