import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TApiResponse } from './harness.js';

/** A multipart/form-data body as a browser sends it: text fields and one file part named `file`. */
export function multipartBody(file: { buffer: Buffer; filename: string; contentType: string } | null, fields: Record<string, string> = {}, fileField = 'file') {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    parts.push(file.buffer, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a multipart body through app.inject and parses the JSON answer. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  file: Parameters<typeof multipartBody>[0],
  fields?: Record<string, string>,
): Promise<TApiResponse> {
  const body = multipartBody(file, fields);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let parsed: any = res.body;
  try {
    parsed = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: parsed, headers: res.headers as TApiResponse['headers'] };
}

/** A camera-like JPEG: large, with EXIF (camera, date and a GPS position). */
export async function cameraJpeg(width = 2400, height = 1600, color = '#3a7bd5'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9', DateTime: '2024:05:01 10:00:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
    })
    .toBuffer();
}
