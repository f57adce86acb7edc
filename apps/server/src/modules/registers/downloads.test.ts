import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { REG, registerFixture, type TRegisterFixture } from './test/fixture.js';

/**
 * The log downloads (decision 0037): the PDF through the job pattern (pdfSendToGenerate, then
 * pdfUrl while current), read back with pdftotext; the Excel streamed and read back with exceljs.
 * Both show out-of-range, late and repeated values. March 2026 is filled through SQL: a fridge out
 * of range on the 3rd, one entered late, one with the same 3 °C six days running.
 */
let t: TTestApp;
let f: TRegisterFixture;
const OUT = '/tmp/regjobs';

async function fillMarch() {
  await unsafeUnscoped(t.db, async (tx) => {
    const [r] = (await tx.execute<{ space_id: string; path: string }>(sql`select space_id, secure_space_path as path from registers where id = ${f.register}`))
      .rows;
    // `late` as answer/add stores it: entered after its take's window (decision 0036).
    const add = async (facility: string, day: number, values: unknown[], enteredAt: string, outOfRange = false, late = false) => {
      const date = `2026-03-${String(day).padStart(2, '0')}`;
      await tx.execute(sql`insert into register_logs (register_id, facility_id, day, slot, take, values, out_of_range, late, entered_by, entered_at, space_id, secure_space_path)
        values (${f.register}, ${facility}, ${date}, ${date}, 1, ${JSON.stringify(values)}::jsonb, ${outOfRange}, ${late}, ${f.workerId}, ${enteredAt}, ${r!.space_id}, ${r!.path})`);
    };
    const temp = (value: number, outOfRange = false) => ({ param: f.temperature, value, outOfRange });
    for (let d = 1; d <= 10; d++) {
      const value = d === 3 ? 7.5 : 2 + d / 10;
      const values = d === 4 ? [temp(value), { param: f.notes, value: 'Puerta mal cerrada', outOfRange: false }] : [temp(value, d === 3)];
      await add(f.areas[0]!, d, values, `2026-03-${String(d).padStart(2, '0')}T08:00:00Z`, d === 3);
    }
    for (let d = 1; d <= 6; d++) await add(f.areas[1]!, d, [temp(3)], `2026-03-0${d}T08:00:00Z`);
    await add(f.areas[2]!, 2, [temp(4.1)], '2026-03-05T09:00:00Z', false, true); // the 2nd's value, typed on the 5th: late
  });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'downloads');
  await fillMarch();
  mkdirSync(OUT, { recursive: true });
}, 120_000);
afterAll(async () => t.close());

const pdfText = (bytes: Buffer, name: string) => {
  const file = `${OUT}/${name}.pdf`;
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('log PDF', () => {
  it('is made once by a job, then answered at once while current; shows the marks; a change makes a new one', async () => {
    const body = { date: '2026-03-10', orientation: 'horizontal' };
    expect(await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, body))).toEqual({ pdfSendToGenerate: true });
    expect(await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, body))).toEqual({ pdfSendToGenerate: true }); // queued: no second job
    expect(await t.app.jobs.runDue()).toBe(1);
    const notes = await expectOk(f.admin.post('/ms-core/api/notifications/search', { page: 0, size: 10 }));
    expect(
      notes.some(
        (n: { type: string; payload: { body: { registerId?: string; status?: string } } }) =>
          n.type === 'SHARE_FILE' && n.payload.body.registerId === f.register && n.payload.body.status === 'ready',
      ),
    ).toBe(true);

    const ready = await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, body));
    expect(ready.pdfUrl).toMatch(/^\/ms-core\/api\/files\/[0-9a-f-]{36}\/content\?exp=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: ready.pdfUrl });
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfText(file.rawPayload, 'log-horizontal');
    for (const expected of [
      'Control de temperaturas',
      'Cámaras frigoríficas',
      '01-03-2026 – 31-03-2026',
      'Temperatura · Límites: 0 – 5 °C',
      'Cámara 2',
      '7,5',
      '2,1',
      'Fuera de rango',
      'Registrado tarde',
      'Valor repetido',
      'Puerta mal cerrada',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', `${OUT}/log-horizontal.pdf`, `${OUT}/log-horizontal`]);

    // A value changed: the stored PDF is no longer current.
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`update register_logs set updated_at = now() where register_id = ${f.register} and slot = '2026-03-01' and facility_id = ${f.areas[0]}`),
    );
    expect(await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, body))).toEqual({ pdfSendToGenerate: true });
    expect(await t.app.jobs.runDue()).toBe(1);
    const again = await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, body));
    expect(again.pdfUrl).not.toBe(ready.pdfUrl);
    expect((await t.app.inject({ method: 'GET', url: ready.pdfUrl })).statusCode).toBe(404); // the replaced file is gone
  });

  it('vertical, in English, the annual report; the worker reads it too; bad options are 400 and another tenant 404', async () => {
    await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, { date: '2026-03-10', orientation: 'vertical', language: 'en', annual: true }));
    expect(await t.app.jobs.runDue()).toBe(1);
    const { pdfUrl } = await expectOk(f.admin.post(`${REG}/${f.register}/pdf`, { date: '2026-03-10', orientation: 'vertical', language: 'en', annual: true }));
    const text = pdfText((await t.app.inject({ method: 'GET', url: pdfUrl })).rawPayload, 'log-vertical-annual');
    for (const expected of [
      'Annual report',
      '01-01-2026 – 31-12-2026',
      'Period 01-03-2026 – 31-03-2026',
      'Period 01-12-2026 – 31-12-2026',
      'Out of range',
      'Entered late',
      'Repeated value',
      '7.5',
    ]) {
      expect(text).toContain(expected);
    }
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', `${OUT}/log-vertical-annual.pdf`, `${OUT}/log-vertical-annual`]);

    // The same options as the administrator's first PDF (a staff user's language is Spanish): the current file is shared.
    expect((await expectOk(f.worker.post(`${REG}/${f.register}/pdf`, { date: '2026-03-10' }))).pdfUrl).toMatch(/^\/ms-core\/api\/files\//);
    expect((await f.admin.post(`${REG}/${f.register}/pdf`, { orientation: 'diagonal' })).status).toBe(400);
    expect((await f.admin.post(`${REG}/${f.register}/pdf`, { take: 9 })).status).toBe(400);
    const other = await registerFixture(t, 'downloads-b');
    expect((await other.admin.post(`${REG}/${f.register}/pdf`, {})).status).toBe(404);
    expect((await other.admin.get(`${REG}/${f.register}/excel`)).status).toBe(404);
  });
});

