import type { TAudit } from '@audit/domain/audits';
import { fileIdFromUrl } from '../../files/signing.js';
import { ensureSpace, heightOf, LEFT, openImage, text, type TOpenedImage, type TPdfDoc } from '../../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH } from '../../../platform/pdf/theme.js';
import type { TPdfLabels } from './labels.js';

/** What every part of the audit report draws with (the shared layout helpers take it as it is). */
export interface TPdf extends TPdfDoc {
  audit: TAudit;
  labels: TPdfLabels;
  company: string | null;
  /** The company's logo bytes for the cover, if it has one. */
  logo: Buffer | null;
  /** Photo bytes by file id; opened (decoded once, embedded once) on first use. */
  photos: Map<string, Buffer>;
  opened: Map<string, TOpenedImage | null>;
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
