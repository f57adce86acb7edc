import { formatStoredDay } from '@audit/domain/dates';
import type { TAudit } from '@audit/domain/audits';
import { openPdf } from '../../../platform/pdf/document.js';
import { writeText } from '../../../platform/pdf/fonts.js';
import { LEFT } from '../../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH, FONT, PAGE } from '../../../platform/pdf/theme.js';
import type { TPdf } from './blocks.js';
import { drawCover } from './cover.js';
import { fill, type TPdfLabels } from './labels.js';
import { drawContacts, drawQuestionnaire, drawSections } from './sections.js';
import { drawSummary } from './summary.js';

export interface TRenderOptions {
  /** The audit company (root space) named on the cover and in the footer. */
  company?: string | null;
  /** The company's logo for the cover (PNG or JPEG bytes, see company.ts); none: no logo, no gap. */
  logo?: Uint8Array | null;
  /**
   * Deflate each page's drawing (pdfkit's default, true). The PDF job writes it plain (false) and the
   * download compresses the whole file (brotli), which also finds what the pages repeat: about a
   * quarter of the bytes on the wire (decision 0106).
   */
  compress?: boolean;
}

/** Running header and footer with page numbers on every page but the cover (drawn once all pages exist). */
function decoratePages(pdf: TPdf) {
  const { doc, audit, labels } = pdf;
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start + 1; i < range.start + total; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start a new page
    const one = { lineBreak: false, ellipsis: true } as const;
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
    writeText(doc, `${audit.client.name} > ${audit.establishment.name}`, LEFT, 30, { ...one, width: CONTENT_WIDTH - 110 });
    writeText(doc, formatStoredDay(audit.date[0]), LEFT + CONTENT_WIDTH - 100, 30, { ...one, width: 100, align: 'right' });
    doc
      .moveTo(LEFT, 42)
      .lineTo(LEFT + CONTENT_WIDTH, 42)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    const y = PAGE.height - 38;
    doc
      .moveTo(LEFT, y - 6)
      .lineTo(LEFT + CONTENT_WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
    writeText(doc, [pdf.company, audit.template.name].filter(Boolean).join(' · '), LEFT, y, { ...one, width: CONTENT_WIDTH - 110 });
    writeText(doc.font(FONT.bold), fill(labels.page, { n: i + 1, total }), LEFT + CONTENT_WIDTH - 100, y, { ...one, width: 100, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The audit report as a PDF: cover, summary, one part per question section, contacts, and the
 * incident questionnaire. A pure function of its inputs (photos by file id, words of the
 * template's language), run in a worker thread by the PDF job.
 */
export function renderAuditPdf(audit: TAudit, images: Map<string, Buffer>, labels: TPdfLabels, options: TRenderOptions = {}): Promise<Buffer> {
  const { doc, bytes } = openPdf({
    size: PAGE.size,
    margins: PAGE.margin,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: audit.template.language === 'en' ? 'en' : 'es',
    displayTitle: true,
    info: {
      Title: `${labels.reportTitle}: ${audit.template.name} - ${audit.establishment.name}`,
      Author: options.company ?? audit.auditor?.name ?? '',
      Subject: `${audit.client.name} > ${audit.establishment.name}`,
      CreationDate: new Date(audit.finishedDate ?? audit.updatedAt),
    },
  });
  const pdf: TPdf = {
    doc,
    audit,
    labels,
    company: options.company ?? null,
    logo: options.logo?.length ? Buffer.from(options.logo.buffer, options.logo.byteOffset, options.logo.byteLength) : null,
    photos: images,
    opened: new Map(),
  };
  drawCover(pdf);
  doc.addPage();
  doc.outline.addItem(labels.summary);
  drawSummary(pdf);
  drawSections(pdf);
  drawContacts(pdf);
  drawQuestionnaire(pdf);
  decoratePages(pdf);
  doc.end();
  return bytes;
}
