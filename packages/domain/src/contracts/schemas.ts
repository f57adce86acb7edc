import { z } from '../zod.js';
import { IVA_GROUPS, type TIvaGroup } from '../constants.js';
import { isCalendarDay } from '../dates.js';
import { ZOptionalText } from '../fields.js';
import { ZSearchBody } from '../search.js';

/**
 * Service contracts (product document: Contract {ID, client, hired services, createdAt, closeAt,
 * total price, status}; decision 0083). Named "service contract" in code: "contract" already names
 * the API call contracts (calls/define.ts). A contract belongs to a client and lists the services
 * of the catalogue it hires, each with a yearly quantity, a unit price in euros and its IVA group.
 */
export const SERVICE_CONTRACT_STATUSES = ['DRAFT', 'ACTIVE', 'CLOSED'] as const;
export type TServiceContractStatus = (typeof SERVICE_CONTRACT_STATUSES)[number];

/** DRAFT → ACTIVE → CLOSED and nothing else: an active contract is in force and never goes back to draft. */
export const SERVICE_CONTRACT_MOVES: Record<TServiceContractStatus, readonly TServiceContractStatus[]> = {
  DRAFT: ['ACTIVE'],
  ACTIVE: ['CLOSED'],
  CLOSED: [],
};

/** The most of each: a line's net and the contract's sums stay far inside exact integers (decision 0083). */
export const CONTRACT_LIMITS = { lines: 100, quantity: 10_000, unitPrice: 999_999.99 } as const;
/** The same limits as the web form's number bounds (ui/NumberField's numberRules). */
export const CONTRACT_BOUNDS = {
  quantity: { min: 1, max: CONTRACT_LIMITS.quantity, decimals: 0 },
  unitPrice: { min: 0, max: CONTRACT_LIMITS.unitPrice, decimals: 2 },
} as const;

const IVA_GROUP_NAMES = Object.keys(IVA_GROUPS) as [TIvaGroup, ...TIvaGroup[]];
const ZDay = z.string().refine(isCalendarDay, { message: 'a calendar day YYYY-MM-DD' });

/**
 * Not below zero: a negative quantity or price is not one, so it is invalid data (400 `invalidData`),
 * a refinement rather than `.min` (the server answers a bound VAL0001, kept for the maxima).
 */
const notNegative = (v: number) => v >= 0;

/** Euros with at most two decimals, never negative. */
export const ZEuros = z
  .number()
  .finite()
  .max(CONTRACT_LIMITS.unitPrice)
  .refine(notNegative, { message: 'not negative' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'at most 2 decimals' });

export const ZServiceContractLineInput = z.object({
  service: z.string().uuid(),
  /** How many times a year the service is given: a whole number from 1. */
  quantity: z
    .number()
    .int()
    .max(CONTRACT_LIMITS.quantity)
    .refine((v) => v >= 1, { message: 'a whole number from 1' }),
  /** Euros; absent, the service's catalogue price. */
  unitPrice: ZEuros.optional(),
  /** Absent, the service's own IVA group. */
  groupIva: z.enum(IVA_GROUP_NAMES).optional(),
});
export type TServiceContractLineInput = z.input<typeof ZServiceContractLineInput>;

const ZLines = z.array(ZServiceContractLineInput).min(1).max(CONTRACT_LIMITS.lines);
const endsAfterStart = (v: { startDate?: string; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

export const ZServiceContractInput = z
  .object({
    client: z.string().uuid(),
    reference: ZOptionalText(100),
    startDate: ZDay,
    endDate: ZDay.nullish(),
    lines: ZLines,
  })
  .refine(endsAfterStart, { message: 'the end is on or after the start', path: ['endDate'] });
export type TServiceContractInput = z.input<typeof ZServiceContractInput>;

/** A draft's edit: any of its fields; lines, when sent, replace the old ones. The client stays. */
export const ZServiceContractPatch = z
  .object({ reference: ZOptionalText(100), startDate: ZDay.optional(), endDate: ZDay.nullish(), lines: ZLines.optional() })
  .refine(endsAfterStart, { message: 'the end is on or after the start', path: ['endDate'] });
export type TServiceContractPatch = z.input<typeof ZServiceContractPatch>;

export const ZServiceContractStatusChange = z.object({ status: z.enum(SERVICE_CONTRACT_STATUSES) });

const ZRef = z.object({ _id: z.string(), name: z.string() });

export const ZServiceContractLine = z.object({
  _id: z.string(),
  service: ZRef,
  quantity: z.number(),
  unitPrice: z.number(),
  unitPriceCents: z.number(),
  groupIva: z.enum(IVA_GROUP_NAMES),
  ivaPercentage: z.number(),
  netCents: z.number(),
  ivaCents: z.number(),
  totalCents: z.number(),
});

export const ZServiceContract = z.object({
  _id: z.string(),
  client: ZRef,
  reference: z.string().nullable(),
  status: z.enum(SERVICE_CONTRACT_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** When it was closed (CLOSED only). */
  closeAt: z.string().nullable(),
  lines: z.array(ZServiceContractLine),
  netCents: z.number(),
  ivaCents: z.number(),
  totalCents: z.number(),
  /** The total in euros (the spec's "total price"): totalCents / 100. */
  totalPrice: z.number(),
  byGroup: z.array(z.object({ groupIva: z.enum(IVA_GROUP_NAMES), percentage: z.number(), netCents: z.number(), ivaCents: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The statuses the caller may move it to now. */
  moves: z.array(z.enum(SERVICE_CONTRACT_STATUSES)),
  can: z.object({ update: z.boolean(), changeStatus: z.boolean(), delete: z.boolean() }),
});
export type TServiceContract = z.infer<typeof ZServiceContract>;

/** The list's search: filters client, status, service, startDate; search on the reference and the client's name. */
export const ZServiceContractSearch = ZSearchBody;
