import PDFDocument from 'pdfkit';
import { registerFonts } from './fonts.js';

/**
 * A new PDF with the product's fonts registered, and its bytes once `doc.end()` is called: the start
 * every renderer shares (the audit report, register logs).
 */
export function openPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  return { doc, bytes };
}
