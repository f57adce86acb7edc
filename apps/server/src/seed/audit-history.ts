import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TConfig } from '../config.js';
import type { TDb } from '../platform/db.js';
import { fileStoreOf } from '../platform/storage.js';
import { insertFile } from '../modules/files/repo.js';
import { auditIssues, auditMedia, audits } from '../modules/audits/tables.js';

/**
 * Half a year of finished hygiene audits of Hotel Mar Azul before the latest one (decision 0091), so
 * every statistics chart has something true to show: several months, two establishments to compare
 * with different scores, incidences of every risk, and findings that came back in the next audit of
 * the same establishment (decision 0081's rule): the daily temperature record at Valencia (failed at
 * −120, −75 and −30 days: came back twice) and uncovered hair at Alicante (−150, −100, −50: twice).
 * Days count from today, so the demo stays current. None falls in the last 30 days but the latest.
 */
export interface TDemoVisit {
  at: 'valencia' | 'alicante';
  day: number;
  /** The beginnings of the questions answered "No conforme"; their first incidence is raised. */
  fails: string[];
  summary?: string;
  /** A photo of the first failed question's incidence (the statistics' drill-down ends on it). */
  photo?: boolean;
}

export const REPEATED_FINDING = '¿Se registran a diario';
export const LATEST_SUMMARY = 'Cocina en buen estado general; falta completar el registro diario de temperaturas.';

export const AUDIT_HISTORY: TDemoVisit[] = [
  { at: 'valencia', day: -170, fails: ['¿Los contenedores de residuos', '¿Las cámaras tienen termómetro'] },
  { at: 'alicante', day: -150, fails: ['¿Los productos de limpieza', '¿El personal lleva el pelo', '¿Los suelos, paredes'] },
  { at: 'valencia', day: -120, fails: [REPEATED_FINDING, '¿Los suelos, paredes'] },
  { at: 'alicante', day: -100, fails: ['¿El personal lleva el pelo', '¿Los alimentos elaborados llevan etiqueta'] },
  { at: 'valencia', day: -75, fails: [REPEATED_FINDING, '¿Las cámaras tienen termómetro'] },
  { at: 'alicante', day: -50, fails: ['¿El personal lleva el pelo'] },
];

/** A drawn photo of the temperature record left blank, kept as the evidence of the question's issue. */
export async function addDemoEvidence(tx: TDb, config: TConfig, auditId: string, questionId: string) {
  const [issue] = await tx.select().from(auditIssues).where(eq(auditIssues.questionId, questionId));
  const [audit] = await tx.select().from(audits).where(eq(audits.id, auditId));
  if (!issue || !audit) return;
  const rows = Array.from({ length: 7 }, (_, i) => {
    const y = 90 + i * 28;
    const filled = i < 3;
    return `<line x1="40" y1="${y}" x2="600" y2="${y}" stroke="#999" stroke-width="2"/>${filled ? `<text x="60" y="${y - 6}" font-size="20" fill="#1d39c4">3 ºC</text>` : ''}`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><rect width="640" height="320" fill="#fdfbf2"/><text x="40" y="50" font-size="26" font-family="sans-serif" fill="#333">Registro de temperaturas</text>${rows}</svg>`;
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const id = randomUUID();
  const key = `image/${new Date().toISOString().slice(0, 7)}/${id}`;
  await fileStoreOf(config).put(key, bytes, 'image/jpeg');
  await insertFile(tx, {
    id,
    spaceId: audit.spaceId,
    secureSpacePath: audit.secureSpacePath,
    ownerId: audit.auditorId,
    kind: 'image',
    contentType: 'image/jpeg',
    sizeBytes: bytes.length,
    width: 640,
    height: 320,
    originalName: 'registro-temperaturas.jpg',
    storageKey: key,
  });
  await tx.insert(auditMedia).values({
    auditId,
    spaceId: audit.spaceId,
    secureSpacePath: audit.secureSpacePath,
    questionId,
    issueId: issue.id,
    kind: 'evidence',
    fileId: id,
    observation: 'Hoja de registro sin anotar desde el día 4',
  });
}
