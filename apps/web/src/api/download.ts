import { requestResponse } from './client';

/**
 * Downloads a file (a PDF, an Excel export) under a name, through the API client: the same
 * client-date and language headers as every call, and an expired access token refreshed once and
 * the download retried (the first download two hours after sign-in used to fail). A signed URL
 * ignores the bearer token it carries.
 */
export async function downloadFile(url: string, name: string, post?: { body: unknown }) {
  // A POST download (an export of a filtered list) sends the list's filters as its JSON body.
  const response = await requestResponse(url, { ...(post ? { method: 'POST' as const, body: post.body } : {}), headers: { accept: '*/*' } });
  saveBlob(await response.blob(), name);
}

/** A file's bytes, already fetched, handed to the browser as a download under `name` (a blob: link). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
