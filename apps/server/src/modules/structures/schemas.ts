import { z } from 'zod';

/** What leaves the server for a structure (the response allow-list). */
export const ZStructure = z.object({
  _id: z.string(),
  name: z.string(),
  identifier: z.string(),
  type: z.string(),
  typeStructure: z.string(),
  parent: z.string().nullable(),
  space: z.string(),
  secureSpacePath: z.string(),
  code: z.string().nullable(),
  cif: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  provinceOrState: z.string().nullable(),
  municipality: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.number().nullable(),
  phones: z.array(z.object({ type: z.string(), phone: z.string() })),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  billingEmail: z.string().nullable(),
  auditReportEmail: z.string().nullable(),
  analyticalReportEmail: z.string().nullable(),
  contactPerson: z.string().nullable(),
  paymentType: z.string().nullable(),
  activities: z.array(z.string()),
  company: z.string().nullable(),
  socialReason: z.string().nullable(),
  active: z.boolean(),
  inactivityDate: z.string().nullable(),
  openMonth: z.number().nullable(),
  closeMonth: z.number().nullable(),
  visitDays: z.array(z.number()),
  notVisitDays: z.array(z.number()),
  areaType: z.string().nullable(),
  image: z.string().nullable(),
  timeZone: z.string().nullable(),
  childrenCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});

export const ZStructureSummary = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  parent: z.string().nullable(),
  secureSpacePath: z.string(),
  active: z.boolean(),
  childrenCount: z.number(),
});

export const ZStructurePage = z.array(ZStructure.partial());
export const ZSummaryPage = z.array(ZStructureSummary.partial());
