import { sectionPercent } from '@audit/domain/score';
import { ensureSpace, heading, keyValues, LEFT, text } from '../../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH, FONT, textOn } from '../../../platform/pdf/theme.js';
import type { TPdf } from './blocks.js';
import { scoreColor } from './cover.js';
import { fill, formatNumber, formatPercent } from './labels.js';
import { riskColor } from './risk-colors.js';
import { fieldValue } from './values.js';

function cards(pdf: TPdf, items: { label: string; value: string; color?: string }[]) {
  const { doc } = pdf;
  const gap = 10;
  const width = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
  const y = doc.y;
  items.forEach((item, i) => {
    const x = LEFT + i * (width + gap);
    doc.roundedRect(x, y, width, 62, 6).fill(COLORS.panel);
    text(pdf, item.label.toUpperCase(), { font: FONT.bold, size: 7.5, color: COLORS.muted, x: x + 10, y: y + 10, width: width - 20 });
    text(pdf, item.value, { font: FONT.bold, size: 18, color: item.color ?? COLORS.text, x: x + 10, y: y + 28, width: width - 20 });
  });
  doc.y = y + 62 + 18;
}

/** Tiles by risk with the risk colours, then a bar splitting the incidents by risk. */
function incidentTiles(pdf: TPdf) {
  const { doc, audit, labels } = pdf;
  const tiles = [
    { level: 'high', count: audit.highRiskIssuesCount },
    { level: 'medium', count: audit.mediumIssuesCount },
    { level: 'low', count: audit.lowIssuesCount },
    { level: 'infrastructure', count: audit.infraIssuesCount },
  ];
  heading(pdf, labels.incidents, 12);
  ensureSpace(pdf, 110);
  const gap = 10;
  const width = (CONTENT_WIDTH - gap * 3) / 4;
  const y = doc.y;
  tiles.forEach((tile, i) => {
    const x = LEFT + i * (width + gap);
    const color = riskColor(tile.level);
    doc.roundedRect(x, y, width, 56, 6).fill(color);
    text(pdf, String(tile.count), { font: FONT.bold, size: 22, color: textOn(color), x: x + 10, y: y + 8, width: width - 20 });
    text(pdf, labels.risks[tile.level] ?? tile.level, { font: FONT.bold, size: 9, color: textOn(color), x: x + 10, y: y + 36, width: width - 20 });
  });
  doc.y = y + 66;
  const total = tiles.reduce((n, t) => n + t.count, 0);
  if (total > 0) {
    let x = LEFT;
    for (const tile of tiles.filter((t) => t.count > 0)) {
      const w = (CONTENT_WIDTH * tile.count) / total;
      doc.rect(x, doc.y, w, 8).fill(riskColor(tile.level));
      x += w;
    }
    doc.y += 14;
  }
  text(
    pdf,
    `${labels.totalIncidents}: ${audit.totalIssuesCount}   ·   ${labels.resolvedInPlace}: ${audit.totalIssuesResolved}${audit.ieIssuesCount ? `   ·   IE: ${audit.ieIssuesCount}` : ''}`,
    { size: 9, color: COLORS.muted, gap: 16 },
  );
}

