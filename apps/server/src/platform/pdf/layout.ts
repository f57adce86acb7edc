import { writeText } from './fonts.js';
import { COLORS, CONTENT_WIDTH, FONT, PAGE, textOn } from './theme.js';

/**
 * Layout helpers of the product's PDFs (pdfkit, the shared fonts and theme): text with the font
 * fallback, page breaks, pills, headings, label/value rows, images, check boxes. They draw on
 * `pdf.doc`, so a renderer passes its own context (the audit report's TPdf) as it is.
 */
export interface TPdfDoc {
  doc: PDFKit.PDFDocument;
}
export interface TOpenedImage {
  width: number;
  height: number;
}

export const LEFT = PAGE.margin.left;
export const bottomLimit = () => PAGE.height - PAGE.margin.bottom;

/** Starts a new page when `height` points do not fit below the cursor. */
export function ensureSpace(pdf: TPdfDoc, height: number) {
  if (pdf.doc.y + height > bottomLimit()) pdf.doc.addPage();
}

export function text(
  pdf: TPdfDoc,
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

export function heightOf(pdf: TPdfDoc, value: string, options: { font?: string; size?: number; width?: number; lineGap?: number } = {}) {
  pdf.doc.font(options.font ?? FONT.regular).fontSize(options.size ?? 9.5);
  return pdf.doc.heightOfString(value, { width: options.width ?? CONTENT_WIDTH, lineGap: options.lineGap ?? 1.5 });
}

/** A rounded coloured label; returns its width so pills can be laid in a row. */
export function pill(pdf: TPdfDoc, label: string, color: string, x: number, y: number, size = 8.5): number {
  const { doc } = pdf;
  doc.font(FONT.bold).fontSize(size);
  const width = doc.widthOfString(label) + 12;
  const height = size + 7;
  doc.roundedRect(x, y, width, height, height / 2).fill(color);
  writeText(doc.fillColor(textOn(color)), label, x + 6, y + 3.6, { width: width - 12, lineBreak: false });
  return width;
}

/** A heading with a rule under it. */
export function heading(pdf: TPdfDoc, title: string, size = 15) {
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

/** Label: value rows in two columns; an empty value shows `labels.empty`. */
export function keyValues(pdf: TPdfDoc & { labels: { empty: string } }, rows: [string, string][], labelWidth = 150) {
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
export function openImage(pdf: TPdfDoc, bytes: Buffer): TOpenedImage | null {
  try {
    const image = (pdf.doc as unknown as { openImage(b: Buffer): TOpenedImage }).openImage(bytes) ?? null;
    return image && image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

/** A small square box, ticked or not (the standard fonts have no check mark glyph). */
export function checkbox(pdf: TPdfDoc, x: number, y: number, checked: boolean, color = COLORS.good) {
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
