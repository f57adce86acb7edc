import { z } from '../zod.js';
import { addDays, isCalendarDay } from '../dates.js';
import { ZSearchBody } from '../search.js';

/**
 * Documents (decision 0088; product document §2 /documentation and the client page's Documents
 * tab, SPEC-DIGEST F.1): a client's (or one establishment's) named folders holding documents, each
 * document a list of versions (the newest is current), with an effective and an expiry date, shared
 * with users of the product. Stored through the server's file store, never Google Drive.
 */

/** The most one file may weigh: 50 MB (a scanned certificate or a plan is far below). */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** Reminders before a document expires, in days (30, 7 and 1), each sent once per version. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;
/** "Expires soon" from this many days before the expiry date (amber). */
export const EXPIRING_SOON_DAYS = 30;

/** Red (expired), amber (expires within 30 days), green (fine), none (no expiry date). */
export const DOCUMENT_STATES = ['expired', 'expiring', 'valid', 'none'] as const;
export type TDocumentState = (typeof DOCUMENT_STATES)[number];

/** A document's state on `today` (YYYY-MM-DD) from its expiry date: the list's tag and its filter agree. */
export function documentState(expiryDate: string | null | undefined, today: string): TDocumentState {
  if (!expiryDate) return 'none';
  if (expiryDate < today) return 'expired';
  return expiryDate <= addDays(today, EXPIRING_SOON_DAYS) ? 'expiring' : 'valid';
}

/**
 * The kinds of file a document may be, by extension: what the bytes must start with decides it
 * (server), the drop zone filters on it (web). Executables, scripts and HTML are none of them.
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'doc',
  'xls',
  'ppt',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'txt',
  'csv',
] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

const ZName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((v) => !/[\\/]/.test(v), { message: 'no folders in a name' });
const ZDay = z.string().refine(isCalendarDay, { message: 'a calendar day YYYY-MM-DD' });
const datesInOrder = (v: { effectiveDate?: string | null; expiryDate?: string | null }) => !v.effectiveDate || !v.expiryDate || v.expiryDate >= v.effectiveDate;

export const ZFolderInput = z.object({
  /** The client (STRUCTURE) or one of its establishments the folder belongs to. */
  space: z.string().uuid(),
  name: ZName,
});
export const ZFolderPatch = z.object({ name: ZName });

const ZRef = z.object({ _id: z.string(), name: z.string() });

export const ZFolder = z.object({
  _id: z.string(),
  name: z.string(),
  space: ZRef.extend({ type: z.string() }),
  documents: z.number(),
  createdAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TFolder = z.infer<typeof ZFolder>;

/**
 * The form fields of an upload (multipart, beside the `file` part). `document` set: a new version
 * of that document; absent: a new document in `folder`, named after the file unless `name` is sent.
 */
export const ZDocumentUploadFields = z
  .object({
    folder: z.string().uuid().optional(),
    document: z.string().uuid().optional(),
    name: ZName.optional(),
    effectiveDate: z.union([ZDay, z.literal('')]).optional(),
    expiryDate: z.union([ZDay, z.literal('')]).optional(),
  })
  .transform((v) => ({ ...v, effectiveDate: v.effectiveDate || null, expiryDate: v.expiryDate || null }))
  .refine((v) => !!v.folder !== !!v.document, { message: 'a folder for a new document, or the document for a new version', path: ['folder'] })
  .refine(datesInOrder, { message: 'expires on or after it takes effect', path: ['expiryDate'] });
export type TDocumentUploadFields = z.input<typeof ZDocumentUploadFields>;

export const ZDocumentPatch = z
  .object({ name: ZName.optional(), effectiveDate: ZDay.nullish(), expiryDate: ZDay.nullish() })
  .refine(datesInOrder, { message: 'expires on or after it takes effect', path: ['expiryDate'] });
export type TDocumentPatch = z.input<typeof ZDocumentPatch>;

export const ZDocumentShare = z.object({ users: z.array(z.string().uuid()).max(200) });

export const ZDocumentVersion = z.object({
  _id: z.string(),
  number: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  effectiveDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  uploadedBy: ZRef.nullable(),
  createdAt: z.string(),
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;

const ZUserRef = z.object({ _id: z.string(), fullName: z.string(), email: z.string() });

export const ZDocument = z.object({
  _id: z.string(),
  name: z.string(),
  folder: ZRef,
  space: ZRef.extend({ type: z.string() }),
  /** The current version's. */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  effectiveDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  state: z.enum(DOCUMENT_STATES),
  version: z.number(),
  currentVersion: z.string(),
  owner: ZRef.nullable(),
  sharedWith: z.array(ZUserRef),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean(), share: z.boolean() }),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentDetail = ZDocument.extend({ versions: z.array(ZDocumentVersion) });
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;
export const ZDocumentPerson = ZUserRef;
export type TDocumentPerson = z.infer<typeof ZDocumentPerson>;

/** Lists: filters folder, space (client or establishment), state; search on the name. */
export const ZDocumentSearch = ZSearchBody;
/** `download` set: as an attachment; else inline (the preview). */
export const ZContentQuery = z.object({ download: z.enum(['0', '1']).optional() });