/** One row per question section: points, percentage, a bar, and its incidents by risk. */
function sectionTable(pdf: TPdf) {
  const { doc, audit, labels } = pdf;
  const sections = audit.sections.filter((s) => s.type === 'QUESTION');
  if (!sections.length) return;
  heading(pdf, labels.sectionsOverview, 12);
  const col = { title: LEFT, points: LEFT + 215, percent: LEFT + 283, bar: LEFT + 330, risks: LEFT + 400 };
  const header = doc.y;
  for (const [x, label] of [
    [col.title, labels.section],
    [col.points, labels.score],
    [col.percent, '%'],
    [col.risks, labels.incidents],
  ] as const) {
    text(pdf, label.toUpperCase(), { font: FONT.bold, size: 7.5, color: COLORS.muted, x, y: header, width: 200 });
  }
  doc.y = header + 14;
  sections.forEach((s, i) => {
    const h = Math.max(
      16,
      6 +
        pdf.doc
          .font(FONT.regular)
          .fontSize(9)
          .heightOfString(`${i + 1}. ${s.title}`, { width: 205 }),
    );
    ensureSpace(pdf, h);
    const y = doc.y;
    if (i % 2 === 0) doc.rect(LEFT - 4, y - 3, CONTENT_WIDTH + 8, h).fill(COLORS.panel);
    const pct = sectionPercent(s);
    text(pdf, `${i + 1}. ${s.title}`, { size: 9, x: col.title, y, width: 205 });
    text(pdf, `${formatNumber(labels, s.finalScore)} / ${formatNumber(labels, s.totalScore)}`, { size: 9, x: col.points, y, width: 66 });
    text(pdf, formatPercent(labels, pct), { font: FONT.bold, size: 9, x: col.percent, y, width: 48 });
    doc.rect(col.bar, y + 2, 60, 6).fill(COLORS.line);
    if (pct) doc.rect(col.bar, y + 2, (60 * Math.min(pct, 100)) / 100, 6).fill(scoreColor(pct, audit.valueGoal));
    let x = col.risks;
    for (const [level, count] of [
      ['high', s.highRiskIssuesCount],
      ['medium', s.mediumIssuesCount],
      ['low', s.lowIssuesCount],
      ['infrastructure', s.infraIssuesCount],
    ] as const) {
      doc.circle(x + 4, y + 5, 4).fill(count ? riskColor(level) : COLORS.line);
      text(pdf, String(count), { size: 8.5, color: count ? COLORS.text : COLORS.faint, x: x + 11, y: y + 1, width: 16 });
      x += 24;
    }
    doc.y = y + h;
  });
  doc.y += 14;
}

/**
 * Deductions in two columns: the first (the largest) is the only one the percentage subtracts
 * (scorePercentage); the rule is said above the list and the others are marked not applied (decision 0064).
 */
function deductionList(pdf: TPdf) {
  const { doc, audit, labels } = pdf;
  if (!audit.deductions.length) return;
  heading(pdf, labels.deductions, 12);
  const applied = audit.deductions[0]!;
  text(pdf, fill(labels.deductionRule, { value: formatNumber(labels, applied.percentage, 1), name: applied.name }), { size: 8.5, color: COLORS.muted });
  doc.y += 6;
  const half = Math.ceil(audit.deductions.length / 2);
  const width = (CONTENT_WIDTH - 20) / 2;
  for (let i = 0; i < half; i++) {
    ensureSpace(pdf, 14);
    const y = doc.y;
    let bottom = y;
    [audit.deductions[i], audit.deductions[i + half]].forEach((d, c) => {
      if (!d) return;
      const x = LEFT + c * (width + 20);
      text(pdf, `-${formatNumber(labels, d.percentage, 1)} %`, {
        font: FONT.bold,
        size: 8.5,
        color: i === 0 && c === 0 ? COLORS.bad : COLORS.muted,
        x,
        y,
        width: 44,
      });
      text(pdf, i === 0 && c === 0 ? d.name : `${d.name} (${labels.notApplied})`, { size: 8.5, x: x + 46, y, width: width - 46 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 2;
  }
  doc.y += 10;
}

export function drawSummary(pdf: TPdf) {
  const { audit, labels } = pdf;
  heading(pdf, labels.summary);
  const firstDeduction = audit.deductions[0];
  cards(pdf, [
    { label: labels.percentage, value: formatPercent(labels, audit.percentage), color: scoreColor(audit.percentage, audit.valueGoal) },
    { label: labels.goal, value: formatPercent(labels, audit.valueGoal) },
    { label: labels.score, value: `${formatNumber(labels, audit.finalScore)} / ${formatNumber(labels, audit.totalScore)}` },
    { label: labels.deduction, value: firstDeduction ? `-${formatNumber(labels, firstDeduction.percentage, 1)} %` : labels.empty },
  ]);
  // The introduction panel: the cover fields the auditor filled in.
  const cover = audit.coverFields.filter((f) => f.value?.trim());
  if (cover.length) {
    heading(pdf, labels.generalData, 12);
    keyValues(
      pdf,
      cover.map((f) => [f.label, fieldValue(f, labels, audit.timeZone)]),
      130,
    );
    pdf.doc.y += 12;
  }
  incidentTiles(pdf);
  sectionTable(pdf);
  deductionList(pdf);
}
