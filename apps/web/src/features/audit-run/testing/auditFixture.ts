import type { TAudit, TAuditQuestion, TAuditSection } from '@audit/domain/audits';

/** A generated audit for tests and measurements: `questions` spread over sections of 30, plus cover and contacts. */
const uuid = (kind: number, n: number) => `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
const counts = {
  totalIssuesCount: 0,
  totalIssuesResolved: 0,
  highRiskIssuesCount: 0,
  ieIssuesCount: 0,
  mediumIssuesCount: 0,
  lowIssuesCount: 0,
  infraIssuesCount: 0,
};
export const FIXTURE_AUDITOR = uuid(9, 1);
export const OPTION = { yes: uuid(5, 1), no: uuid(5, 2), na: uuid(5, 3) };
const READINGS = {
  options: [
    { key: 'temp', label: 'Temperature', measure: 'celsius' as const, operation: 'lessThan' as const, minValue: null, maxValue: 5 },
    { key: 'chlorine', label: 'Free chlorine', measure: 'ppm' as const, operation: 'between' as const, minValue: 0.5, maxValue: 2 },
  ],
  placesMeasure: [1, 2, 3].map((n) => ({ _id: uuid(10, n), place: `Fridge ${n}`, label: n === 1 ? 'Dairy' : null })),
};

/** The first section shows every kind of card; the rest are mostly select questions. */
const VARIED: Record<number, string> = { 4: 'readingRegistry', 5: 'date', 6: 'audit_date', 8: 'paragraph' };

function question(n: number, sectionId: string, position: number): TAuditQuestion {
  const type = VARIED[n] ?? (n % 10 === 7 ? 'number' : n % 10 === 9 ? 'text' : 'select');
  return {
    _id: uuid(2, n),
    section: sectionId,
    templateQuestion: null,
    name: `Question ${n + 1}: hands are washed before handling food`,
    type,
    description: n % 3 === 0 ? 'Check the basin, soap and paper towels.' : null,
    required: true,
    position,
    select:
      type === 'select'
        ? {
            multiselect: n === 1,
            scoring: true,
            options: [
              { _id: OPTION.yes, label: 'Compliant', color: '#52c41a', score: 1, failed: false },
              { _id: OPTION.no, label: 'Not compliant', color: '#f5222d', score: 0, failed: true },
              { _id: OPTION.na, label: 'Not applicable', color: '#d9d9d9', score: 0, failed: false },
            ],
          }
        : null,
    readingRegistry: type === 'readingRegistry' ? READINGS : null,
    text: null,
    maxScore: type === 'select' ? 1 : 0,
    note: null,
    noteImages: [],
    answer: null,
    issues: [],
    incidences: [0, 1].map((i) => ({
      _id: uuid(3, n * 2 + i),
      name: `Incidence ${i + 1}`,
      description: 'Description',
      riskLevel: i ? 'medium' : 'high',
      deductionPercentage: i ? 0 : 5,
      tasks: [{ _id: uuid(4, n * 2 + i), name: 'Corrective action' }],
    })),
  };
}

function section(index: number, type: TAuditSection['type'], questions: TAuditQuestion[] = [], fields: TAuditSection['fields'] = []): TAuditSection {
  return {
    _id: uuid(1, index),
    title: `Section ${index + 1}`,
    type,
    duplicable: index === 1,
    isDuplicated: false,
    duplicatedFrom: null,
    position: index,
    fields,
    questions,
    totalScore: 0,
    finalScore: 0,
    ...counts,
  };
}

/** `perSection`: questions per question section (the last holds what is left). */
export function makeAudit(questions = 300, status: TAudit['status'] = 'running', perSection = 30): TAudit {
  const sections: TAuditSection[] = [
    section(0, 'DATA', [], [{ _id: uuid(6, 1), label: 'Summary', type: 'summary', required: false, value: null, position: 0 }]),
  ];
  for (let s = 0; s * perSection < questions; s++) {
    const id = uuid(1, s + 1);
    const qs = Array.from({ length: Math.min(perSection, questions - s * perSection) }, (_, i) => question(s * perSection + i, id, i));
    sections.push({ ...section(s + 1, 'QUESTION', qs), _id: id });
  }
  const contactField = { _id: uuid(6, 2), label: 'Contacts', type: 'contact_information', required: true, value: null, position: 0 };
  sections.push(section(sections.length, 'CONTACTS', [], [contactField]));
  const ref = (n: number, name: string) => ({ _id: uuid(7, n), name });
  return {
    _id: uuid(8, 1),
    status,
    template: { ...ref(1, 'Hygiene audit'), language: 'es' },
    client: ref(2, 'Client'),
    establishment: ref(3, 'Kitchen one'),
    service: { ...ref(4, 'Food safety'), isPoolService: false },
    auditor: { _id: FIXTURE_AUDITOR, name: 'Auditor' },
    owner: null,
    areaAccess: null,
    startDate: '2025-01-01T00:00:00.000Z',
    date: ['2025-01-01T00:00:00.000Z', '2025-01-31T23:59:59.999Z'],
    valueGoal: 80,
    hasPreviousAudit: false,
    isIncomplete: false,
    totalScore: 0,
    finalScore: 0,
    percentage: null,
    deductions: [],
    recalculatedRisk: 'LOW',
    coverFields: sections[0]!.fields,
    contactFields: [contactField],
    sections,
    questionnaire: null,
    share: { enabled: false, url: null },
    pdf: { ready: false, url: null },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    finishedDate: null,
    timeZone: 'Europe/Madrid',
    ...counts,
    // As the server's audit policy answers the fixture's auditor.
    can: {
      read: true,
      update: status !== 'finished',
      assign: status === 'draft' || status === 'accepted',
      start: status === 'draft' || status === 'accepted',
      run: status === 'running',
      reopen: status === 'finished',
      share: status === 'finished',
    },
  };
}
