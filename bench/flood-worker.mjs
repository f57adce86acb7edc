// The flood of issue 17, run in a process of its own (forked by ways.ts) so that neither the
// attacker nor the timing of the other user shares the server's event loop. Plain JS: no loader.
// An idle baseline first; then, for `floodMs`, one address (X-Forwarded-For, the server trusts
// loopback as a proxy) sends `perSecond` wrong passwords and as many recovery requests a second,
// paced by timers; all along, another signed-in user reads (users/me, notifications/search) one
// request after the other. Each of the other user's requests is reported with its start time.
import http from 'node:http';

process.once('message', async ({ base, token, victim, baselineMs, floodMs, perSecond }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(base);
  const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const send = (method, path, body, headers = {}) =>
    new Promise((resolve) => {
      const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const h = { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}) };
      const req = http.request({ agent, hostname, port, path, method, headers: h }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', () => resolve(0));
      req.end(data);
    });

  const samples = [];
  let stop = false;
  const t0 = performance.now();
  const reader = (async () => {
    const auth = { authorization: `Bearer ${token}` };
    for (let n = 0; !stop; n++) {
      const start = performance.now();
      const status =
        n % 2
          ? await send('GET', '/ms-core/api/users/me', undefined, auth)
          : await send('POST', '/ms-core/api/notifications/search', { size: 10, page: 0 }, auth);
      samples.push({ at: start - t0, ms: performance.now() - start, status });
    }
  })();

  await sleep(baselineMs);
  const floodStart = performance.now() - t0;
  const attacker = { 'x-forwarded-for': '203.0.113.7' };
  const statuses = { signin: {}, recover: {} };
  const count = (kind, s) => (statuses[kind][s] = (statuses[kind][s] ?? 0) + 1);
  const pending = [];
  const total = Math.round((perSecond * floodMs) / 1000);
  for (let i = 0; i < total; i++) {
    await sleep(t0 + floodStart + (i * 1000) / perSecond - performance.now());
    pending.push(send('POST', '/auth/api/signin', { username: victim, password: `wrong-${i}` }, attacker).then((s) => count('signin', s)));
    pending.push(
      send('POST', '/auth/api/recover', { identifier: `x${i}@example.com`, captcha: { salt: 'forged', number: i, signature: 'forged' } }, attacker).then((s) =>
        count('recover', s),
      ),
    );
  }
  await Promise.all(pending);
  const floodEnd = performance.now() - t0;
  stop = true;
  await reader;
  process.send({ samples, floodStart, floodEnd, statuses });
  agent.destroy();
});
