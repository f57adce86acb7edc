import type { TServiceContract } from '@audit/domain/contracts/schemas';
import { formatCents } from '@audit/domain/contracts/totals';
import { formatDay, formatInstantDay } from '@audit/domain/dates';
import { openPdf } from '../../platform/pdf/document.js';
import { ensureSpace, heading, keyValues, LEFT, openImage, text } from '../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH, FONT, PAGE } from '../../platform/pdf/theme.js';
import type { TContractLabels } from './labels.js';

/**
 * The contract as a PDF (decision 0083): the audit company's name and logo (the space's logo, as on
 * the audit report's cover), the contract's fields, its lines and its totals. Amounts are the
 * domain's cents, formatted, never summed here. Drawn at once: a contract is a page or two.
 */
const LOGO = { width: 150, height: 56 };
const ROW = 18;
/** Column widths of the lines table (service, quantity, unit price, IVA %, net, IVA, total). */
const WIDTHS = [0.31, 0.11, 0.13, 0.08, 0.12, 0.12, 0.13].map((f) => f * CONTENT_WIDTH);

export async function contractPdf(
  contract: TServiceContract,
  cover: { company?: string | null; logo?: Buffer | Uint8Array | null },
  labels: TContractLabels,
  language: string,
  timeZone: string,
): Promise<Buffer> {
  const { doc, bytes } = openPdf({ size: PAGE.size, margins: PAGE.margin, info: { Title: `${labels.title} ${contract.reference ?? ''}`.trim() } });
  const pdf = { doc, labels };
  const money = (cents: number) => formatCents(cents, language);

  const top = PAGE.margin.top - 30;
  const logo = cover.logo?.length ? openImage(pdf, Buffer.from(cover.logo)) : null;
  if (logo) {
    const scale = Math.min(LOGO.width / logo.width, LOGO.height / logo.height);
    doc.image(logo as unknown as Buffer, LEFT + CONTENT_WIDTH - logo.width * scale, top, { width: logo.width * scale, height: logo.height * scale });
  }
  text(pdf, cover.company ?? '', { font: FONT.bold, size: 11, color: COLORS.muted, y: top, width: CONTENT_WIDTH - (logo ? LOGO.width + 12 : 0) });
  doc.y = top + (logo ? LOGO.height : 20) + 16;
  heading(pdf, `${labels.title}${contract.reference ? ` · ${contract.reference}` : ''}`);
  keyValues(pdf, [
    [labels.client, contract.client.name],
    [labels.status, labels.statuses[contract.status]],
    [labels.period, `${formatDay(contract.startDate)} – ${contract.endDate ? formatDay(contract.endDate) : labels.open}`],
    [labels.createdAt, formatInstantDay(contract.createdAt, timeZone)],
    ...(contract.closeAt ? [[labels.closeAt, formatInstantDay(contract.closeAt, timeZone)] as [string, string]] : []),
  ]);
  doc.y += 10;

  const row = (cells: string[], bold: boolean) => {
    ensureSpace(pdf, ROW + 4);
    const y = doc.y;
    let x = LEFT;
    cells.forEach((cell, i) => {
      text(pdf, cell, {
        x,
        y,
        width: WIDTHS[i]! - 6,
        font: bold ? FONT.bold : FONT.regular,
        size: 8.5,
        color: bold ? COLORS.muted : COLORS.text,
        align: i ? 'right' : 'left',
      });
      x += WIDTHS[i]!;
    });
    doc.y = Math.max(doc.y, y + ROW - 4) + 2;
    doc
      .moveTo(LEFT, doc.y)
      .lineTo(LEFT + CONTENT_WIDTH, doc.y)
      .lineWidth(0.4)
      .strokeColor(COLORS.faint)
      .stroke();
    doc.y += 4;
  };
  row(labels.lineHeaders, true);
  for (const l of contract.lines) {
    row(
      [l.service.name, String(l.quantity), money(l.unitPriceCents), `${l.ivaPercentage} %`, money(l.netCents), money(l.ivaCents), money(l.totalCents)],
      false,
    );
  }

  doc.y += 8;
  const sums: [string, number, boolean][] = [
    [labels.net, contract.netCents, false],
    ...contract.byGroup.map((g): [string, number, boolean] => [`${labels.iva} ${g.percentage} % (${money(g.netCents)})`, g.ivaCents, false]),
    [labels.total, contract.totalCents, true],
  ];
  for (const [label, cents, bold] of sums) {
    ensureSpace(pdf, ROW);
    const y = doc.y;
    const font = bold ? FONT.bold : FONT.regular;
    text(pdf, label, { x: LEFT + CONTENT_WIDTH * 0.4, y, width: CONTENT_WIDTH * 0.4, font, size: bold ? 11 : 9.5, align: 'right' });
    text(pdf, money(cents), {
      x: LEFT + CONTENT_WIDTH * 0.8,
      y,
      width: CONTENT_WIDTH * 0.2,
      font,
      size: bold ? 11 : 9.5,
      align: 'right',
      color: bold ? COLORS.brand : COLORS.text,
    });
    doc.y = Math.max(doc.y, y + ROW - 4) + 2;
  }
  doc.end();
  return bytes;
}
