import { formatPercent as percentIn } from '@audit/domain/score';

/**
 * The words of the PDF report, in the audit template's language (Spanish by default). Plain data
 * (no functions) so they cross into the worker thread; `{n}`-style placeholders are filled by fill().
 */
const es = {
  locale: 'es-ES',
  reportTitle: 'Informe de auditoría',
  client: 'Cliente',
  establishment: 'Establecimiento',
  service: 'Servicio',
  auditDate: 'Fecha de auditoría',
  plannedDates: 'Fechas previstas',
  finishedDate: 'Fecha de cierre',
  auditor: 'Auditor',
  status: 'Estado',
  score: 'Puntuación',
  percentage: 'Porcentaje',
  goal: 'Objetivo',
  goalReached: 'Objetivo alcanzado',
  goalMissed: 'Por debajo del objetivo',
  points: 'puntos',
  deduction: 'Deducción aplicada',
  deductions: 'Deducciones',
  deductionRule: 'Solo se aplica la mayor deducción: -{value} % ({name}); las demás se listan sin restarse.',
  notApplied: 'no aplicada',
  summary: 'Resumen',
  generalData: 'Datos de la auditoría',
  auditRisk: 'Riesgo de la auditoría',
  incidents: 'Incidencias',
  totalIncidents: 'Total de incidencias',
  resolvedInPlace: 'Resueltas in situ',
  solvedInPlace: 'Resuelta in situ',
  sectionsOverview: 'Resultado por sección',
  section: 'Sección',
  noQuestions: 'No hay preguntas en esta sección',
  noAnswer: 'Sin respuesta',
  note: 'Nota',
  photos: 'Fotografías',
  tasks: 'Acciones correctoras',
  risk: 'Riesgo',
  place: 'Lugar',
  outOfRange: 'fuera de rango',
  contacts: 'Contactos',
  name: 'Nombre',
  email: 'Correo electrónico',
  questionnaire: 'Cuestionario de incidencias y emergencias',
  page: 'Página {n} de {total}',
  generatedAt: 'Generado el {date}',
  empty: '—',
  yes: 'Sí',
  no: 'No',
  risks: { high: 'Alto', medium: 'Medio', low: 'Bajo', infrastructure: 'Infraestructura', IE: 'IE', P1: 'P1' } as Record<string, string>,
  auditRisks: { HIGH: 'Alto', MEDIUM: 'Medio', LOW: 'Bajo' } as Record<string, string>,
  statuses: { draft: 'Borrador', accepted: 'Aceptada', running: 'En curso', finished: 'Finalizada' } as Record<string, string>,
};

export type TPdfLabels = typeof es;

const en: TPdfLabels = {
  locale: 'en-GB',
  reportTitle: 'Audit report',
  client: 'Client',
  establishment: 'Establishment',
  service: 'Service',
  auditDate: 'Audit date',
  plannedDates: 'Planned dates',
  finishedDate: 'Closed on',
  auditor: 'Auditor',
  status: 'Status',
  score: 'Score',
  percentage: 'Percentage',
  goal: 'Goal',
  goalReached: 'Goal reached',
  goalMissed: 'Below the goal',
  points: 'points',
  deduction: 'Deduction applied',
  deductions: 'Deductions',
  deductionRule: 'Only the largest deduction applies: -{value} % ({name}); the others are listed without being subtracted.',
  notApplied: 'not applied',
  summary: 'Summary',
  generalData: 'Audit details',
  auditRisk: 'Audit risk',
  incidents: 'Incidents',
  totalIncidents: 'Total incidents',
  resolvedInPlace: 'Solved on site',
  solvedInPlace: 'Solved on site',
  sectionsOverview: 'Result by section',
  section: 'Section',
  noQuestions: 'No questions for this section',
  noAnswer: 'Not answered',
  note: 'Note',
  photos: 'Photos',
  tasks: 'Corrective actions',
  risk: 'Risk',
  place: 'Place',
  outOfRange: 'out of range',
  contacts: 'Contacts',
  name: 'Name',
  email: 'E-mail',
  questionnaire: 'Incident and emergency questionnaire',
  page: 'Page {n} of {total}',
  generatedAt: 'Generated on {date}',
  empty: '—',
  yes: 'Yes',
  no: 'No',
  risks: { high: 'High', medium: 'Medium', low: 'Low', infrastructure: 'Infrastructure', IE: 'IE', P1: 'P1' },
  auditRisks: { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' },
  statuses: { draft: 'Draft', accepted: 'Accepted', running: 'In progress', finished: 'Finished' },
};

export const pdfLabels = (language: string | null | undefined): TPdfLabels => (language === 'en' ? en : es);

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** Units of reading-registry measures as printed after a value. */
export const UNITS: Record<string, string> = {
  celsius: '°C',
  fahrenheit: '°F',
  others: '',
  chlorine: 'mg/l',
  co2: 'ppm',
  atp: 'RLU',
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  m2: 'm²',
  m3: 'm³',
  ph: 'pH',
  ppm: 'ppm',
};

/** One formatter per locale and precision: making an Intl.NumberFormat per number was a third of a large report's time (decision 0093). */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(labels: TPdfLabels, value: number, maxDecimals = 2): string {
  const key = `${labels.locale}|${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(labels.locale, { maximumFractionDigits: maxDecimals })));
  return format.format(value);
}

/** Percent scores with one decimal, as on screen (spec: percent scores shown with 1 decimal). */
export const formatPercent = (labels: TPdfLabels, value: number | null | undefined) => percentIn(value, labels.locale, labels.empty);