describe('log Excel', () => {
  it('streams a row per facility and take with the values and the marks', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${REG}/${f.register}/excel?date=2026-03-10`, headers: { authorization: `Bearer ${f.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.rowCount).toBe(1 + 31 * 3);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual(['Fecha', 'Toma', 'Establecimiento', 'Instalación', 'Temperatura (0 – 5 °C)', 'Observaciones']);
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    const find = (day: string, facility: string) => rows.find((r) => r[1] === day && r[4] === facility)!;
    const hot = find('03-03-2026', `Area ${f.tenant.tag}`);
    expect(hot[5]).toBe(7.5);
    expect(hot[7]).toBe('Sí'); // out of range
    expect(find('02-03-2026', 'Cámara 3')[8]).toBe('Sí'); // late
    expect(find('04-03-2026', 'Cámara 2')[9]).toBe('Sí'); // repeated
    expect(find('04-03-2026', `Area ${f.tenant.tag}`)[6]).toBe('Puerta mal cerrada');
    expect(find('20-03-2026', 'Cámara 2')[5]).toBeUndefined(); // nothing recorded: an empty row for the take
  });
});

describe('the repeated threshold of the downloads', () => {
  it('follows the grid’s `repeatTakes`: six identical takes are repeated at 5, not at 7; the PDF of another threshold is another file', async () => {
    const excel = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${REG}/${f.register}/excel?date=2026-03-10${query}`,
        headers: { authorization: `Bearer ${f.adminToken}` },
      });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
      return rows.find((r) => r[1] === '04-03-2026' && r[4] === 'Cámara 2')![9];
    };
    expect(await excel('')).toBe('Sí');
    expect(await excel('&repeatTakes=5')).toBe('Sí');
    expect(await excel('&repeatTakes=7')).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'GET', url: `${REG}/${f.register}/excel?repeatTakes=1`, headers: { authorization: `Bearer ${f.adminToken}` } })).statusCode,
    ).toBe(400);

    const pdf = (body: object) => expectOk(f.admin.post(`${REG}/${f.register}/pdf`, { date: '2026-03-10', orientation: 'vertical', ...body }));
    expect(await pdf({})).toEqual({ pdfSendToGenerate: true });
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await pdf({})).pdfUrl).toBeDefined();
    expect((await pdf({ repeatTakes: 5 })).pdfUrl).toBeDefined(); // the default is the same file
    expect(await pdf({ repeatTakes: 7 })).toEqual({ pdfSendToGenerate: true });
    expect(await t.app.jobs.runDue()).toBe(1);
    const { pdfUrl } = await pdf({ repeatTakes: 7 });
    const text = pdfText((await t.app.inject({ method: 'GET', url: pdfUrl })).rawPayload, 'log-repeat-7');
    expect(text).toContain('Valor repetido (7 tomas seguidas)');
  });
});
