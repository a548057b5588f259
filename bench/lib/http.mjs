// A small keep-alive JSON client on node:http: cheaper per request than fetch, so the client's own cost
// stays small beside the server's on a 2-core machine.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(baseUrl, method, path, { token, body, headers = {} } = {}) {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        let firstByteMs;
        res.on('data', (chunk) => {
          firstByteMs ??= performance.now() - started;
          chunks.push(chunk);
        });
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let json;
          try {
            json = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, raw, body: json, ms: performance.now() - started, firstByteMs: firstByteMs ?? performance.now() - started });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.end(payload);
  });
}

export async function expectStatus(promise, status, what) {
  const response = await promise;
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.raw.toString('utf8').slice(0, 300)}`);
  }
  return response;
}

/** Runs `task` over items with at most `limit` at once. */
export async function inParallel(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Registers and logs in `count` fresh customers; returns their ids and tokens. */
export async function mintCustomers(baseUrl, count, prefix) {
  return inParallel(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const email = `${prefix}-${i}@bench.test`;
    const password = 'Bench12345!';
    await expectStatus(request(baseUrl, 'POST', '/api/auth/register', { body: { username: `${prefix}-${i}`, email, password } }), 201, 'register');
    const login = await expectStatus(request(baseUrl, 'POST', '/api/auth/login', { body: { email, password } }), 200, 'login');
    return { id: login.body._id ?? login.body.id, token: login.body.token, email };
  });
}

export async function login(baseUrl, email, password) {
  const answer = await expectStatus(request(baseUrl, 'POST', '/api/auth/login', { body: { email, password } }), 200, `login ${email}`);
  return answer.body.token;
}
