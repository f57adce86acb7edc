import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { buildAuditFixture, buildFixturePhotos } from '../test/fixture.js';
import { pdfLabels } from './labels.js';
import { renderAuditPdf } from './render.js';
import { renderInWorker } from './run.js';

/**
 * The report renderer on a large audit (300 questions, 60 incidents, 40 photos). Its time budget
 * (under 5 s) is measured by `npm run bench pglite render`, not asserted here. The first page is rendered to PNG (pdf.js + canvas) so a person can look at it: see OUT_DIR.
 */
const OUT_DIR = join(tmpdir(), 'audit-report');
const fixture = buildAuditFixture();
let photos: Map<string, Buffer>;
let pdf: Buffer;

beforeAll(async () => {
  photos = await buildFixturePhotos(fixture.photoIds);
  pdf = await renderAuditPdf(fixture.audit, photos, pdfLabels('es'), { company: 'Higiene Demo S.L.' });
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, 'report.pdf'), pdf);
});

async function parse(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

describe('renderAuditPdf', () => {
  it('renders the large fixture with every photo embedded once', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const images = pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images).toHaveLength(40);
  });

  it('has a cover, a summary, a part per section and the contacts, numbered in the footer (Spanish template)', async () => {
    const text = await parse(pdf);
    expect(text.total).toBeGreaterThan(12);
    const cover = text.getPageText(1);
    expect(cover).toContain('Auditoría de higiene alimentaria');
    expect(cover).toContain('HIGIENE DEMO S.L.');
    expect(cover).toContain('Hoteles Mar Azul S.A.');
    expect(cover).toContain('Lucía Fernández Ortega');
    expect(cover).toContain(`${fixture.audit.percentage!.toFixed(1).replace('.', ',')} %`);
    const summary = text.getPageText(2);
    expect(summary).toContain('Resumen');
    expect(summary).toContain('Infraestructura');
    expect(summary).toContain(`Página 2 de ${text.total}`);
    for (const title of ['Recepción de mercancías', 'Control de plagas', 'Instalaciones y mantenimiento']) expect(text.text).toContain(title);
    expect(text.text).toContain('No conforme');
    expect(text.text).toContain('(fuera de rango)');
    expect(text.text).toContain('marta.ruiz@marazul.example');
    expect(text.getPageText(text.total)).toContain(`Página ${text.total} de ${text.total}`);
  });

  it('speaks English for an English template', async () => {
    const english = buildAuditFixture({ language: 'en', questions: 20, sections: 2, incidents: 4, photos: 0 });
    const text = await parse(await renderAuditPdf(english.audit, new Map(), pdfLabels('en')));
    expect(text.text).toContain('Food hygiene audit');
    expect(text.text).toContain('AUDIT REPORT');
    expect(text.text).toContain('Summary');
    expect(text.text).toContain('Page 2 of');
    expect(text.text).not.toContain('Página'); // the labels are English (the fixture's content stays Spanish)
  });

  it('leaves out a photo whose bytes are missing or unreadable instead of failing', async () => {
    const small = buildAuditFixture({ questions: 10, sections: 1, incidents: 3, photos: 3 });
    const broken = new Map([[small.photoIds[0]!, Buffer.from('not an image')]]);
    const out = await renderAuditPdf(small.audit, broken, pdfLabels('es'));
    expect(out.subarray(0, 5).toString()).toBe('%PDF-');
    expect(out.toString('latin1').match(/\/Subtype \/Image/g) ?? []).toHaveLength(0);
  });

  it('renders in a worker thread without blocking the event loop', async () => {
    // A 10 ms timer keeps ticking while the worker renders (the render takes hundreds of ms at
    // least); a render on this thread would block the loop, and the timer would tick once at the end.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const out = await renderInWorker(fixture.audit, photos, pdfLabels('es'), { company: 'Higiene Demo S.L.' });
    clearInterval(timer);
    expect(out.subarray(0, 5).toString()).toBe('%PDF-');
    expect(out.length).toBeGreaterThan(pdf.length * 0.9);
    expect(ticks).toBeGreaterThan(5);
  });

  it.runIf(process.platform === 'linux')('renders a PDF made ahead at the lowest priority, on its own thread only', async () => {
    // The nice value of every thread of this process while the render runs (Linux: one per thread).
    const niceOfThreads = () =>
      readdirSync('/proc/self/task').map((tid) => {
        try {
          return Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
        } catch {
          return 0; // a thread that ended between the listing and the read
        }
      });
    const seen = new Set<number>();
    const poll = setInterval(() => niceOfThreads().forEach((nice) => seen.add(nice)), 5);
    const out = await renderInWorker(fixture.audit, photos, pdfLabels('es'), { company: 'Higiene Demo S.L.' }, { background: true });
    clearInterval(poll);
    expect(out.subarray(0, 5).toString()).toBe('%PDF-');
    expect(seen).toContain(19); // the worker's thread, while it rendered
    expect(getPriority()).toBe(0); // the server's own thread: unchanged
    // Nothing left behind once its worker has ended (the spare one booted next runs at normal priority).
    await vi.waitFor(() => expect(niceOfThreads().every((nice) => nice === 0)).toBe(true), { timeout: 10_000 });
  });

  it('turns its cover into a PNG that shows the brand band and the score ring', async () => {
    // pdf.js draws the standard fonts (Helvetica) from its own font files; without them it substitutes a serif.
    const fromPdfParse = createRequire(createRequire(import.meta.url).resolve('pdf-parse'));
    const standardFontDataUrl = join(dirname(fromPdfParse.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
    const parser = new PDFParse({ data: new Uint8Array(pdf), standardFontDataUrl });
    const shot = await parser.getScreenshot({ partial: [1], scale: 1.5, imageBuffer: true, imageDataUrl: false });
    await parser.destroy();
    const png = Buffer.from(shot.pages[0]!.data);
    writeFileSync(join(OUT_DIR, 'cover.png'), png);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(info.width).toBeGreaterThan(800);
    expect(pixel(10, 10)).toEqual([0x12, 0x35, 0x5b]); // the brand band
    expect(pixel(10, Math.round(info.height * 0.9))).toEqual([255, 255, 255]); // the page below it
  });
});
