/**
 * GETs started by index.html's entry (app/earlyPage.ts) seconds before the app's code has arrived,
 * and handed to the client's first request of the same address and session (client.ts), which then
 * reads and checks the answer as it would its own (decision 0110). Taken once, within FRESH_MS; an
 * answer that is not a success is dropped and the client asks again (a 401 refreshes the session
 * as usual). No x-language header: it shapes only the server's error messages, never used here.
 *
 * It imports nothing and the app imports nothing of it but types: a module the entry shared with
 * the app would go to the app's `main` chunk (chunks.ts), and the entry would wait for that chunk
 * and its libraries (280 KB) before it could start anything; a dynamic import of it from the app
 * costs a file of its own (a round trip) before the first request. The client finds `takeEarly`
 * on the global `auditEarly` instead.
 */
const FRESH_MS = 30_000;
/** session/storage.ts's key of the access token (the test holds them equal). */
const ACCESS_TOKEN_KEY = 'accessToken';

export function storedToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

interface TEarly {
  token: string | null;
  at: number;
  answer: Promise<Response | null>;
}

const started = new Map<string, TEarly>();

/** Starts a GET of `url` now, with the stored session's token unless `anonymous` (none stored: nothing starts). */
export function startEarly(url: string, anonymous = false) {
  const token = anonymous ? null : storedToken();
  if (!anonymous && !token) return;
  const headers: Record<string, string> = { accept: 'application/json', 'client-date': new Date().toISOString() };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = fetch(url, { headers }).then(
    (response) => (response.ok ? response : null),
    () => null,
  );
  started.set(url, { token, at: Date.now(), answer });
}

/**
 * The answer started early for `url` with `token` (null: anonymous), once: undefined when there is
 * none (or it is stale, or another session's), a promise of null when it did not succeed.
 */
export function takeEarly(url: string, token: string | null): Promise<Response | null> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return early.token === token && Date.now() - early.at < FRESH_MS ? early.answer : undefined;
}

declare global {
  /** Set by index.html's entry (this module); read by api/client.ts. */
  var auditEarly: { take: typeof takeEarly } | undefined;
}
globalThis.auditEarly = { take: takeEarly };
