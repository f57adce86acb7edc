import type { TDb } from '../../platform/db.js';
import * as repo from './repo.js';
import { columnsOf, type TFaqInput } from './service.js';

/**
 * The demo's FAQs (the seed), written by the company's administrator at its root so every client
 * reads them: some for auditors, some for clients, some for all; one has no English translation
 * (the English view shows its Spanish text).
 */
const FAQS: TFaqInput[] = [
  {
    audience: 'ALL',
    question: { es: '¿Qué es una auditoría de higiene?', en: 'What is a hygiene audit?' },
    answer: {
      es: 'Es una **inspección** de las instalaciones y de las prácticas de manipulación de alimentos, con un cuestionario que puntúa cada apartado.\n\nAl terminar, el informe resume las *incidencias* encontradas.',
      en: 'It is an **inspection** of the premises and the food handling practices, with a questionnaire that scores each section.\n\nWhen it ends, the report sums up the *incidents* found.',
    },
  },
  {
    audience: 'CLIENT',
    question: { es: '¿Cómo respondo a una incidencia?', en: 'How do I answer an incident?' },
    answer: {
      es: 'Abre la incidencia desde **Incidencias** y añade una acción correctiva:\n\n- describe lo que se ha hecho,\n- adjunta una foto como evidencia,\n- márcala como completada.',
      en: 'Open the incident from **Incidents** and add a corrective action:\n\n- describe what was done,\n- attach a photo as evidence,\n- mark it as complete.',
    },
  },
  {
    audience: 'CLIENT',
    question: { es: '¿Dónde descargo el informe de una auditoría?', en: 'Where do I download an audit report?' },
    answer: {
      es: 'En **Auditorías**, abre la auditoría terminada y pulsa *Descargar PDF*.',
      en: 'In **Audits**, open the finished audit and press *Download PDF*.',
    },
  },
  {
    audience: 'AUDITOR',
    question: { es: '¿Puedo auditar sin conexión?', en: 'Can I audit offline?' },
    answer: {
      es: 'Sí. Las respuestas se guardan en el dispositivo y se envían al recuperar la conexión. Duplicar apartados necesita conexión.',
      en: 'Yes. The answers are kept on the device and sent when the connection returns. Duplicating sections needs a connection.',
    },
  },
  {
    audience: 'AUDITOR',
    question: { es: '¿Cómo registro la temperatura de una cámara?', en: null },
    answer: { es: 'En el apartado de lecturas, elige la cámara e introduce la temperatura con coma decimal (por ejemplo, 3,5).', en: null },
  },
];

export async function seedDemoFaqs(tx: TDb, root: { id: string; path: string }, createdBy: string) {
  for (const [i, faq] of FAQS.entries()) {
    await repo.insertFaq(tx, { ...columnsOf(faq), spaceId: root.id, secureSpacePath: root.path, position: i + 1, createdBy });
  }
}
