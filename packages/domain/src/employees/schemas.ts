import { z } from '../zod.js';
import { ZOptionalText, ZUuid } from '../fields.js';
import { ZRef } from '../templates.js';
import { DAY_PATTERN } from '../validators.js';
import { isValidDni, normalizeDni } from './dni.js';

/**
 * The audit company's employees (product document section 3, Employee; decision 0084): the person
 * (name, DNI or NIE, birth date over 16), where they live (address, country → province →
 * municipality), their worker profile and occupation (the employee-profile and employee-type
 * nomenclatures), the clients and areas they work at, their status, and at most one user account.
 */
export const EMPLOYEE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type TEmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** The longest a DNI or NIE may be typed (with dots, spaces and hyphens) before it is refused unread. */
export const DNI_MAX_TYPED = 20;

const ZDni = z.string().max(DNI_MAX_TYPED).transform(normalizeDni).refine(isValidDni, { message: 'not a DNI or NIE with its check letter' });

const ids = (max: number) => z.array(ZUuid).max(max);

/** Every field, as create takes them; update takes any of them. */
const fields = {
  firstName: z.string().trim().min(1).max(100),
  lastName: ZOptionalText(100),
  dni: ZDni,
  /** YYYY-MM-DD; the person is 16 or older on the company's calendar day (checked by the server and the form). */
  birthday: z.string().regex(DAY_PATTERN),
  /** The user account of the employee, or null; a user is the worker of one employee only (421). */
  user: ZUuid.nullish(),
  address: ZOptionalText(200),
  country: ZUuid.nullish(),
  province: ZUuid.nullish(),
  /** Free text for a country without a provinces list. */
  provinceOrState: ZOptionalText(100),
  municipality: ZUuid.nullish(),
  /** An employee profile (nomenclature employee-profiles). */
  workerProfile: ZUuid.nullish(),
  /** An employee type (nomenclature employee-types). */
  occupation: ZUuid.nullish(),
  description: ZOptionalText(500),
  /** Clients (structures) the employee works for; empty: none chosen. */
  clientAccess: ids(500),
  /** Areas the employee works in, below the chosen clients when any are chosen. */
  areaAccess: ids(1000),
  status: z.enum(EMPLOYEE_STATUSES),
};

export const ZEmployeeInput = z.object({
  ...fields,
  clientAccess: fields.clientAccess.default([]),
  areaAccess: fields.areaAccess.default([]),
  status: fields.status.default('ACTIVE'),
});
export const ZEmployeePatch = z.object(fields).partial();
export type TEmployeeInput = z.input<typeof ZEmployeeInput>;
export type TEmployeePatch = z.input<typeof ZEmployeePatch>;

export const ZEmployeeUserRef = ZRef.extend({ email: z.string() });

export const ZEmployeeOut = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  dni: z.string(),
  /** DNI or NIE, read off the number. */
  dniKind: z.enum(['DNI', 'NIE']),
  birthday: z.string(),
  user: ZEmployeeUserRef.nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  provinceOrState: z.string().nullable(),
  municipality: z.string().nullable(),
  workerProfile: ZRef.nullable(),
  occupation: ZRef.nullable(),
  description: z.string().nullable(),
  clientAccess: z.array(ZRef),
  areaAccess: z.array(ZRef),
  status: z.enum(EMPLOYEE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TEmployeeOut = z.infer<typeof ZEmployeeOut>;
