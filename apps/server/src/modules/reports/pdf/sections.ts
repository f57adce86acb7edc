import { parseContacts, type TAuditSection } from '@audit/domain/audits';
import { sectionPercent } from '@audit/domain/score';
import { ensureSpace, heading, keyValues, LEFT, text } from '../../../platform/pdf/layout.js';
import { COLORS, CONTENT_WIDTH, FONT } from '../../../platform/pdf/theme.js';
import { photoGrid, type TPdf } from './blocks.js';
import { formatNumber, formatPercent } from './labels.js';
import { drawQuestion, INDENT } from './questions.js';
import { riskColor } from './risk-colors.js';
import { fieldValue } from './values.js';

function sectionBand(pdf: TPdf, section: TAuditSection, index: number) {
  const { doc, labels } = pdf;
  const titleHeight = pdf.doc
    .font(FONT.bold)
    .fontSize(13)
    .heightOfString(section.title, { width: CONTENT_WIDTH - 150 });
  const h = Math.max(44, titleHeight + 26);
  const y = doc.y;
  doc.roundedRect(LEFT, y, CONTENT_WIDTH, h, 5).fill(COLORS.brand);
  text(pdf, `${labels.section.toUpperCase()} ${index}`, { font: FONT.bold, size: 7.5, color: '#9fb4d1', x: LEFT + 12, y: y + 8, width: 200 });
  text(pdf, section.title, { font: FONT.bold, size: 13, color: COLORS.white, x: LEFT + 12, y: y + 19, width: CONTENT_WIDTH - 150 });
  if (section.totalScore > 0) {
    text(pdf, formatPercent(labels, sectionPercent(section)), {
      font: FONT.bold,
      size: 15,
      color: COLORS.white,
      x: LEFT + CONTENT_WIDTH - 132,
      y: y + 8,
      width: 120,
      align: 'right',
    });
    text(pdf, `${formatNumber(labels, section.finalScore)} / ${formatNumber(labels, section.totalScore)} ${labels.points}`, {
      size: 8,
      color: '#c9d6e8',
      x: LEFT + CONTENT_WIDTH - 132,
      y: y + 27,
      width: 120,
      align: 'right',
    });
  }
  doc.y = y + h + 6;
  // Incidents of the section by risk, under the band.
  const counts = [
    ['high', section.highRiskIssuesCount],
    ['medium', section.mediumIssuesCount],
    ['low', section.lowIssuesCount],
    ['infrastructure', section.infraIssuesCount],
  ] as const;
  if (section.totalIssuesCount > 0) {
    let x = LEFT;
    const cy = doc.y;
    text(pdf, `${labels.incidents}:`, { font: FONT.bold, size: 8, color: COLORS.muted, x, y: cy, width: 70 });
    x += 62;
    for (const [level, count] of counts.filter(([, c]) => c > 0)) {
      doc.circle(x + 4, cy + 4, 4).fill(riskColor(level));
      const label = `${labels.risks[level]} ${count}`;
      text(pdf, label, { size: 8, x: x + 11, y: cy, width: 110 });
      x += 22 + doc.font(FONT.regular).fontSize(8).widthOfString(label);
    }
    doc.y = cy + 14;
  }
  doc.y += 8;
}

/** One part per question section, each starting on its own page. */
export function drawSections(pdf: TPdf) {
  const sections = pdf.audit.sections.filter((s) => s.type === 'QUESTION');
  sections.forEach((section, i) => {
    pdf.doc.addPage();
    pdf.doc.outline.addItem(`${i + 1}. ${section.title}`);
    sectionBand(pdf, section, i + 1);
    if (!section.questions.length) {
      text(pdf, pdf.labels.noQuestions, { font: FONT.italic, color: COLORS.muted });
      return;
    }
    section.questions.forEach((q, j) => drawQuestion(pdf, q, `${i + 1}.${j + 1}`));
  });
}

/** Contact fields (CONTACTS sections): plain fields as rows, contact lists as name and e-mail. */
export function drawContacts(pdf: TPdf) {
  const { audit, labels } = pdf;
  const fields = audit.contactFields.filter((f) => f.value?.trim());
  if (!fields.length) return;
  pdf.doc.addPage();
  pdf.doc.outline.addItem(labels.contacts);
  heading(pdf, labels.contacts);
  for (const field of fields) {
    if (field.type !== 'contact_information') {
      keyValues(pdf, [[field.label, fieldValue(field, labels, audit.timeZone)]]);
      continue;
    }
    ensureSpace(pdf, 40);
    text(pdf, field.label, { font: FONT.bold, size: 9, color: COLORS.muted, gap: 3 });
    for (const contact of parseContacts(field.value)) {
      ensureSpace(pdf, 14);
      const y = pdf.doc.y;
      text(pdf, contact.name || labels.empty, { x: LEFT + 12, y, width: 200 });
      text(pdf, contact.email || labels.empty, { color: COLORS.accent, x: LEFT + 220, y, width: CONTENT_WIDTH - 220 });
      pdf.doc.y = Math.max(pdf.doc.y, y + 12) + 2;
    }
    pdf.doc.y += 6;
  }
}

/** The incident-and-emergency questionnaire, when the audit has one. */
export function drawQuestionnaire(pdf: TPdf) {
  const questionnaire = pdf.audit.questionnaire;
  if (!questionnaire?.questionsAnswers.length) return;
  pdf.doc.addPage();
  pdf.doc.outline.addItem(pdf.labels.questionnaire);
  heading(pdf, pdf.labels.questionnaire);
  let title = '';
  for (const qa of questionnaire.questionsAnswers) {
    if (qa.sectionTitle !== title) {
      title = qa.sectionTitle;
      ensureSpace(pdf, 50);
      text(pdf, title, { font: FONT.bold, size: 11, color: COLORS.brand, gap: 4 });
    }
    ensureSpace(pdf, 30);
    text(pdf, qa.question, { font: FONT.bold, size: 9.5, x: LEFT + 10, width: CONTENT_WIDTH - 10, gap: 2 });
    text(pdf, qa.answer?.trim() || pdf.labels.noAnswer, {
      size: 9.5,
      color: qa.answer?.trim() ? COLORS.text : COLORS.faint,
      x: LEFT + 10,
      width: CONTENT_WIDTH - 10,
      gap: 4,
    });
    photoGrid(
      pdf,
      qa.images.map((i) => ({ url: i.url })),
      INDENT,
    );
    pdf.doc.y += 4;
  }
}
