import { GOAL_BAND_COLORS, goalBand } from '@audit/domain/score';
import { LEFT, openImage, pill, text } from '../../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH, FONT, PAGE } from '../../../platform/pdf/theme.js';
import type { TPdf } from './blocks.js';
import { formatInstantDay, formatStoredRange, zoneOr } from '@audit/domain/dates';
import { formatNumber, formatPercent } from './labels.js';
import { auditRiskColor } from './risk-colors.js';

/** Colour of a score against its goal: the band's (reached, close, below: @audit/domain/score). */
export function scoreColor(percentage: number | null, goal: number | null) {
  if (percentage == null) return COLORS.faint;
  if (goal == null) return COLORS.accent;
  return GOAL_BAND_COLORS[goalBand(percentage, goal)!];
}

const point = (cx: number, cy: number, r: number, fraction: number) => {
  const angle = -Math.PI / 2 + 2 * Math.PI * fraction;
  return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
};

/** A ring filled to the percentage, with a tick at the goal and the figure in the middle. */
export function scoreRing(pdf: TPdf, cx: number, cy: number, r: number, percentage: number | null, goal: number | null, size = 30) {
  const { doc, labels } = pdf;
  const fraction = Math.min(Math.max((percentage ?? 0) / 100, 0), 1);
  doc
    .lineWidth(r * 0.2)
    .strokeColor(COLORS.line)
    .circle(cx, cy, r)
    .stroke();
  const color = scoreColor(percentage, goal);
  if (fraction >= 0.9999) doc.strokeColor(color).circle(cx, cy, r).stroke();
  else if (fraction > 0) {
    const [x0, y0] = point(cx, cy, r, 0);
    const [x1, y1] = point(cx, cy, r, fraction);
    doc
      .path(`M ${x0} ${y0} A ${r} ${r} 0 ${fraction > 0.5 ? 1 : 0} 1 ${x1} ${y1}`)
      .lineCap('round')
      .strokeColor(color)
      .stroke()
      .lineCap('butt');
  }
  if (goal != null) {
    const [gx0, gy0] = point(cx, cy, r - r * 0.16, goal / 100);
    const [gx1, gy1] = point(cx, cy, r + r * 0.16, goal / 100);
    doc.lineWidth(2).moveTo(gx0, gy0).lineTo(gx1, gy1).strokeColor(COLORS.text).stroke();
  }
  const figure = formatPercent(labels, percentage);
  text(pdf, figure, { font: FONT.bold, size, color: COLORS.text, x: cx - r, y: cy - size * 0.55, width: 2 * r, align: 'center' });
}

/** The box the company's logo fits in, top right of the cover's band. */
export const LOGO_BOX = { width: 170, height: 64, padding: 8, top: 40 };

/**
 * The company's logo, scaled to fit its box keeping its proportions, on a white card so any logo
 * reads on the dark band. Returns the width it took (0 with no logo or one that cannot be read).
 */
export function drawLogo(pdf: TPdf): number {
  const image = pdf.logo ? openImage(pdf, pdf.logo) : null;
  if (!image) return 0;
  const scale = Math.min(LOGO_BOX.width / image.width, LOGO_BOX.height / image.height);
  const [width, height] = [image.width * scale, image.height * scale];
  const cardWidth = width + 2 * LOGO_BOX.padding;
  const x = LEFT + CONTENT_WIDTH - cardWidth;
  pdf.doc.roundedRect(x, LOGO_BOX.top, cardWidth, height + 2 * LOGO_BOX.padding, 6).fill(COLORS.white);
  pdf.doc.image(image as unknown as Buffer, x + LOGO_BOX.padding, LOGO_BOX.top + LOGO_BOX.padding, { width, height });
  return cardWidth;
}

