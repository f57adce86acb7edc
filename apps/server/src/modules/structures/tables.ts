import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TPhoneType } from '@audit/domain/constants';

/**
 * The client fields of a structure, establishment or area. The structure itself is a row of
 * `spaces` (module spaces): space_id is that row's id, one details row per space.
 */
export const structureDetails = pgTable(
  'structure_details',
  {
    spaceId: uuid('space_id').primaryKey(),
    secureSpacePath: text('secure_space_path').notNull(),
    code: text('code'),
    cif: text('cif'),
    country: uuid('country'),
    province: uuid('province'),
    /** Free text for countries without a provinces list. */
    provinceOrState: text('province_or_state'),
    municipality: uuid('municipality'),
    address: text('address'),
    zipCode: integer('zip_code'),
    phones: jsonb('phones').$type<{ type: TPhoneType; phone: string }[]>().notNull().default([]),
    fax: text('fax'),
    email: text('email'),
    billingEmail: text('billing_email'),
    auditReportEmail: text('audit_report_email'),
    analyticalReportEmail: text('analytical_report_email'),
    contactPerson: text('contact_person'),
    paymentType: uuid('payment_type'),
    activities: uuid('activities')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    company: uuid('company'),
    socialReason: uuid('social_reason'),
    active: boolean('active').notNull().default(true),
    inactivityDate: timestamp('inactivity_date', { withTimezone: true }),
    openMonth: smallint('open_month'),
    closeMonth: smallint('close_month'),
    visitDays: smallint('visit_days')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    notVisitDays: smallint('not_visit_days')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    areaType: uuid('area_type'),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('structure_details_path_idx').using('btree', t.secureSpacePath.op('text_pattern_ops')),
    index('structure_details_code_idx').on(t.code),
    index('structure_details_cif_idx').on(t.cif),
    index('structure_details_country_idx').on(t.country),
    index('structure_details_province_idx').on(t.province),
    index('structure_details_municipality_idx').on(t.municipality),
    index('structure_details_zip_idx').on(t.zipCode),
    // The structure lists' search, ILIKE '%text%' (pg_trgm, read by list_match_structures: decision 0028).
    index('structure_details_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('structure_details_cif_trgm').using('gin', t.cif.op('gin_trgm_ops')),
    index('structure_details_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('structure_details_contact_trgm').using('gin', t.contactPerson.op('gin_trgm_ops')),
    index('structure_details_address_trgm').using('gin', t.address.op('gin_trgm_ops')),
    index('structure_details_email_idx').on(t.email),
    index('structure_details_active_idx').on(t.active),
    index('structure_details_payment_type_idx').on(t.paymentType),
    index('structure_details_company_idx').on(t.company),
    index('structure_details_social_reason_idx').on(t.socialReason),
    index('structure_details_area_type_idx').on(t.areaType),
    index('structure_details_activities_idx').using('gin', t.activities),
    index('structure_details_created_idx').on(t.createdAt),
  ],
);
