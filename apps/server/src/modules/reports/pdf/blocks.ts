import type { TAudit } from '@audit/domain/audits';
import { fileIdFromUrl } from '../../files/signing.js';
import { writeText } from './fonts.js';
import type { TPdfLabels } from './labels.js';
import { COLORS, CONTENT_WIDTH, FONT, PAGE, textOn } from './theme.js';

/** What every part of the renderer draws with. */
export interface TPdf {
  doc: PDFKit.PDFDocument;
  audit: TAudit;
  labels: TPdfLabels;
  company: string | null;
  /** The company's logo bytes for the cover, if it has one. */
  logo: Buffer | null;
  /** Photo bytes by file id; opened (decoded once, embedded once) on first use. */
  photos: Map<string, Buffer>;
  opened: Map<string, TOpenedImage | null>;
}
interface TOpenedImage {
  width: number;
  height: number;
}

export const LEFT = PAGE.margin.left;
export const bottomLimit = () => PAGE.height - PAGE.margin.bottom;

/** Starts a new page when `height` points do not fit below the cursor. */
export function ensureSpace(pdf: TPdf, height: number) {
  if (pdf.doc.y + height > bottomLimit()) pdf.doc.addPage();
}

export function text(
  pdf: TPdf,
  value: string,
  options: {
    font?: string;
    size?: number;
    color?: string;
    x?: number;
    y?: number;
    width?: number;
    align?: 'left' | 'right' | 'center';
    gap?: number;
    lineGap?: number;
  } = {},
) {
  const { doc } = pdf;
  doc
    .font(options.font ?? FONT.regular)
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? COLORS.text);
  writeText(doc, value, options.x ?? LEFT, options.y ?? doc.y, {
    width: options.width ?? CONTENT_WIDTH,
    align: options.align ?? 'left',
    lineGap: options.lineGap ?? 1.5,
  });
  if (options.gap) doc.y += options.gap;
}

export function heightOf(pdf: TPdf, value: string, options: { font?: string; size?: number; width?: number; lineGap?: number } = {}) {
  pdf.doc.font(options.font ?? FONT.regular).fontSize(options.size ?? 9.5);
  return pdf.doc.heightOfString(value, { width: options.width ?? CONTENT_WIDTH, lineGap: options.lineGap ?? 1.5 });
}

/** A rounded coloured label; returns its width so pills can be laid in a row. */
export function pill(pdf: TPdf, label: string, color: string, x: number, y: number, size = 8.5): number {
  const { doc } = pdf;
  doc.font(FONT.bold).fontSize(size);
  const width = doc.widthOfString(label) + 12;
  const height = size + 7;
  doc.roundedRect(x, y, width, height, height / 2).fill(color);
  writeText(doc.fillColor(textOn(color)), label, x + 6, y + 3.6, { width: width - 12, lineBreak: false });
  return width;
}

/** A heading with a rule under it. */
export function heading(pdf: TPdf, title: string, size = 15) {
  ensureSpace(pdf, size + 40);
  text(pdf, title, { font: FONT.bold, size, color: COLORS.brand });
  const y = pdf.doc.y + 3;
  pdf.doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + CONTENT_WIDTH, y)
    .lineWidth(1)
    .strokeColor(COLORS.brand)
    .stroke();
  pdf.doc.y = y + 10;
}

/** Label: value rows in two columns. */
export function keyValues(pdf: TPdf, rows: [string, string][], labelWidth = 150) {
  for (const [label, value] of rows) {
    const h = Math.max(heightOf(pdf, value || pdf.labels.empty, { width: CONTENT_WIDTH - labelWidth }), 12);
    ensureSpace(pdf, h + 4);
    const y = pdf.doc.y;
    text(pdf, label, { font: FONT.bold, size: 9, color: COLORS.muted, y, width: labelWidth - 8 });
    text(pdf, value || pdf.labels.empty, { x: LEFT + labelWidth, y, width: CONTENT_WIDTH - labelWidth });
    pdf.doc.y = Math.max(pdf.doc.y, y + h) + 4;
  }
}

/** Bytes opened as a PDF image (decoded once, embedded once), or null when pdfkit cannot read them. */
export function openImage(pdf: TPdf, bytes: Buffer): TOpenedImage | null {
  try {
    const image = (pdf.doc as unknown as { openImage(b: Buffer): TOpenedImage }).openImage(bytes) ?? null;
    return image && image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

/** The opened image of a signed file address, or null when its bytes are missing or unreadable. */
function openPhoto(pdf: TPdf, url: string): TOpenedImage | null {
  const id = fileIdFromUrl(url);
  if (!id) return null;
  if (!pdf.opened.has(id)) {
    const bytes = pdf.photos.get(id);
    // A photo the PDF cannot read is left out rather than failing the report.
    pdf.opened.set(id, bytes ? openImage(pdf, bytes) : null);
  }
  return pdf.opened.get(id) ?? null;
}

/** Photos in a grid of three, each with an optional caption. */
export function photoGrid(pdf: TPdf, photos: { url: string; caption?: string | null }[], indent = 0) {
  const usable = photos.map((p) => ({ ...p, image: openPhoto(pdf, p.url) })).filter((p) => p.image);
  if (!usable.length) return;
  const { doc } = pdf;
  const gap = 8;
  const columns = 3;
  const width = (CONTENT_WIDTH - indent - gap * (columns - 1)) / columns;
  const frame = width * 0.75;
  for (let i = 0; i < usable.length; i += columns) {
    const row = usable.slice(i, i + columns);
    const captions = row.map((p) => (p.caption ? heightOf(pdf, p.caption, { size: 7.5, width }) : 0));
    const rowHeight = frame + Math.max(...captions) + gap + 2;
    ensureSpace(pdf, rowHeight);
    const y = doc.y;
    row.forEach((p, c) => {
      const x = LEFT + indent + c * (width + gap);
      doc.rect(x, y, width, frame).fill(COLORS.panel);
      doc.image(p.image as unknown as Buffer, x, y, { fit: [width, frame], align: 'center', valign: 'center' });
      if (p.caption) text(pdf, p.caption, { size: 7.5, color: COLORS.muted, x, y: y + frame + 2, width });
    });
    doc.y = y + rowHeight;
  }
}

/** A small square box, ticked or not (the standard fonts have no check mark glyph). */
export function checkbox(pdf: TPdf, x: number, y: number, checked: boolean, color = COLORS.good) {
  const { doc } = pdf;
  doc
    .lineWidth(0.8)
    .rect(x, y, 8, 8)
    .strokeColor(checked ? color : COLORS.faint)
    .stroke();
  if (checked)
    doc
      .lineWidth(1.4)
      .moveTo(x + 1.6, y + 4.2)
      .lineTo(x + 3.4, y + 6.2)
      .lineTo(x + 6.6, y + 1.8)
      .strokeColor(color)
      .stroke();
}
