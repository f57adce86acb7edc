import { formatStoredDay } from '@audit/domain/dates';
import { openPdf } from '../../../platform/pdf/document.js';
import { FONT, writeText } from '../../../platform/pdf/fonts.js';
import { COLORS } from '../../../platform/pdf/theme.js';
import { entryKey, type TLogSheet, type TSheetParam } from '../log-sheet.js';
import { limitsText, logLabels, valueText, type TLogLabels } from './labels.js';

/**
 * The log of a register as a PDF (decision 0037), drawn like the audit report (same fonts,
 * colours, running footer). Horizontal: A4 landscape, a row per facility and a column per take.
 * Vertical: A4 portrait, a row per take and a column per facility. Each value shows its marks:
 * out of range (red), repeated (violet), late (an orange corner); the legend says which is which.
 */
export interface TLogPdfOptions {
  orientation: 'vertical' | 'horizontal';
  language: string;
  annual: boolean;
  /** The company named in the footer. */
  company?: string | null;
  generatedAt?: Date;
}

const MARK = { outOfRange: '#fde2e1', outOfRangeText: '#cf1322', repeated: '#efe3fb', late: '#fa8c16', completed: COLORS.good, header: '#e8eef6' };
const MARGIN = 36;
const FOOTER = 24;

interface TCtx {
  doc: PDFKit.PDFDocument;
  sheet: TLogSheet;
  labels: TLogLabels;
  options: TLogPdfOptions;
  width: number;
  height: number;
}

const bottom = (c: TCtx) => c.height - MARGIN - FOOTER;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function write(c: TCtx, value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string }) {
  c.doc
    .font(options.font ?? FONT.regular)
    .fontSize(options.size ?? 9)
    .fillColor(options.color ?? COLORS.text);
  writeText(c.doc, value, x, y, options);
}

function header(c: TCtx) {
  const { doc, sheet, labels } = c;
  const w = c.width - 2 * MARGIN;
  doc.rect(MARGIN, MARGIN, w, 4).fill(COLORS.brand);
  write(c, sheet.template.title || sheet.template.name, MARGIN, MARGIN + 14, { font: FONT.bold, size: 16, color: COLORS.brand, width: w });
  const rows: [string, string][] = [
    [labels.register, sheet.register.name],
    [labels.client, sheet.client],
    [c.options.annual ? labels.annual : labels.period, `${formatStoredDay(sheet.range[0])} – ${formatStoredDay(sheet.range[1])}`],
    [labels.frequency, labels.frequencies[sheet.register.frequency]],
  ];
  let y = doc.y + 8;
  for (const [k, v] of rows) {
    write(c, k, MARGIN, y, { font: FONT.bold, size: 9, color: COLORS.muted, width: 110 });
    write(c, v, MARGIN + 110, y, { size: 9, width: w - 110 });
    y = Math.max(doc.y, y + 12) + 2;
  }
  doc.y = y + 4;
  legend(c);
}

function legend(c: TCtx) {
  const { doc, labels } = c;
  let x = MARGIN;
  const y = doc.y;
  const swatch = (label: string, draw: () => void) => {
    draw();
    write(c, label, x + 16, y + 1, { size: 8, color: COLORS.muted, lineBreak: false });
    x += 16 + doc.widthOfString(label) + 18;
  };
  swatch(labels.outOfRange, () => doc.rect(x, y, 12, 10).fill(MARK.outOfRange));
  swatch(labels.repeatedOver(c.sheet.repeatTakes), () => doc.rect(x, y, 12, 10).fill(MARK.repeated));
  swatch(labels.late, () => {
    doc.rect(x, y, 12, 10).lineWidth(0.5).strokeColor(COLORS.line).stroke();
    doc.polygon([x + 12, y], [x + 12, y + 6], [x + 6, y]).fill(MARK.late);
  });
  swatch(labels.completed, () => write(c, '✓', x + 2, y, { size: 9, color: MARK.completed, lineBreak: false }));
  doc.y = y + 18;
}

