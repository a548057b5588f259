// A local stand-in for Meta's Graph API, as much of it as the shop speaks (PRODUCT section 9): the Conversions API's
// POST /{version}/{pixel id}/events { data, access_token } → { events_received, messages, fbtrace_id }, refusing what
// Meta refuses (a wrong token: OAuthException 190; an event without its required fields or with unhashed customer
// data: 100), and, for the storefront's tests, the pixel's script (/en_US/fbevents.js) and its beacon (/tr), so a
// browser test sees whether the page asked for them. Tests cannot reach Meta, so the API tests import
// startMetaTestServer() and the browser tests start this file as a process:
//   node scripts/meta-test-server.mjs --port 4291
// Node built-ins only, so it runs before (and without) any install.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** The token the stand-in accepts when neither the caller nor the environment gives one. */
export const META_TEST_TOKEN = 'meta_capi_test_local';

const REQUIRED = ['event_name', 'event_time', 'action_source'];
const HASHED = /^[0-9a-f]{64}$/;
const trace = () => randomBytes(8).toString('base64url');

/**
 * The pixel's script as the stand-in serves it: Meta's `fbq` queue, whose calls are sent as beacons to /tr with the
 * event's name and id, as the real script does.
 */
function pixelScript(origin) {
  return `(function(){var q=window.fbq&&window.fbq.queue||[];var ids=[];
function send(name,data,opts){var p=new URLSearchParams({id:ids[0]||'',ev:name,eid:(opts&&opts.eventID)||'',cd:JSON.stringify(data||{})});
(new Image()).src=${JSON.stringify(origin)}+'/tr?'+p.toString();}
function fbq(){var a=[].slice.call(arguments);if(a[0]==='init'){ids.push(a[1]);}else if(a[0]==='track'){send(a[1],a[2],a[3]);}}
window.fbq=fbq;fbq.loaded=true;fbq.version='2.0';for(var i=0;i<q.length;i++)fbq.apply(null,q[i]);})();`;
}

/** Why Meta would refuse this event, or null. */
function problemOf(event) {
  if (!event || typeof event !== 'object') return 'The event must be an object';
  for (const field of REQUIRED) if (event[field] === undefined) return `The parameter ${field} is required`;
  const user = event.user_data;
  if (!user || typeof user !== 'object') return 'The parameter user_data is required';
  for (const key of ['em', 'ph']) {
    for (const value of [user[key] ?? []].flat()) if (!HASHED.test(String(value))) return `user_data.${key} must be hashed with SHA-256`;
  }
  if (event.event_name === 'Purchase' && (typeof event.custom_data?.value !== 'number' || !event.custom_data?.currency)) {
    return 'A Purchase needs custom_data.value and custom_data.currency';
  }
  return null;
}

/**
 * Starts the stand-in. `failNext(n, status)` answers the next n event calls with that status (Meta's outage, 500 by
 * default); `received` holds every accepted event with its pixel id; `beacons` each pixel beacon; `scripts` counts the
 * pixel script's downloads.
 * @param {{ token?: string, port?: number, host?: string }} [options]
 */
export async function startMetaTestServer(options = {}) {
  const token = options.token ?? process.env.META_CAPI_TOKEN ?? META_TEST_TOKEN;
  /** @type {{ pixelId: string, event: Record<string, any> }[]} */
  const received = [];
  /** @type {Record<string, string>[]} */
  const beacons = [];
  let scripts = 0;
  let failing = 0;
  let failStatus = 500;
  let calls = 0;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const answer = (status, body, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.method === 'GET' && /^\/[\w-]+\/fbevents\.js$/.test(url.pathname)) {
      scripts++;
      return answer(200, pixelScript(`http://${request.headers.host}`), 'application/javascript');
    }
    if (request.method === 'GET' && url.pathname === '/tr') {
      beacons.push(Object.fromEntries(url.searchParams));
      // a 1×1 GIF, as Meta answers its beacon
      response.writeHead(200, { 'content-type': 'image/gif' });
      return response.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    }
    const events = /^\/v\d+\.\d+\/(\d+)\/events$/.exec(url.pathname);
    if (request.method !== 'POST' || !events) return answer(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500, fbtrace_id: trace() } });
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      calls++;
      if (failing > 0) {
        failing--;
        return answer(failStatus, { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id: trace() } });
      }
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100, fbtrace_id: trace() } });
      }
      const given = body.access_token ?? url.searchParams.get('access_token');
      if (given !== token) return answer(400, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: trace() } });
      if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000) {
        return answer(400, { error: { message: 'The parameter data is required (1 to 1000 events)', type: 'OAuthException', code: 100, fbtrace_id: trace() } });
      }
      for (const event of body.data) {
        const problem = problemOf(event);
        if (problem) return answer(400, { error: { message: `Invalid parameter: ${problem}`, type: 'OAuthException', code: 100, fbtrace_id: trace() } });
      }
      for (const event of body.data) received.push({ pixelId: events[1], event });
      return answer(200, { events_received: body.data.length, messages: [], fbtrace_id: trace() });
    });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    token,
    received,
    beacons,
    get scripts() {
      return scripts;
    },
    get calls() {
      return calls;
    },
    failNext(count, status = 500) {
      failing = count;
      failStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portAt = process.argv.indexOf('--port');
  const port = portAt > 0 ? Number(process.argv[portAt + 1]) : 4291;
  const stand = await startMetaTestServer({ port });
  console.log(`Meta Graph API stand-in on ${stand.url}`);
}
