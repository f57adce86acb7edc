import { isReadingCompliant, type TAuditIssue, type TAuditQuestion } from '@audit/domain/audits';
import { optionColor } from '@audit/domain/answer-score';
import { checkbox, ensureSpace, heightOf, LEFT, pill, text } from '../../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH, FONT } from '../../../platform/pdf/theme.js';
import { photoGrid, type TPdf } from './blocks.js';
import { formatNumber, UNITS } from './labels.js';
import { riskColor } from './risk-colors.js';
import { answerText } from './values.js';

/** Body of a question starts here, right of its number. */
export const INDENT = 34;
const BODY = LEFT + INDENT;
const BODY_WIDTH = CONTENT_WIDTH - INDENT;

function selectAnswer(pdf: TPdf, q: TAuditQuestion) {
  const answer = q.answer?.templateAnswer;
  const chosen = answer?.type === 'select' ? (q.select?.options ?? []).filter((o) => answer.select.includes(o._id)) : [];
  if (!chosen.length) return noAnswer(pdf);
  ensureSpace(pdf, 20);
  const y = pdf.doc.y;
  let x = BODY;
  for (const option of chosen) {
    if (x > BODY + BODY_WIDTH - 80) break;
    x += pill(pdf, option.label, optionColor(option), x, y, 8.5) + 5;
  }
  pdf.doc.y = y + 20;
}

function noAnswer(pdf: TPdf) {
  text(pdf, pdf.labels.noAnswer, { font: FONT.italic, size: 9, color: COLORS.faint, x: BODY, width: BODY_WIDTH, gap: 4 });
}

/** Places down, readings across; a value outside what its reading expects is red. */
function readingTable(pdf: TPdf, q: TAuditQuestion) {
  const config = q.readingRegistry;
  const answer = q.answer?.templateAnswer;
  const values = answer?.type === 'readingRegistry' ? answer.readingRegistry : [];
  if (!config || !config.placesMeasure.length || !config.options.length || !values.some((v) => v.value != null)) return noAnswer(pdf);
  const { doc, labels } = pdf;
  const placeWidth = 130;
  const colWidth = Math.min(95, (BODY_WIDTH - placeWidth) / config.options.length);
  const row = (cells: { value: string; bold?: boolean; color?: string }[], y: number, fill?: string) => {
    if (fill) doc.rect(BODY, y - 2, placeWidth + colWidth * config.options.length, 14).fill(fill);
    cells.forEach((cell, i) => {
      const x = i === 0 ? BODY + 4 : BODY + placeWidth + (i - 1) * colWidth;
      text(pdf, cell.value, { font: cell.bold ? FONT.bold : FONT.regular, size: 8.5, color: cell.color, x, y, width: (i === 0 ? placeWidth : colWidth) - 6 });
    });
  };
  ensureSpace(pdf, 30);
  const top = doc.y;
  row(
    [
      { value: labels.place, bold: true },
      ...config.options.map((o) => ({ value: `${o.label}${UNITS[o.measure] ? ` (${UNITS[o.measure]})` : ''}`, bold: true })),
    ],
    top,
    COLORS.brandLight,
  );
  doc.y = top + 14;
  config.placesMeasure.forEach((place, i) => {
    ensureSpace(pdf, 14);
    const y = doc.y;
    const cells = config.options.map((option) => {
      const value = values.find((v) => v.placesMeasure === place._id && v.optionKey === option.key)?.value;
      if (value == null) return { value: labels.empty, color: COLORS.faint };
      const ok = isReadingCompliant(option, value);
      return { value: `${formatNumber(labels, value, 3)}${ok ? '' : ` (${labels.outOfRange})`}`, bold: !ok, color: ok ? COLORS.text : COLORS.bad };
    });
    row([{ value: place.label ? `${place.place} · ${place.label}` : place.place }, ...cells], y, i % 2 ? COLORS.panel : undefined);
    doc.y = y + 14;
  });
  doc.y += 4;
}

function note(pdf: TPdf, q: TAuditQuestion) {
  if (!q.note?.trim()) return;
  const { doc, labels } = pdf;
  const body = q.note.trim();
  const h = heightOf(pdf, body, { size: 8.5, width: BODY_WIDTH - 16 }) + 22;
  // Short notes stay in one box; a long one flows over pages without its box.
  if (h < 300) {
    ensureSpace(pdf, h);
    doc.roundedRect(BODY, doc.y, BODY_WIDTH, h - 4, 4).fillAndStroke(COLORS.note, COLORS.noteBorder);
  }
  const y = doc.y;
  text(pdf, labels.note.toUpperCase(), { font: FONT.bold, size: 7, color: '#a06b00', x: BODY + 8, y: y + 5, width: BODY_WIDTH - 16 });
  text(pdf, body, { size: 8.5, x: BODY + 8, y: doc.y + 1, width: BODY_WIDTH - 16 });
  doc.y = Math.max(doc.y, y + h - 4) + 6;
}

