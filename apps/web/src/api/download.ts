import { getAccessToken } from '../session/storage';
import { parseErrorResponse } from './errors';

/** Downloads a file under a name; the bearer token rides along (a signed URL ignores it). */
export async function downloadFile(url: string, name: string, post?: { body: unknown }) {
  const token = getAccessToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // A POST download (an export of a filtered list) sends the list's filters as its JSON body.
  const response = post
    ? await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(post.body) })
    : await fetch(url, { headers });
  if (!response.ok) throw await parseErrorResponse(response);
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
