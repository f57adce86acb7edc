import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { formatInstantDay } from '@audit/domain/dates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { expectOk, SECTIONS, TEMPLATES } from '../../test/templates.js';

/**
 * The PDF's cover date and the audit's date fields name the same day (issue 13: they differed by
 * one). An audit of a Madrid establishment planned in the evening, with its dates sent as
 * instants near midnight (as an API client or an earlier release sends them), and cover fields
 * of type audit_date and date saved as instants of a Madrid midnight: the cover, the report and
 * the PDF's text all say 6 November 2026, none says the 5th or the 7th.
 */
const REPORTS = '/ms-core/api/reports/audit';
const dataDir = mkdtempSync(join(tmpdir(), 'cover-date-test-'));
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await auditTenant(t, 'coverdate');
}, 300_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = await parser.getText();
    return { cover: text.getPageText(1), all: text.text };
  } finally {
    await parser.destroy();
  }
}

describe('the PDF cover date and the date fields', () => {
  it('say the same day for an audit planned in the evening with instants near midnight in Madrid', { timeout: 180_000 }, async () => {
    // A date field on the cover besides the template's audit_date.
    const template = await expectOk(f.admin.get(`${TEMPLATES}/${f.tpl.template}`));
    const data = template.sections.find((s: { type: string }) => s.type === 'DATA')._id as string;
    await expectOk(f.admin.post(`${SECTIONS}/${data}/field/add`, { label: 'Fecha de la visita', type: 'date' }));

    const { id, ids } = await runningAudit(f, {
      startDate: '2026-11-05T22:30:00.000Z', // 23:30 on 5 November in Madrid: planned in the evening
      date: ['2026-11-05T23:30:00.000Z', '2026-11-06T22:30:00.000Z'], // 00:30 and 23:30 on 6 November in Madrid
    });
    const cover = (label: string) => ids.coverFields.find((c) => c.label === label)!._id;
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/cover/update`, {
        coverFields: [
          // Madrid's midnight of 6 November and the last instant of that day, as instants.
          { _id: cover('Fecha'), value: JSON.stringify(['2026-11-05T23:00:00.000Z', '2026-11-06T22:59:59.999Z']) },
          { _id: cover('Fecha de la visita'), value: '2026-11-05T23:00:00.000Z' },
        ],
      }),
    );
    await expectOk(f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.yes) }));
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[0]!) }),
    );
    const value = (label: string) => ids.contactFields.find((c) => c.label === label)!._id;
    await expectOk(
      f.auditor.post(`${AUDITS}/${id}/contact-field/update`, {
        contactFields: [
          { _id: value('Responsable'), value: 'Marta Ruiz' },
          { _id: value('E-mail'), value: 'marta@hotel.es' },
        ],
      }),
    );
    await expectOk(f.auditor.patch(`${AUDITS}/${id}/finished`));

    const report = await expectOk(f.admin.get(`${REPORTS}/${id}`));
    expect(report.date).toEqual(['2026-11-06T00:00:00.000Z', '2026-11-06T23:59:59.999Z']);

    await t.app.jobs.runDue(); // the assignment e-mail
    expect(await expectOk(f.admin.post(`${REPORTS}/${id}/pdf`))).toEqual({ pdfSendToGenerate: true });
    expect(await t.app.jobs.runDue()).toBe(1);
    const ready = await expectOk(f.admin.post(`${REPORTS}/${id}/pdf`));
    const file = await t.app.inject({ method: 'GET', url: ready.pdfUrl });
    expect(file.statusCode).toBe(200);
    const text = await pdfText(file.rawPayload);
    const compact = (s: string) => s.replace(/\s+/g, ' ');
    // The cover says the audit's date as the report view does: the day it was finished, in Madrid
    // (decision 0064), not the planned days.
    expect(compact(text.cover)).toContain(`FECHA DE AUDITORÍA ${formatInstantDay(report.finishedDate, 'Europe/Madrid')}`);
    expect(compact(text.cover)).not.toMatch(/FECHAS PREVISTAS/);
    // The date fields, wherever the PDF prints them, name the same day.
    expect(compact(text.all)).toMatch(/Fecha 06-11-2026/);
    expect(compact(text.all)).toMatch(/Fecha de la visita 06-11-2026/);
    expect(text.all).not.toMatch(/0[57]-11-2026/);
  });
});
