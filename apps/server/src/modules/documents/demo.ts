import { Readable } from 'node:stream';
import { addDays, todayInZone } from '@audit/domain/dates';
import type { TDb } from '../../platform/db.js';
import { DOCUMENTS_TIME_ZONE } from './present.js';
import * as repo from './repo.js';

/**
 * Demo documents (the seed, decision 0088): Hotel Mar Azul's folders "Plan APPCC" and "Certificados"
 * and its Valencia establishment's "Control de plagas", with a certificate that expires within 30
 * days (amber), one expired (red) and a plan in force (green). The seed has no file store: a demo
 * version's key is under `document/demo/`, and its bytes are a one-page PDF made here (demoBytes).
 */
export const DEMO_KEY_PREFIX = 'document/demo/';

/** A one-page PDF saying the document's name (what a demo version's preview shows). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, ' ').replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The bytes of a demo version's key, or null for any other key. */
export function demoBytes(key: string, fileName: string) {
  if (!key.startsWith(DEMO_KEY_PREFIX)) return null;
  const bytes = demoPdf(fileName);
  return { stream: Readable.from([bytes]), size: bytes.length };
}

type TPlace = { id: string; path: string };

export async function seedDemoDocuments(tx: TDb, p: { client: TPlace; establishment: TPlace; ownerId: string; now?: Date }) {
  const today = todayInZone(DOCUMENTS_TIME_ZONE, p.now);
  const folder = async (place: TPlace, name: string) =>
    (await repo.insertFolder(tx, { spaceId: place.id, secureSpacePath: place.path, name, createdBy: p.ownerId }))!;
  const plan = await folder(p.client, 'Plan APPCC');
  const certificates = await folder(p.client, 'Certificados');
  const pests = await folder(p.establishment, 'Control de plagas');
  const docs = [
    { folder: plan, place: p.client, name: 'Plan APPCC 2026.pdf', effective: addDays(today, -60), expiry: addDays(today, 300) },
    {
      folder: certificates,
      place: p.client,
      name: 'Certificado de formación de manipuladores.pdf',
      effective: addDays(today, -340),
      expiry: addDays(today, 20),
    },
    { folder: certificates, place: p.client, name: 'Certificado de desinfección (DDD).pdf', effective: addDays(today, -375), expiry: addDays(today, -10) },
    { folder: pests, place: p.establishment, name: 'Informe de control de plagas.pdf', effective: addDays(today, -15), expiry: null },
  ];
  for (const [i, d] of docs.entries()) {
    const row = await repo.insertDocument(tx, {
      spaceId: d.place.id,
      secureSpacePath: d.place.path,
      folderId: d.folder.id,
      name: d.name,
      version: 1,
      effectiveDate: d.effective,
      expiryDate: d.expiry,
      ownerId: p.ownerId,
    });
    await repo.insertVersion(tx, {
      spaceId: d.place.id,
      secureSpacePath: d.place.path,
      documentId: row.id,
      number: 1,
      fileName: d.name,
      contentType: 'application/pdf',
      sizeBytes: demoPdf(d.name).length,
      storageKey: `${DEMO_KEY_PREFIX}${i + 1}`,
      effectiveDate: d.effective,
      expiryDate: d.expiry,
      uploadedBy: p.ownerId,
    });
  }
}