function footers(c: TCtx) {
  const { doc, labels, sheet } = c;
  const range = doc.bufferedPageRange();
  const generated = formatStoredDay((c.options.generatedAt ?? new Date()).toISOString().slice(0, 10));
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = c.height - MARGIN - 10;
    doc
      .moveTo(MARGIN, y - 5)
      .lineTo(c.width - MARGIN, y - 5)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    const left = [c.options.company, sheet.register.name, `${labels.generated} ${generated}`].filter(Boolean).join(' · ');
    write(c, left, MARGIN, y, { size: 7.5, color: COLORS.muted, width: c.width - 2 * MARGIN - 120, lineBreak: false, ellipsis: true });
    write(c, labels.page(i + 1, range.count), c.width - MARGIN - 120, y, {
      font: FONT.bold,
      size: 7.5,
      color: COLORS.muted,
      width: 120,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = keep;
  }
}

interface TCell {
  text: string;
  outOfRange?: boolean;
  repeated?: boolean;
  late?: boolean;
  completed?: boolean;
}

/** A grid cut in column chunks that fit the page, rows flowing over pages with the header repeated. */
async function grid(c: TCtx, rowLabels: string[], colLabels: string[], cell: (row: number, col: number) => TCell | null, labelWidth: number, minCol: number) {
  const { doc } = c;
  const usable = c.width - 2 * MARGIN - labelWidth;
  const perChunk = Math.max(1, Math.floor(usable / minCol));
  const ROW = 12;
  for (let from = 0; from < colLabels.length; from += perChunk) {
    const cols = colLabels.slice(from, from + perChunk);
    const colWidth = Math.min(usable / cols.length, minCol * 2.2);
    const drawHeader = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, labelWidth + colWidth * cols.length, ROW + 2).fill(MARK.header);
      cols.forEach((label, i) => {
        write(c, label, MARGIN + labelWidth + i * colWidth, y + 3, {
          font: FONT.bold,
          size: 6.5,
          width: colWidth,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
      });
      doc.y = y + ROW + 2;
    };
    if (doc.y + 3 * ROW > bottom(c)) doc.addPage();
    drawHeader();
    for (let r = 0; r < rowLabels.length; r++) {
      if (doc.y + ROW > bottom(c)) {
        doc.addPage();
        await yieldToLoop();
        drawHeader();
      }
      const y = doc.y;
      if (r % 2) doc.rect(MARGIN, y, labelWidth + colWidth * cols.length, ROW).fill(COLORS.panel);
      write(c, rowLabels[r]!, MARGIN + 2, y + 3, { size: 6.5, width: labelWidth - 4, lineBreak: false, ellipsis: true });
      doc.font(FONT.regular).fontSize(6.5);
      for (let i = 0; i < cols.length; i++) {
        const value = cell(r, from + i);
        if (!value) continue;
        const x = MARGIN + labelWidth + i * colWidth;
        if (value.outOfRange) doc.rect(x + 0.5, y + 0.5, colWidth - 1, ROW - 1).fill(MARK.outOfRange);
        else if (value.repeated) doc.rect(x + 0.5, y + 0.5, colWidth - 1, ROW - 1).fill(MARK.repeated);
        if (value.late) doc.polygon([x + colWidth - 0.5, y + 0.5], [x + colWidth - 0.5, y + 5.5], [x + colWidth - 5.5, y + 0.5]).fill(MARK.late);
        const color = value.outOfRange ? MARK.outOfRangeText : value.completed ? MARK.completed : COLORS.text;
        doc.font(FONT.regular).fontSize(6.5).fillColor(color);
        doc.text(value.text, x, y + 3, { width: colWidth, align: 'center', lineBreak: false });
      }
      doc
        .moveTo(MARGIN, y + ROW)
        .lineTo(MARGIN + labelWidth + colWidth * cols.length, y + ROW)
        .lineWidth(0.25)
        .strokeColor(COLORS.line)
        .stroke();
      doc.y = y + ROW;
    }
    doc.y += 8;
  }
}

const takeLabel = (c: TCtx, t: { slot: string; take: number }, short: boolean) => {
  const day = short && c.sheet.register.frequency === 'daily' ? String(Number(t.slot.slice(8, 10))) : formatStoredDay(t.slot).slice(0, 5);
  return c.sheet.register.takesPerDay > 1 ? `${day}·${t.take}` : day;
};

function cellOf(c: TCtx, param: TSheetParam, facility: string, take: { slot: string; take: number }): TCell | null {
  const entry = c.sheet.entries.get(entryKey(facility, take.slot, take.take));
  if (!entry) return null;
  if (entry.completed) return { text: '✓', completed: true, late: entry.late };
  const v = entry.values.get(param.id);
  if (!v || v.value === null || v.value === '') return null;
  return { text: valueText(v.value, c.options.language), outOfRange: v.outOfRange, repeated: v.repeated, late: v.late };
}

async function period(c: TCtx, p: TLogSheet['periods'][number]) {
  const { doc, sheet, labels } = c;
  const gridParams = sheet.params.filter((x) => x.fieldType !== 'text');
  if (doc.y + 80 > bottom(c)) doc.addPage();
  write(c, `${labels.period} ${formatStoredDay(p.start)} – ${formatStoredDay(p.end)}`, MARGIN, doc.y + 4, {
    font: FONT.bold,
    size: 11,
    color: COLORS.brand,
    width: c.width - 2 * MARGIN,
  });
  doc.y += 4;
  const facilityLabel = (f: TLogSheet['facilities'][number]) =>
    new Set(sheet.facilities.map((x) => x.establishment)).size > 1 ? `${f.name} (${f.establishment})` : f.name;
  for (const param of gridParams) {
    const limits = limitsText(param, c.options.language);
    if (doc.y + 40 > bottom(c)) doc.addPage();
    write(c, limits ? `${param.name} · ${labels.limits}: ${limits}` : param.name, MARGIN, doc.y + 2, { font: FONT.bold, size: 9, width: c.width - 2 * MARGIN });
    doc.y += 3;
    if (c.options.orientation === 'horizontal') {
      await grid(
        c,
        sheet.facilities.map(facilityLabel),
        p.takes.map((t) => takeLabel(c, t, true)),
        (r, col) => cellOf(c, param, sheet.facilities[r]!.id, p.takes[col]!),
        120,
        19,
      );
    } else {
      await grid(
        c,
        p.takes.map((t) => (sheet.register.takesPerDay > 1 ? `${formatStoredDay(t.slot)} · ${labels.takeN(t.take)}` : formatStoredDay(t.slot))),
        sheet.facilities.map(facilityLabel),
        (r, col) => cellOf(c, param, sheet.facilities[col]!.id, p.takes[r]!),
        80,
        48,
      );
    }
  }
  notes(c, p);
}

/** Texts (notes params) and manual completions' reasons of the period, as lines under its grids. */
function notes(c: TCtx, p: TLogSheet['periods'][number]) {
  const { sheet, labels } = c;
  const texts = sheet.params.filter((x) => x.fieldType === 'text');
  const names = new Map(sheet.facilities.map((f) => [f.id, f.name]));
  const lines: string[] = [];
  for (const e of sheet.entries.values()) {
    if (e.slot < p.start || e.slot > p.end) continue;
    const said = [
      ...texts.map((t) => e.values.get(t.id)?.value).filter((v): v is string => typeof v === 'string' && v.trim() !== ''),
      ...(e.reason ? [`${labels.reason}: ${e.reason}`] : []),
    ];
    if (said.length) lines.push(`${formatStoredDay(e.slot)} · ${names.get(e.facility) ?? ''}: ${said.join(' · ')}`);
  }
  if (!lines.length) return;
  if (c.doc.y + 30 > bottom(c)) c.doc.addPage();
  write(c, labels.notes, MARGIN, c.doc.y + 2, { font: FONT.bold, size: 9, width: c.width - 2 * MARGIN });
  for (const line of lines) {
    if (c.doc.y + 12 > bottom(c)) c.doc.addPage();
    write(c, line, MARGIN, c.doc.y + 1, { size: 7.5, width: c.width - 2 * MARGIN });
  }
  c.doc.y += 6;
}

export async function renderLogPdf(sheet: TLogSheet, options: TLogPdfOptions): Promise<Buffer> {
  const landscape = options.orientation === 'horizontal';
  const { doc, bytes } = openPdf({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${sheet.template.title || sheet.template.name} · ${sheet.register.name}` },
  });
  const c: TCtx = { doc, sheet, labels: logLabels(options.language), options, width: doc.page.width, height: doc.page.height };
  header(c);
  if (!sheet.facilities.length) write(c, c.labels.noFacilities, MARGIN, doc.y, { size: 10 });
  else
    for (const p of sheet.periods) {
      await period(c, p);
      await yieldToLoop();
    }
  footers(c);
  doc.end();
  return bytes;
}
