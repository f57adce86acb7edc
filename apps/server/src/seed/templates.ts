import { randomUUID } from 'node:crypto';
import type { TDb } from '../platform/db.js';
import type { TSeedSpace } from './build.js';
import { templateBuilder, type TSeedIncident } from './template-builder.js';

/**
 * Demo audit templates (enabled, runnable): a complete food-hygiene template and a pool template for
 * the demo company, and one small template of the second tenant.
 */
export interface TTemplateRefs {
  services: Record<string, string>;
  areaTypes: Record<string, string>;
  categories: Record<string, string>;
}

const HYGIENE: Record<string, [string, TSeedIncident[]][]> = {
  Instalaciones: [
    [
      '¿Los suelos, paredes y techos están limpios y en buen estado?',
      [
        ['Suciedad en superficies', 'medium', 5, ['Limpiar y desinfectar las superficies']],
        ['Desperfectos en paredes o techos', 'infrastructure', 3, ['Reparar los desperfectos']],
      ],
    ],
    ['¿Los lavamanos de accionamiento no manual disponen de jabón y papel?', [['Lavamanos sin dotación', 'high', 10, ['Reponer jabón y papel secamanos']]]],
    [
      '¿La iluminación de las zonas de elaboración está protegida contra roturas?',
      [['Luminarias sin protección', 'medium', 5, ['Instalar protectores en las luminarias']]],
    ],
    ['¿Hay mosquiteras en ventanas y huecos que comunican con el exterior?', [['Falta de mosquiteras', 'medium', 5, ['Instalar mosquiteras']]]],
    ['¿Los contenedores de residuos tienen tapa de accionamiento no manual?', [['Contenedores sin tapa', 'low', 2, ['Sustituir los contenedores']]]],
    [
      '¿Se aplica el plan de control de plagas y está documentado?',
      [['Plan de plagas sin documentar', 'high', 10, ['Pedir el certificado a la empresa de control de plagas', 'Archivar los informes de tratamiento']]],
    ],
    [
      '¿Los productos de limpieza se guardan separados de los alimentos?',
      [['Productos químicos junto a alimentos', 'high', 15, ['Trasladar los productos a un armario exclusivo']]],
    ],
  ],
  'Manipulación de alimentos': [
    [
      '¿El personal manipulador usa ropa de trabajo limpia y exclusiva?',
      [['Vestimenta inadecuada', 'medium', 5, ['Recordar al personal las normas de vestimenta']]],
    ],
    ['¿El personal lleva el pelo recogido y cubierto?', [['Pelo sin cubrir', 'low', 2, ['Facilitar gorros desechables']]]],
    [
      '¿Se evita el contacto entre alimentos crudos y cocinados?',
      [['Contaminación cruzada', 'high', 15, ['Separar zonas y utensilios de crudo y cocinado', 'Formar al personal en contaminación cruzada']]],
    ],
    [
      '¿Los alimentos elaborados llevan etiqueta con fecha de elaboración y caducidad?',
      [['Alimentos sin etiquetar', 'medium', 5, ['Etiquetar todos los productos elaborados']]],
    ],
    ['¿Los alimentos se descongelan en refrigeración?', [['Descongelación a temperatura ambiente', 'high', 10, ['Descongelar siempre en cámara']]]],
    [
      '¿Se lavan y desinfectan las frutas y verduras que se sirven crudas?',
      [['Vegetales sin desinfectar', 'high', 10, ['Aplicar el protocolo de desinfección de vegetales']]],
    ],
    [
      '¿Los manipuladores tienen formación acreditada en higiene alimentaria?',
      [
        ['Formación sin acreditar', 'medium', 5, ['Programar el curso de manipulador de alimentos']],
        ['Registro de formación incompleto', 'low', 2, ['Archivar los certificados de formación']],
      ],
    ],
  ],
  'Control de temperaturas': [
    ['¿Las cámaras tienen termómetro visible y calibrado?', [['Termómetro ausente o sin calibrar', 'medium', 5, ['Instalar o calibrar los termómetros']]]],
    [
      '¿Se registran a diario las temperaturas de las cámaras?',
      [['Registro de temperaturas incompleto', 'medium', 5, ['Completar el registro diario de temperaturas']]],
    ],
    ['¿Los alimentos cocinados se enfrían rápidamente en abatidor?', [['Enfriamiento lento', 'high', 10, ['Usar el abatidor tras la cocción']]]],
    [
      '¿Los platos calientes se mantienen a 65 ºC o más?',
      [['Mantenimiento en caliente insuficiente', 'high', 10, ['Revisar el equipo de mantenimiento en caliente']]],
    ],
    ['¿Las cámaras están sin sobrecarga y dejan circular el aire?', [['Cámaras sobrecargadas', 'low', 2, ['Reorganizar el almacenamiento en cámara']]]],
    ['¿Los congelados se conservan sin signos de recongelación?', [['Signos de recongelación', 'high', 10, ['Retirar los productos afectados']]]],
  ],
};

const POOL: [string, TSeedIncident[]][] = [
  ['¿El agua es transparente y deja ver el fondo del vaso?', [['Agua turbia', 'high', 15, ['Revisar filtración y tratamiento del agua']]]],
  [
    '¿Se anotan los controles diarios del agua en el libro de registro?',
    [['Libro de registro incompleto', 'medium', 5, ['Completar el libro de registro diario']]],
  ],
  ['¿Los vestuarios y aseos están limpios y desinfectados?', [['Vestuarios sucios', 'medium', 5, ['Reforzar la limpieza de vestuarios']]]],
  ['¿Hay socorrista durante todo el horario de baño?', [['Sin socorrista', 'high', 20, ['Contratar o reorganizar el servicio de socorrismo']]]],
];

