import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  auditScore,
  evaluateAnswer,
  issueCounts,
  questionMaxScore,
  riskOf,
  type TAudit,
  type TAuditIssue,
  type TAuditQuestion,
  type TAuditSection,
} from '@audit/domain/audits';
import type { TSelectConfig } from '@audit/domain/templates';

/**
 * A realistic finished audit for the PDF renderer's tests and the benchmark: by default 300
 * questions in 10 sections, 60 incidents and 40 photos (30 evidences, 10 note images), with select,
 * number, text, paragraph and reading-registry answers, notes, tasks, cover and contact fields.
 * Deterministic (seeded), so two builds give the same report.
 */
export interface TFixtureOptions {
  questions?: number;
  sections?: number;
  incidents?: number;
  photos?: number;
  language?: 'es' | 'en';
  templateName?: string;
  seed?: number;
}

const SECTION_TITLES = [
  'Recepción de mercancías',
  'Almacenamiento en frío',
  'Cocina caliente',
  'Zona de preparación',
  'Limpieza y desinfección',
  'Control de plagas',
  'Higiene del personal',
  'Gestión de residuos',
  'Trazabilidad y etiquetado',
  'Instalaciones y mantenimiento',
];
const SUBJECTS = [
  'los suelos',
  'las superficies de trabajo',
  'las cámaras frigoríficas',
  'los utensilios',
  'los lavamanos',
  'las campanas extractoras',
  'los contenedores',
  'las estanterías',
  'los envases',
  'la vajilla',
];
const CHECKS = [
  'están limpios y en buen estado',
  'cumplen el plan de limpieza',
  'se mantienen a la temperatura adecuada',
  'están correctamente identificados',
  'disponen de registro actualizado',
];
const ISSUES = [
  'Suciedad acumulada',
  'Temperatura fuera de rango',
  'Producto sin etiquetar',
  'Falta de registro',
  'Desperfecto en revestimiento',
  'Presencia de plagas',
  'Uniforme incompleto',
];
const RISKS = ['high', 'medium', 'low', 'infrastructure', 'medium', 'low'] as const;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const photoUrl = (id: string) => `/ms-core/api/files/${id}/content?exp=9999999999&sig=fixture`;
const SELECT: TSelectConfig = {
  multiselect: false,
  scoring: true,
  options: [
    { _id: randomUUID(), label: 'Conforme', color: '#52c41a', score: 10, failed: false },
    { _id: randomUUID(), label: 'Mejorable', color: '#fa8c16', score: 5, failed: false },
    { _id: randomUUID(), label: 'No conforme', color: '#f5222d', score: 0, failed: true },
  ],
};