export function drawCover(pdf: TPdf) {
  const { doc, audit, labels } = pdf;
  const band = 300;
  doc.rect(0, 0, PAGE.width, band).fill(COLORS.brand);
  doc.rect(0, band, PAGE.width, 6).fill(COLORS.accent);
  const logoWidth = drawLogo(pdf);
  // The company's name keeps clear of the logo beside it.
  if (pdf.company)
    text(pdf, pdf.company.toUpperCase(), { font: FONT.bold, size: 11, color: '#c9d6e8', y: 54, width: CONTENT_WIDTH - (logoWidth ? logoWidth + 16 : 0) });
  text(pdf, labels.reportTitle.toUpperCase(), { size: 10, color: '#9fb4d1', y: 104 });
  text(pdf, audit.template.name, { font: FONT.bold, size: 26, color: COLORS.white, y: 122, lineGap: 3 });
  text(pdf, audit.service.name, { size: 12, color: '#c9d6e8', y: doc.y + 6 });

  let y = band + 40;
  text(pdf, audit.client.name, { font: FONT.bold, size: 20, color: COLORS.brand, y });
  text(pdf, `> ${audit.establishment.name}`, { size: 14, color: COLORS.text, y: doc.y + 2 });
  y = doc.y + 22;

  // The audit's date as the report view says it (decision 0064): the day it was finished (an
  // instant, read where the establishment is: 00:30 in Madrid on 2 March is 2 March); the planned
  // days only while it is not finished.
  const info: [string, string][] = [
    audit.finishedDate
      ? [labels.auditDate, formatInstantDay(audit.finishedDate, zoneOr(audit.timeZone))]
      : [labels.plannedDates, formatStoredRange(audit.date, true)],
    [labels.auditor, audit.auditor?.name ?? labels.empty],
    [labels.status, labels.statuses[audit.status] ?? audit.status],
  ];
  for (const [label, value] of info) {
    text(pdf, label.toUpperCase(), { font: FONT.bold, size: 8, color: COLORS.muted, y, width: 220 });
    text(pdf, value, { size: 12, y: doc.y + 1, width: 220 });
    y = doc.y + 10;
  }

  // The score block, beside the details: ring, points, goal and audit risk.
  const cx = LEFT + CONTENT_WIDTH - 95;
  const cy = band + 190;
  scoreRing(pdf, cx, cy, 72, audit.percentage, audit.valueGoal, 28);
  text(pdf, labels.score, { size: 9, color: COLORS.muted, x: cx - 72, y: cy + 14, width: 144, align: 'center' });
  const below = cy + 100;
  text(pdf, `${formatNumber(labels, audit.finalScore)} / ${formatNumber(labels, audit.totalScore)} ${labels.points}`, {
    size: 10,
    x: cx - 95,
    y: below,
    width: 190,
    align: 'center',
  });
  if (audit.valueGoal != null) {
    const reached = goalBand(audit.percentage, audit.valueGoal) === 'reached';
    text(pdf, `${labels.goal}: ${formatPercent(labels, audit.valueGoal)}`, {
      font: FONT.bold,
      size: 11,
      x: cx - 95,
      y: doc.y + 4,
      width: 190,
      align: 'center',
    });
    text(pdf, reached ? labels.goalReached : labels.goalMissed, {
      size: 9,
      color: reached ? COLORS.good : COLORS.bad,
      x: cx - 95,
      y: doc.y + 1,
      width: 190,
      align: 'center',
    });
  }
  const riskLabel = `${labels.auditRisk}: ${labels.auditRisks[audit.recalculatedRisk] ?? audit.recalculatedRisk}`;
  doc.font(FONT.bold).fontSize(9);
  pill(pdf, riskLabel, auditRiskColor(audit.recalculatedRisk), cx - (doc.widthOfString(riskLabel) + 12) / 2, doc.y + 10, 9);

  text(pdf, `${labels.totalIncidents}: ${audit.totalIssuesCount}   ·   ${labels.resolvedInPlace}: ${audit.totalIssuesResolved}`, {
    size: 10,
    color: COLORS.muted,
    y: PAGE.height - 120,
  });
}
