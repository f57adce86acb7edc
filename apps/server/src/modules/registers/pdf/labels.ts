/** The log PDF's and Excel's words, in the language asked for (Spanish by default). */
const es = {
  register: 'Registro',
  client: 'Cliente',
  period: 'Periodo',
  frequency: 'Frecuencia',
  annual: 'Informe anual',
  facility: 'Instalación',
  establishment: 'Establecimiento',
  date: 'Fecha',
  take: 'Toma',
  takeN: (n: number) => `Toma ${n}`,
  limits: 'Límites',
  unit: 'Unidad',
  outOfRange: 'Fuera de rango',
  late: 'Registrado tarde',
  repeated: 'Valor repetido',
  repeatedOver: (n: number) => `Valor repetido (${n} tomas seguidas)`,
  completed: 'Completado a mano',
  enteredBy: 'Registrado por',
  enteredAt: 'Registrado el',
  reason: 'Motivo',
  notes: 'Anotaciones',
  page: (n: number, total: number) => `Página ${n} de ${total}`,
  generated: 'Generado el',
  noFacilities: 'El registro no tiene instalaciones.',
  frequencies: {
    daily: 'diaria',
    weekly: 'semanal',
    monthly: 'mensual',
    bimonthly: 'bimestral',
    quarterly: 'trimestral',
    semester: 'semestral',
    yearly: 'anual',
  },
  yes: 'Sí',
};
export type TLogLabels = typeof es;
const en: TLogLabels = {
  register: 'Register',
  client: 'Client',
  period: 'Period',
  frequency: 'Frequency',
  annual: 'Annual report',
  facility: 'Facility',
  establishment: 'Establishment',
  date: 'Date',
  take: 'Take',
  takeN: (n: number) => `Take ${n}`,
  limits: 'Limits',
  unit: 'Unit',
  outOfRange: 'Out of range',
  late: 'Entered late',
  repeated: 'Repeated value',
  repeatedOver: (n: number) => `Repeated value (${n} takes in a row)`,
  completed: 'Completed by hand',
  enteredBy: 'Entered by',
  enteredAt: 'Entered at',
  reason: 'Reason',
  notes: 'Notes',
  page: (n: number, total: number) => `Page ${n} of ${total}`,
  generated: 'Generated on',
  noFacilities: 'The register has no facilities.',
  frequencies: {
    daily: 'daily',
    weekly: 'weekly',
    monthly: 'monthly',
    bimonthly: 'bimonthly',
    quarterly: 'quarterly',
    semester: 'half-yearly',
    yearly: 'yearly',
  },
  yes: 'Yes',
};

export const logLabels = (language: string): TLogLabels => (language === 'en' ? en : es);

const UNITS: Record<string, string> = {
  celsius: '°C',
  fahrenheit: '°F',
  chlorine: 'mg/l Cl',
  co2: 'CO₂',
  atp: 'RLU',
  ph: 'pH',
  ppm: 'ppm',
  m2: 'm²',
  m3: 'm³',
  others: '',
};
export const unitText = (unit: string | null) => (unit ? (UNITS[unit] ?? unit) : '');

/** A param's limits as read on paper: "0 – 5 °C", "> 0,2", "< 8", "= 7". */
export function limitsText(p: { operation: string | null; min: number | null; max: number | null; unit: string | null }, language: string) {
  const n = (v: number | null) => (v === null ? '' : v.toLocaleString(language === 'en' ? 'en-GB' : 'es-ES'));
  const u = unitText(p.unit);
  const text =
    p.operation === 'between'
      ? `${n(p.min)} – ${n(p.max)}`
      : p.operation === 'greaterThan'
        ? `> ${n(p.min)}`
        : p.operation === 'lessThan'
          ? `< ${n(p.max)}`
          : p.operation === 'equal'
            ? `= ${n(p.min)}`
            : '';
  return text ? `${text}${u ? ` ${u}` : ''}` : u;
}

/** A stored value as written in a cell (numbers with the language's decimal mark). */
export function valueText(value: string | number | null, language: string) {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return value.toLocaleString(language === 'en' ? 'en-GB' : 'es-ES', { maximumFractionDigits: 2 });
  return value;
}
