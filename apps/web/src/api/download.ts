import { getAccessToken } from '../session/storage';
import { parseErrorResponse } from './errors';

/** Downloads a file under a name; the bearer token rides along (a signed URL ignores it). */
export async function downloadFile(url: string, name: string) {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await parseErrorResponse(response);
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
