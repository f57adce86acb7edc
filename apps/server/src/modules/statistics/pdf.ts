import PDFDocument from 'pdfkit';
import { FONT, registerFonts, writeText } from '../../platform/pdf/fonts.js';
import { COLORS, CONTENT_WIDTH, PAGE } from '../../platform/pdf/theme.js';
import type { TLabels } from './labels.js';
import { viewsOf, type TView } from './sheets.js';
import type { TReportData } from './service.js';

/**
 * categorization-pdf (decision 0078): the establishments' categorization (scores, audit risks and
 * incidents of the filter) drawn synchronously with the report's fonts and colours. The figures
 * are a few tables, so it is answered at once rather than through the audit PDF's job.
 */
const LEFT = PAGE.margin.left;
const ROW = 16;

function table(doc: PDFKit.PDFDocument, view: TView) {
  if (doc.y > PAGE.height - PAGE.margin.bottom - 4 * ROW) doc.addPage();
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.brand);
  writeText(doc, view.title, LEFT, doc.y + 10, { width: CONTENT_WIDTH });
  const width = CONTENT_WIDTH / view.headers.length;
  const line = (cells: (string | number | null)[], bold: boolean) => {
    if (doc.y > PAGE.height - PAGE.margin.bottom - ROW) doc.addPage();
    const y = doc.y + 4;
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(9)
      .fillColor(bold ? COLORS.muted : COLORS.text);
    cells.forEach((cell, i) => writeText(doc, cell === null ? '—' : String(cell), LEFT + i * width, y, { width: width - 6, lineBreak: false }));
    doc.x = LEFT;
    doc.y = y + ROW - 4;
  };
  line(view.headers, true);
  for (const row of view.rows) line(row, false);
}

export function categorizationPdf(data: TReportData, labels: TLabels, range: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: PAGE.size, margins: PAGE.margin, info: { Title: labels.categorization } });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.rect(LEFT, PAGE.margin.top - 20, CONTENT_WIDTH, 4).fill(COLORS.brand);
  doc.font(FONT.bold).fontSize(16).fillColor(COLORS.brand);
  writeText(doc, labels.categorization, LEFT, PAGE.margin.top, { width: CONTENT_WIDTH });
  doc.font(FONT.regular).fontSize(10).fillColor(COLORS.muted);
  writeText(doc, `${labels.range}: ${range}`, LEFT, doc.y + 4, { width: CONTENT_WIDTH });
  for (const view of viewsOf(data, labels)) table(doc, view);
  doc.end();
  return done;
}