function cover(t: ReturnType<ReturnType<typeof templateBuilder>['template']>, withSummary: boolean) {
  const data = t.section('Datos de la auditoría', 'DATA');
  data.field('Fecha de la auditoría', 'audit_date', true);
  data.field('Auditor', 'auditor', true);
  data.field('Ubicación', 'location');
  if (withSummary) {
    data.field('Resumen', 'summary');
    data.field('Conclusiones', 'paragraph');
  }
  data.field('Objetivo', 'objective');
}

function contacts(t: ReturnType<ReturnType<typeof templateBuilder>['template']>) {
  const section = t.section('Contactos', 'CONTACTS');
  // The name-and-e-mail list a new Contacts field gets in the template editor (issue 13).
  section.field('Personas de contacto', 'contact_information', true);
}

export async function seedDemoTemplates(tx: TDb, root: TSeedSpace, refs: TTemplateRefs) {
  const b = templateBuilder(root);
  const hygiene = b.template({
    name: 'Auditoría de higiene alimentaria',
    description: 'Auditoría APPCC de cocinas: instalaciones, manipulación de alimentos y control de temperaturas.',
    categoryId: refs.categories['Higiene alimentaria'],
    serviceId: refs.services['Auditoría de higiene'],
    areaAccessId: refs.areaTypes.Cocina,
    enabled: true,
  });
  cover(hygiene, true);
  for (const [title, questions] of Object.entries(HYGIENE)) {
    const section = hygiene.section(title, 'QUESTION', title === 'Instalaciones');
    for (const [name, incidents] of questions) section.scored(name, incidents);
    if (title !== 'Control de temperaturas') continue;
    section.question(
      'Temperaturas de cámaras y congeladores',
      'readingRegistry',
      {
        readingRegistry: {
          options: [
            { key: 'refrigeracion', label: 'Refrigeración', measure: 'celsius', operation: 'between', minValue: 0, maxValue: 5 },
            { key: 'congelacion', label: 'Congelación', measure: 'celsius', operation: 'lessThan', minValue: null, maxValue: -18 },
          ],
          placesMeasure: ['Cámara 1', 'Cámara 2', 'Congelador'].map((place) => ({ _id: randomUUID(), place, label: null })),
        },
      },
      [['Temperatura fuera de rango', 'high', 10, ['Revisar el equipo de frío', 'Valorar el destino de los alimentos afectados']]],
    );
    section.question('Número de cámaras frigoríficas', 'number');
    section.question('Observaciones sobre el control de temperaturas', 'text', { text: { answerType: 'PARAGRAPH' } });
  }
  contacts(hygiene);
  hygiene.ieSection('Incidencias y emergencias', [
    ['¿Se ha producido alguna incidencia alimentaria desde la última visita?', 'SIMPLE'],
    ['Describa las medidas adoptadas ante la última emergencia', 'PARAGRAPH'],
  ]);

  const pools = b.template({
    name: 'Auditoría de piscinas',
    description: 'Auditoría higiénico-sanitaria de piscinas de uso colectivo.',
    categoryId: refs.categories.Piscinas,
    serviceId: refs.services['Auditoría de piscinas'],
    areaAccessId: refs.areaTypes.Piscina,
    enabled: true,
  });
  cover(pools, false);
  const vessels = pools.section('Vasos', 'QUESTION');
  vessels.question('Vasos declarados', 'pools_reported');
  vessels.question('Vasos auditados', 'pools_audited');
  vessels.question('Vasos no auditados', 'pools_not_audited');
  const water = pools.section('Calidad del agua', 'QUESTION', true);
  water.question(
    'Parámetros del agua',
    'readingRegistry',
    {
      readingRegistry: {
        options: [
          { key: 'cloro', label: 'Cloro libre residual', measure: 'ppm', operation: 'between', minValue: 0.5, maxValue: 2 },
          { key: 'ph', label: 'pH', measure: 'ph', operation: 'between', minValue: 7.2, maxValue: 7.8 },
        ],
        placesMeasure: ['Vaso principal', 'Vaso infantil'].map((place) => ({ _id: randomUUID(), place, label: null })),
      },
    },
    [['Parámetros fuera de rango', 'high', 15, ['Ajustar la dosificación de productos', 'Repetir la medición']]],
  );
  for (const [name, incidents] of POOL) water.scored(name, incidents);
  contacts(pools);
  await b.write(tx);
  return { hygiene: hygiene.id, pools: pools.id };
}

/** The second tenant's own small template, in English. */
export async function seedOtherTenantTemplates(tx: TDb, root: TSeedSpace, refs: { serviceId: string; areaAccessId: string }) {
  const b = templateBuilder(root);
  const t = b.template({ name: 'Pool inspection', description: 'Quick pool inspection.', language: 'en', ...refs, enabled: true });
  const checks = t.section('Checks', 'QUESTION');
  checks.scored('Is the water clear?', [['Cloudy water', 'high', 10, ['Check the filters']]]);
  checks.scored('Is there a lifeguard on duty?', [['No lifeguard', 'high', 20, ['Assign a lifeguard']]]);
  await b.write(tx);
}