function issue(pdf: TPdf, item: TAuditIssue) {
  const { doc, labels } = pdf;
  const color = riskColor(item.riskLevel);
  const x = BODY + 10;
  const width = BODY_WIDTH - 10;
  const head = heightOf(pdf, item.name, { font: FONT.bold, size: 9.5, width }) + 22;
  const description = item.description?.trim() ? heightOf(pdf, item.description, { size: 8.5, width }) + 3 : 0;
  const tasks = item.tasks.length ? 14 + item.tasks.reduce((h, t) => h + heightOf(pdf, t.name, { size: 8.5, width: width - 14 }) + 3, 0) : 0;
  const block = head + description + tasks + 4;
  ensureSpace(pdf, Math.min(block, 220));
  const top = doc.y;
  const page = doc.page;
  text(pdf, item.name, { font: FONT.bold, size: 9.5, x, width });
  let px = x;
  const py = doc.y + 2;
  px += pill(pdf, `${labels.risk}: ${labels.risks[item.riskLevel] ?? item.riskLevel}`, color, px, py, 7.5) + 4;
  if (item.deductionPercentage > 0) px += pill(pdf, `-${formatNumber(labels, item.deductionPercentage, 1)} %`, COLORS.muted, px, py, 7.5) + 4;
  if (item.solvedInPlace) pill(pdf, labels.solvedInPlace, COLORS.good, px, py, 7.5);
  doc.y = py + 17;
  if (item.description?.trim()) text(pdf, item.description.trim(), { size: 8.5, color: COLORS.muted, x, width, gap: 3 });
  if (item.tasks.length) {
    text(pdf, labels.tasks.toUpperCase(), { font: FONT.bold, size: 7, color: COLORS.muted, x, width, gap: 2 });
    for (const task of item.tasks) {
      ensureSpace(pdf, 12);
      const y = doc.y;
      checkbox(pdf, x, y + 0.5, task.selected);
      text(pdf, task.name, { size: 8.5, x: x + 14, y, width: width - 14, gap: 3 });
    }
  }
  // The risk-coloured bar along the issue (when it stayed on one page).
  if (doc.page === page && doc.y > top) doc.rect(BODY, top, 3, doc.y - top).fill(color);
  doc.y += 4;
  photoGrid(
    pdf,
    item.evidences.map((e) => ({ url: e.url, caption: e.observation })),
    INDENT + 10,
  );
  doc.y += 6;
}

export function drawQuestion(pdf: TPdf, q: TAuditQuestion, number: string) {
  const { doc, labels } = pdf;
  const nameHeight = heightOf(pdf, q.name, { font: FONT.bold, size: 10, width: BODY_WIDTH - 70 });
  ensureSpace(pdf, nameHeight + 34);
  const y = doc.y;
  text(pdf, number, { font: FONT.bold, size: 9, color: COLORS.accent, y: y + 1, width: INDENT - 4 });
  text(pdf, q.name, { font: FONT.bold, size: 10, x: BODY, y, width: BODY_WIDTH - 70 });
  if (q.type === 'select' && q.select?.scoring && q.answer) {
    const failed = q.answer.failed;
    text(pdf, `${formatNumber(labels, q.answer.score)} / ${formatNumber(labels, q.maxScore)}`, {
      font: FONT.bold,
      size: 9,
      color: failed ? COLORS.bad : COLORS.muted,
      x: LEFT + CONTENT_WIDTH - 66,
      y,
      width: 66,
      align: 'right',
    });
  }
  doc.y = Math.max(doc.y, y + 12) + 3;
  if (q.description?.trim()) text(pdf, q.description.trim(), { size: 8.5, color: COLORS.muted, x: BODY, width: BODY_WIDTH, gap: 3 });
  if (q.type === 'select') selectAnswer(pdf, q);
  else if (q.type === 'readingRegistry') readingTable(pdf, q);
  else {
    const value = answerText(q, labels, pdf.audit.timeZone);
    if (value) text(pdf, value, { size: 9.5, x: BODY, width: BODY_WIDTH, gap: 4 });
    else noAnswer(pdf);
  }
  note(pdf, q);
  photoGrid(
    pdf,
    q.noteImages.map((i) => ({ url: i.url })),
    INDENT,
  );
  for (const item of q.issues.filter((i) => i.selected)) issue(pdf, item);
  doc.y += 4;
  doc
    .moveTo(BODY, doc.y)
    .lineTo(LEFT + CONTENT_WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor(COLORS.line)
    .stroke();
  doc.y += 8;
}
