import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db.js';
import { iso } from '../../platform/http.js';
import { withinScope, type TScope } from '../../platform/tenancy.js';
import { findAuditHead, type TAuditScope } from './repo.js';
import { audits } from './tables.js';

/**
 * The report's own state on the audit row: pdf_status (none; making: rendered ahead, nobody asked;
 * queued: asked for, the asker is told; ready; failed), pdf_file_id,
 * pdf_of (the audit version the PDF was made from). These columns are the report's, written without
 * touching updated_at (writing the PDF must not make it stale). The audits module owns the table, so
 * the queries live here; the reports module is their only caller.
 */
export interface TPdfState {
  spaceId: string;
  secureSpacePath: string;
  status: string;
  pdfStatus: string;
  pdfFileId: string | null;
  pdfOf: Date | null;
}

const stateColumns = {
  spaceId: audits.spaceId,
  secureSpacePath: audits.secureSpacePath,
  status: audits.status,
  pdfStatus: audits.pdfStatus,
  pdfFileId: audits.pdfFileId,
  pdfOf: audits.pdfOf,
};

/** With `lock`, the row stays locked until the transaction ends (two workers finishing the same PDF). */
export async function findPdfState(tx: TDb, scope: TScope, id: string, lock = false): Promise<TPdfState | undefined> {
  const query = tx
    .select(stateColumns)
    .from(audits)
    .where(and(eq(audits.id, id), withinScope(audits.secureSpacePath, scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** What a PDF's file name is made of (reports/service.ts pdfFileName), as the whole read presents it (present.ts presentHead). */
export interface TPdfNameParts {
  template: { name: string; language: string };
  establishment: { name: string };
  date: [string];
}

/**
 * The PDF's state and its file name's parts from the audit's row alone (no tree): the audit as the
 * caller may see it (a client's user sees finished audits only, decision 0061), or undefined.
 */
export async function findPdfHead(tx: TDb, scope: TAuditScope, id: string): Promise<{ state: TPdfState; name: TPdfNameParts } | undefined> {
  const head = await findAuditHead(tx, scope, id);
  if (!head) return undefined;
  const { row } = head;
  return {
    state: {
      spaceId: row.spaceId,
      secureSpacePath: row.secureSpacePath,
      status: row.status,
      pdfStatus: row.pdfStatus,
      pdfFileId: row.pdfFileId,
      pdfOf: row.pdfOf,
    },
    name: { template: { name: row.templateName, language: row.language }, establishment: { name: head.establishmentName ?? '' }, date: [iso(row.dateFrom)!] },
  };
}

/**
 * The audit's version without reading its tree: its newest change, as liveFigures (present.ts)
 * computes it from the rows (the audit, answers, issues, questions, fields, photos, questionnaire).
 */
export async function auditVersion(tx: TDb, id: string): Promise<Date> {
  const { rows } = await tx.execute<{ ms: number }>(sql`select floor(extract(epoch from greatest(
      (select updated_at from audits where id = ${id}),
      (select max(updated_at) from audit_answers where audit_id = ${id}),
      (select max(updated_at) from audit_issues where audit_id = ${id}),
      (select max(updated_at) from audit_questions where audit_id = ${id}),
      (select max(updated_at) from audit_fields where audit_id = ${id}),
      (select max(created_at) from audit_media where audit_id = ${id}),
      (select max(updated_at) from audit_questionnaires where audit_id = ${id}))) * 1000)::float8 as ms`);
  // Milliseconds, as the tree's rows arrive in JavaScript (the version a PDF records).
  return new Date(Number(rows[0]!.ms));
}

export async function setPdfState(tx: TDb, id: string, values: Partial<Pick<typeof audits.$inferInsert, 'pdfStatus' | 'pdfFileId' | 'pdfOf'>>) {
  await tx.update(audits).set(values).where(eq(audits.id, id));
}

/**
 * Marks a finished audit's PDF as being made ahead (decision 0119) when none of this version is
 * kept, asked for or being made, and none failed: true when this call marked it (one caller wins
 * among reads at once: the update takes the row, the others see 'making').
 */
export async function claimPdfAhead(tx: TDb, scope: TScope, id: string, version: Date): Promise<boolean> {
  const claimed = await tx
    .update(audits)
    .set({ pdfStatus: 'making' })
    .where(
      and(
        eq(audits.id, id),
        withinScope(audits.secureSpacePath, scope),
        eq(audits.status, 'finished'),
        sql`(${audits.pdfStatus} = 'none' or (${audits.pdfStatus} = 'ready' and (${audits.pdfFileId} is null or ${audits.pdfOf} is distinct from ${version.toISOString()}::timestamptz)))`,
      ),
    )
    .returning({ id: audits.id });
  return claimed.length > 0;
}

/** Ends a PDF made ahead that did not become ready, unless someone asked for it meanwhile (queued). */
export async function settlePdfAhead(tx: TDb, id: string, pdfStatus: 'none' | 'failed') {
  await tx
    .update(audits)
    .set({ pdfStatus })
    .where(and(eq(audits.id, id), eq(audits.pdfStatus, 'making')));
}

/**
 * The public link's one unscoped lookup: where a finished, shared audit lives (its space), and
 * nothing else. Called only through unsafeUnscoped by reports/public.ts.
 */
export async function unsafeFindSharedAudit(tx: TDb, id: string): Promise<{ spaceId: string; secureSpacePath: string; clientName: string | null } | undefined> {
  // The client is a space above the establishment, out of the establishment's scope: its name
  // (printed on the report) comes with this one lookup.
  const [row] = await tx
    .select({
      spaceId: audits.spaceId,
      secureSpacePath: audits.secureSpacePath,
      clientName: sql<string | null>`(select "spaces"."name" from "spaces" where "spaces"."id" = "audits"."client_id")`,
    })
    .from(audits)
    .where(and(eq(audits.id, id), eq(audits.status, 'finished'), eq(audits.shareEnabled, true)));
  return row;
}