export function buildAuditFixture(options: TFixtureOptions = {}): { audit: TAudit; photoIds: string[] } {
  const {
    questions: questionCount = 300,
    sections: sectionCount = 10,
    incidents: incidentCount = 60,
    photos: photoCount = 40,
    language = 'es',
    seed = 7,
  } = options;
  const rnd = random(seed);
  const now = '2024-05-14T09:30:00.000Z';
  const photoIds = Array.from({ length: photoCount }, () => randomUUID());
  const evidencePhotos = photoIds.slice(0, Math.ceil(photoCount * 0.75));
  const notePhotos = photoIds.slice(evidencePhotos.length);

  const sections: TAuditSection[] = [];
  const all: TAuditQuestion[] = [];
  for (let s = 0; s < sectionCount; s++) {
    const sectionId = randomUUID();
    const count = Math.floor(questionCount / sectionCount) + (s < questionCount % sectionCount ? 1 : 0);
    const questions: TAuditQuestion[] = [];
    for (let q = 0; q < count; q++) {
      const kind = q % 15 === 7 ? 'readingRegistry' : q % 15 === 3 ? 'number' : q % 15 === 11 ? 'paragraph' : q % 15 === 13 ? 'text' : 'select';
      const question: TAuditQuestion = {
        _id: randomUUID(),
        section: sectionId,
        templateQuestion: randomUUID(),
        name: `¿${SUBJECTS[(s + q) % SUBJECTS.length]![0]!.toUpperCase()}${SUBJECTS[(s + q) % SUBJECTS.length]!.slice(1)} ${CHECKS[q % CHECKS.length]}?`,
        type: kind,
        description: q % 6 === 0 ? 'Comprobar visualmente y revisar los registros de los últimos siete días.' : null,
        required: true,
        position: q,
        select: kind === 'select' ? SELECT : null,
        readingRegistry:
          kind === 'readingRegistry'
            ? {
                options: [
                  { key: 'fridge', label: 'Refrigeración', measure: 'celsius', operation: 'between', minValue: 0, maxValue: 5 },
                  { key: 'freezer', label: 'Congelación', measure: 'celsius', operation: 'lessThan', minValue: null, maxValue: -18 },
                ],
                placesMeasure: [
                  { _id: randomUUID(), place: 'Cámara 1', label: 'Lácteos' },
                  { _id: randomUUID(), place: 'Cámara 2', label: null },
                  { _id: randomUUID(), place: 'Arcón', label: null },
                ],
              }
            : null,
        text: kind === 'text' ? { answerType: 'TEXT' } : null,
        maxScore: 0,
        incidences: [],
        note:
          q % 9 === 4 ? 'El responsable indica que la limpieza profunda se realiza los lunes; se recomienda reforzar la frecuencia en temporada alta.' : null,
        noteImages: [],
        answer: null,
        issues: [],
      };
      question.maxScore = questionMaxScore(question);
      const roll = rnd();
      const answerOf = (): TAuditQuestion['answer'] => {
        const base = { _id: randomUUID(), updatedAt: now };
        if (kind === 'select') {
          const option = SELECT.options[roll < 0.7 ? 0 : roll < 0.85 ? 1 : 2]!;
          const templateAnswer = { type: 'select' as const, select: [option._id] };
          return { ...base, templateAnswer, ...evaluateAnswer(question, templateAnswer) };
        }
        if (kind === 'number') return { ...base, templateAnswer: { type: 'number', number: Math.round(roll * 1000) / 10 }, score: 0, failed: false };
        if (kind === 'paragraph')
          return {
            ...base,
            templateAnswer: {
              type: 'paragraph',
              paragraph:
                'Se observa una correcta organización general del área. Los registros de temperatura están al día y el personal conoce el procedimiento de actuación ante desviaciones.',
            },
            score: 0,
            failed: false,
          };
        if (kind === 'text') return { ...base, templateAnswer: { type: 'text', text: 'Proveedor homologado' }, score: 0, failed: false };
        const places = question.readingRegistry!.placesMeasure;
        return {
          ...base,
          templateAnswer: {
            type: 'readingRegistry',
            readingRegistry: places.flatMap((p, i) => [
              { placesMeasure: p._id, optionKey: 'fridge', value: i === 1 ? 7.5 : 3 + i },
              { placesMeasure: p._id, optionKey: 'freezer', value: -20 + i * 2 },
            ]),
          },
          score: 0,
          failed: false,
        };
      };
      question.answer = answerOf();
      questions.push(question);
      all.push(question);
    }
    sections.push({
      _id: sectionId,
      title: SECTION_TITLES[s % SECTION_TITLES.length]!,
      type: 'QUESTION',
      duplicable: false,
      isDuplicated: false,
      duplicatedFrom: null,
      position: s + 1,
      fields: [],
      questions,
      totalScore: 0,
      finalScore: 0,
      ...issueCounts([]),
    });
  }

  // Incidents: on failed answers first, then on other questions, spread over the sections.
  const targets = [...all.filter((q) => q.answer?.failed), ...all.filter((q) => !q.answer?.failed && q.type === 'select')];
  for (let i = 0; i < incidentCount && targets.length; i++) {
    const q = targets[(i * 7) % targets.length]!;
    const riskLevel = RISKS[i % RISKS.length]!;
    const issue: TAuditIssue = {
      _id: randomUUID(),
      section: q.section,
      question: q._id,
      templateIssue: randomUUID(),
      name: `${ISSUES[i % ISSUES.length]} (${i + 1})`,
      description: i % 2 ? 'Se detecta durante la inspección visual de la zona.' : null,
      riskLevel,
      deductionPercentage: riskLevel === 'high' ? 5 : 0,
      selected: true,
      solvedInPlace: i % 5 === 0,
      tasks: [
        { _id: randomUUID(), name: 'Limpiar y desinfectar la zona afectada', selected: i % 5 === 0 || i % 2 === 0 },
        ...(i % 3 === 0 ? [{ _id: randomUUID(), name: 'Registrar la acción en el plan de autocontrol', selected: i % 5 === 0 }] : []),
      ],
      evidences:
        i < evidencePhotos.length
          ? [{ _id: randomUUID(), type: 'photo', url: photoUrl(evidencePhotos[i]!), observation: `Evidencia ${i + 1}: detalle de la incidencia` }]
          : [],
    };
    q.issues.push(issue);
    q.incidences.push({
      _id: issue.templateIssue!,
      name: issue.name,
      description: issue.description,
      riskLevel,
      deductionPercentage: issue.deductionPercentage,
      tasks: issue.tasks.map(({ _id, name }) => ({ _id, name })),
    });
  }
  notePhotos.forEach((id, i) => {
    const q = all[(i * 29 + 5) % all.length]!;
    q.note ??= 'Fotografía de referencia tomada durante la visita.';
    q.noteImages.push({ _id: randomUUID(), url: photoUrl(id) });
  });

  const score = auditScore(sections);
  for (const section of sections) {
    Object.assign(
      section,
      score.sections.find((s) => s._id === section._id),
      issueCounts(section.questions.flatMap((q) => q.issues)),
    );
  }
  const counts = issueCounts(all.flatMap((q) => q.issues));
  const ref = (name: string) => ({ _id: randomUUID(), name });
  const audit: TAudit = {
    _id: randomUUID(),
    status: 'finished',
    template: { ...ref(options.templateName ?? (language === 'en' ? 'Food hygiene audit' : 'Auditoría de higiene alimentaria')), language },
    client: ref('Hoteles Mar Azul S.A.'),
    establishment: ref('Hotel Mar Azul Playa'),
    service: { ...ref('Auditoría de higiene'), isPoolService: false },
    auditor: ref('Lucía Fernández Ortega'),
    owner: ref('Admin Demo'),
    areaAccess: ref('Cocina'),
    startDate: '2024-05-01T00:00:00.000Z',
    date: ['2024-05-14T00:00:00.000Z', '2024-05-14T23:59:59.999Z'],
    valueGoal: 85,
    hasPreviousAudit: true,
    isIncomplete: false,
    totalScore: score.totalScore,
    finalScore: score.finalScore,
    percentage: score.percentage,
    deductions: score.deductions,
    recalculatedRisk: riskOf(counts),
    ...counts,
    coverFields: [
      {
        _id: randomUUID(),
        label: 'Fecha de la visita',
        type: 'audit_date',
        required: true,
        value: '["2024-05-14T00:00:00.000Z","2024-05-14T23:59:59.999Z"]',
        position: 0,
      },
      {
        _id: randomUUID(),
        label: 'Objetivo',
        type: 'objective',
        required: false,
        value: 'Verificar el cumplimiento del plan APPCC y de las buenas prácticas de higiene.',
        position: 1,
      },
      {
        _id: randomUUID(),
        label: 'Resumen',
        type: 'summary',
        required: false,
        value:
          'Instalaciones en buen estado general. Se detectan desviaciones puntuales en el control de temperaturas y en la limpieza de zonas de difícil acceso.',
        position: 2,
      },
      { _id: randomUUID(), label: 'Ubicación', type: 'location', required: false, value: 'Av. del Mar 12, 03001 Alicante', position: 3 },
    ],
    contactFields: [
      {
        _id: randomUUID(),
        label: 'Responsable del establecimiento',
        type: 'contact_information',
        required: true,
        value: JSON.stringify([
          { name: 'Marta Ruiz', email: 'marta.ruiz@marazul.example' },
          { name: 'Jorge Peña', email: 'jefe.cocina@marazul.example' },
        ]),
        position: 0,
      },
      { _id: randomUUID(), label: 'Copia del informe', type: 'email', required: false, value: 'calidad@marazul.example', position: 1 },
    ],
    sections,
    questionnaire: {
      _id: randomUUID(),
      sent: true,
      questionsAnswers: [
        {
          _id: randomUUID(),
          sectionTitle: 'Emergencias',
          question: '¿Existe un plan de actuación ante cortes de suministro eléctrico?',
          type: 'SIMPLE',
          answer: 'Sí, revisado en 2024',
          images: [],
        },
        {
          _id: randomUUID(),
          sectionTitle: 'Emergencias',
          question: 'Describa el procedimiento ante una alerta alimentaria.',
          type: 'PARAGRAPH',
          answer: 'Se retira el lote afectado, se comunica al proveedor y se registra en el libro de incidencias.',
          images: [],
        },
      ],
    },
    share: { enabled: true, url: null },
    pdf: { ready: false, url: null },
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: now,
    finishedDate: now,
    can: { read: true, update: false, assign: false, start: false, run: false, reopen: true, share: true },
    timeZone: 'Europe/Madrid',
  };
  return { audit, photoIds };
}

/** Photo-like JPEGs (800x600, gradients and shapes, about what a phone photo weighs after re-encoding). */
export async function buildFixturePhotos(ids: string[], width = 800, height = 600): Promise<Map<string, Buffer>> {
  const hues = [200, 30, 120, 0, 270, 60];
  const entries = await Promise.all(
    ids.map(async (id, i) => {
      const hue = hues[i % hues.length]!;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,78%)"/><stop offset="1" stop-color="hsl(${hue},40%,35%)"/></linearGradient></defs>
        <rect width="100%" height="100%" fill="url(#g)"/>
        <circle cx="${200 + ((i * 37) % 400)}" cy="${150 + ((i * 53) % 300)}" r="${60 + (i % 5) * 15}" fill="hsl(${(hue + 180) % 360},60%,55%)" opacity="0.8"/>
        <rect x="60" y="${height - 140}" width="${width - 120}" height="80" rx="10" fill="white" opacity="0.6"/>
        <text x="${width / 2}" y="${height - 88}" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#222">Foto ${i + 1}</text>
      </svg>`;
      const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      return [id, bytes] as const;
    }),
  );
  return new Map(entries);
}
