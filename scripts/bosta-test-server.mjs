// A local stand-in for Bosta (Egypt's courier), speaking the wire of its public API v2 (https://app.bosta.co/docs):
// deliveries made (type 10, a uniqueBusinessReference made once: asked again, it answers the delivery it made) and
// read by tracking number, their airway bills as a base64 PDF, pickups with Bosta's refusals (a Friday, a holiday, past
// the cut-off, one already booked that day), and the webhook Bosta posts to a delivery's webhookUrl with its
// webhookCustomHeaders at each state. Its answers are Bosta's envelope, `{ success, message, data }`, and its refusals
// `{ success: false, message, errorCode }`. Failure modes: a call answered 500, never answered, or done and its answer
// lost. Tests cannot reach Bosta, so the API tests import startBostaTestServer() and the browser tests start this file
// (and move a delivery with POST /__stand-in/deliveries/{trackingNumber}/state { code, cod?, webhook? }):
//   node scripts/bosta-test-server.mjs --port 4192
// Node built-ins only, so it runs before (and without) any install.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {'create' | 'get' | 'awb' | 'pickup'} BostaEndpoint
 * @typedef {'error' | 'timeout' | 'lost' | 'none'} FailureMode `none`: answered as usual (so a failure comes later in the line)
 * @typedef {Record<string, any>} Delivery
 */

export const BOSTA_TEST_DEFAULTS = Object.freeze({
  apiKey: 'bosta_api_key_test_local',
  pickupLocationId: 'bosta-location-test-local',
  /** Cairo's hour after which a pickup for that same day is refused */
  cutoffHour: 15,
});

/** Bosta's cities (GET /api/v2/cities), by the names a delivery's dropOffAddress.city takes. */
export const BOSTA_CITIES = Object.freeze([
  'Cairo', 'Giza', 'Alexandria', 'Sahel', 'Behira', 'Dakahlia', 'El Kalioubia', 'Gharbia', 'Kafr Alsheikh', 'Monufia',
  'Sharqia', 'Ismailia', 'Suez', 'Port Said', 'Damietta', 'Fayoum', 'Bani Suif', 'Assuit', 'Sohag', 'Menya', 'Qena',
  'Aswan', 'Luxor', 'Red Sea', 'North Sinai', 'South Sinai', 'New Valley', 'Matrouh',
]);

/** Bosta's words for its state codes. */
export const BOSTA_STATES = Object.freeze({
  10: 'Pickup requested', 11: 'Waiting for route', 20: 'Route Assigned', 21: 'Picked up', 22: 'Picking up from consignee',
  23: 'Picked up from consignee', 24: 'Received at warehouse', 25: 'Fulfilled', 30: 'In transit', 41: 'Out for delivery',
  45: 'Delivered', 46: 'Returned to business', 47: 'Exception', 48: 'Terminated', 49: 'Canceled', 60: 'Returned to stock',
  100: 'Lost', 101: 'Damaged',
});

const cairoDate = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(date);
const cairoHour = (date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', hourCycle: 'h23' }).format(date));
const weekday = (isoDate) => new Date(`${isoDate}T12:00:00Z`).getUTCDay();
const hex = (bytes) => randomBytes(bytes).toString('hex');

/** A one-page PDF listing the tracking numbers: what an airway bill answer decodes to. */
function airwayBillPdf(trackingNumbers) {
  const text = `Bosta AWB ${trackingNumbers.join(' ')}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 12 Tf 40 800 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Starts the server; resolves once it listens.
 * @param {{ apiKey?: string, pickupLocationId?: string, cutoffHour?: number, holidays?: string[], now?: () => Date, port?: number, host?: string }} [options]
 */
export async function startBostaTestServer(options = {}) {
  const apiKey = options.apiKey ?? BOSTA_TEST_DEFAULTS.apiKey;
  const pickupLocationId = options.pickupLocationId ?? BOSTA_TEST_DEFAULTS.pickupLocationId;
  const cutoffHour = options.cutoffHour ?? BOSTA_TEST_DEFAULTS.cutoffHour;

  /** @type {Map<string, Delivery>} tracking number → delivery */
  const deliveries = new Map();
  /** @type {Map<string, string>} uniqueBusinessReference → tracking number */
  const byReference = new Map();
  /** @type {{ _id: string, businessLocationId: string, scheduledDate: string, numberOfParcels: number }[]} */
  const pickups = [];
  /** @type {{ method: string, path: string, authorization: string | undefined, body: unknown }[]} */
  const requests = [];
  /** @type {{ url: string, status: number, headers: Record<string, string>, body: Record<string, unknown> }[]} */
  const sentWebhooks = [];
  /** @type {Map<BostaEndpoint, FailureMode[]>} */
  const failures = new Map();
  const sockets = new Set();
  // from a random start: a database kept between runs never sees a number twice
  let nextTracking = 1_000_000_000 + Math.floor(Math.random() * 8_000_000_000);

  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res, status, message, errorCode) => send(res, status, { success: false, message, errorCode });

  /** A delivery as GET /api/v2/deliveries/{trackingNumber} answers it. */
  const view = (delivery) => structuredClone({ ...delivery, webhookCustomHeaders: undefined });

  // ---- the calls ------------------------------------------------------------------------------------------------

  /** POST /api/v2/deliveries */
  const createDelivery = (body) => {
    const reference = typeof body.uniqueBusinessReference === 'string' ? body.uniqueBusinessReference : null;
    const made = reference ? byReference.get(reference) : undefined;
    if (made) return { status: 200, answer: { success: true, message: 'Delivery already exists', data: view(deliveries.get(made)) } };
    const fail = (message, errorCode) => ({ status: 400, answer: { success: false, message, errorCode } });
    if (body.type !== 10) return fail('type must be one of [10, 15, 20, 25, 30]', 1001);
    if (typeof body.cod !== 'number' || body.cod < 0 || body.cod > 30_000) return fail('cod must be a number between 0 and 30000', 1002);
    const receiver = body.receiver ?? {};
    if (!receiver.firstName || !/^(\+?20|0)?1[0125]\d{8}$/.test(String(receiver.phone ?? '').replace(/[\s-]/g, ''))) return fail('receiver.phone must be a valid Egyptian mobile number', 1003);
    const address = body.dropOffAddress ?? {};
    if (!BOSTA_CITIES.includes(address.city)) return fail(`dropOffAddress.city "${address.city}" is not a city Bosta delivers to`, 1004);
    if (typeof address.firstLine !== 'string' || address.firstLine.trim().length < 5) return fail('dropOffAddress.firstLine must be at least 5 characters', 1005);
    const trackingNumber = String(nextTracking++);
    const delivery = {
      _id: hex(12),
      trackingNumber,
      type: { code: 10, value: 'SEND' },
      state: { code: 10, value: BOSTA_STATES[10] },
      cod: body.cod,
      specs: body.specs,
      notes: body.notes,
      allowToOpenPackage: Boolean(body.allowToOpenPackage),
      dropOffAddress: address,
      receiver,
      businessReference: body.businessReference ?? null,
      uniqueBusinessReference: reference,
      webhookUrl: body.webhookUrl ?? null,
      webhookCustomHeaders: body.webhookCustomHeaders ?? {},
      attemptsCount: 0,
      exceptionReason: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    deliveries.set(trackingNumber, delivery);
    if (reference) byReference.set(reference, trackingNumber);
    return { status: 200, answer: { success: true, message: 'Delivery created successfully', data: { _id: delivery._id, trackingNumber, state: delivery.state, message: 'Delivery created successfully' } } };
  };

  /** POST /api/v2/pickups */
  const createPickup = (body) => {
    const fail = (message, errorCode) => ({ status: 400, answer: { success: false, message, errorCode } });
    if (body.businessLocationId !== pickupLocationId) return fail('Business location not found', 2001);
    const date = String(body.scheduledDate ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail('scheduledDate must be a date', 2002);
    if (!Number.isInteger(body.numberOfParcels) || body.numberOfParcels < 1) return fail('numberOfParcels must be at least 1', 2003);
    const now = (options.now ?? (() => new Date()))();
    const today = cairoDate(now);
    if (weekday(date) === 5) return fail('Pickups are not available on Friday', 2010);
    if ((options.holidays ?? []).includes(date)) return fail('Pickups are not available on a public holiday', 2011);
    if (date < today || (date === today && cairoHour(now) >= cutoffHour)) return fail('The cut-off time for pickups on this date has passed', 2012);
    if (pickups.some((pickup) => pickup.scheduledDate === date && pickup.businessLocationId === body.businessLocationId)) return fail('A pickup already exists on this date', 2013);
    const pickup = { _id: hex(12), puid: String(pickups.length + 5_000_001), businessLocationId: body.businessLocationId, scheduledDate: date, scheduledTimeSlot: body.scheduledTimeSlot ?? '10:00 to 13:00', numberOfParcels: body.numberOfParcels, state: 'Requested' };
    pickups.push(pickup);
    return { status: 200, answer: { success: true, message: 'Pickup created successfully', data: pickup } };
  };

  const airwayBills = (ids) => {
    const found = ids.map((id) => [...deliveries.values()].find((delivery) => delivery._id === id || delivery.trackingNumber === id));
    if (found.length === 0 || found.some((delivery) => !delivery)) return { status: 404, answer: { success: false, message: 'Delivery not found', errorCode: 1404 } };
    return { status: 200, answer: { success: true, message: 'AWB generated', data: airwayBillPdf(found.map((delivery) => delivery.trackingNumber)).toString('base64') } };
  };

  /** Which call a request is, and what it does. */
  const route = (method, url, body) => {
    const path = url.pathname;
    if (method === 'POST' && path === '/api/v2/deliveries') return { endpoint: 'create', run: () => createDelivery(body ?? {}) };
    if (method === 'POST' && path === '/api/v2/pickups') return { endpoint: 'pickup', run: () => createPickup(body ?? {}) };
    if (method === 'GET' && path === '/api/v2/deliveries/mass-awb') return { endpoint: 'awb', run: () => airwayBills((url.searchParams.get('ids') ?? '').split(',').filter(Boolean)) };
    const awb = method === 'GET' && /^\/api\/v2\/deliveries\/awb\/([^/]+)$/.exec(path);
    if (awb) return { endpoint: 'awb', run: () => airwayBills([decodeURIComponent(awb[1])]) };
    const get = method === 'GET' && /^\/api\/v2\/deliveries\/([^/]+)$/.exec(path);
    if (get) {
      return {
        endpoint: 'get',
        run: () => {
          const delivery = deliveries.get(decodeURIComponent(get[1]));
          return delivery ? { status: 200, answer: { success: true, data: view(delivery) } } : { status: 404, answer: { success: false, message: 'Delivery not found', errorCode: 1404 } };
        },
      };
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://bosta.local');
      let body = null;
      if (chunks.length > 0) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return refuse(res, 400, 'Invalid JSON body', 1000);
        }
      }
      // the stand-in's own control, for a browser test driving it from outside: move a delivery as Bosta's day would
      const control = req.method === 'POST' && /^\/__stand-in\/deliveries\/([^/]+)\/state$/.exec(url.pathname);
      if (control) {
        handle
          .advance(decodeURIComponent(control[1]), Number(body?.code), { cod: body?.cod, webhook: body?.webhook !== false })
          .then((sent) => send(res, 200, { success: true, data: sent }), (error) => refuse(res, 404, String(error.message), 1404));
        return;
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, authorization: req.headers.authorization, body });
      const call = route(req.method, url, body);
      if (!call) return refuse(res, 404, 'Not found', 1404);
      if (req.headers.authorization !== apiKey) return refuse(res, 401, 'Unauthorized: invalid API key', 1401);
      const failure = failures.get(call.endpoint)?.shift();
      if (failure === 'error') return refuse(res, 500, 'Internal server error', 1500);
      const done = call.run();
      if (failure === 'timeout') return; // done, never answered; close() cuts the socket
      if (failure === 'lost') return refuse(res, 502, 'Bad gateway', 1502);
      send(res, done.status, done.answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  // ---- what a test (or the person trying it) does -----------------------------------------------------------------

  /** Posts the webhook of a delivery's current state to its webhookUrl, with its custom headers. */
  const postWebhook = async (delivery, at) => {
    const body = {
      _id: delivery._id,
      trackingNumber: Number(delivery.trackingNumber),
      state: delivery.state.code,
      type: 'SEND',
      cod: delivery.cod,
      timeStamp: at.getTime(),
      isConfirmedDelivery: delivery.state.code === 45,
      deliveryPromiseDate: null,
      exceptionReason: delivery.exceptionReason ?? undefined,
      exceptionCode: delivery.state.code === 47 ? 1 : undefined,
      businessReference: delivery.businessReference,
      uniqueBusinessReference: delivery.uniqueBusinessReference,
      numberOfAttempts: delivery.attemptsCount,
    };
    const headers = { 'content-type': 'application/json', ...delivery.webhookCustomHeaders };
    let status = 0; // 0: the shop could not be reached
    try {
      const answer = await fetch(delivery.webhookUrl, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      // recorded as status 0
    }
    const sent = { url: delivery.webhookUrl, status, headers, body };
    sentWebhooks.push(sent);
    return sent;
  };

  const handle = {
    url: `http://${address.address}:${address.port}`,
    deliveries,
    pickups,
    requests,
    sentWebhooks,
    /** The delivery made for a uniqueBusinessReference, if any. */
    deliveryOf(reference) {
      const trackingNumber = byReference.get(reference);
      return trackingNumber ? deliveries.get(trackingNumber) : undefined;
    },
    /**
     * Moves a delivery to a state code, as Bosta's day would, and posts its webhook unless `webhook` is false (a
     * webhook lost). `cod` with 45: what was collected; `exceptionReason` with 47.
     */
    async advance(trackingNumber, code, { cod, exceptionReason, webhook = true, at = new Date() } = {}) {
      const delivery = deliveries.get(String(trackingNumber));
      if (!delivery) throw new Error(`no delivery ${trackingNumber}`);
      delivery.state = { code, value: BOSTA_STATES[code] ?? 'Unknown' };
      delivery.updatedAt = at.toISOString();
      if (code === 41 || code === 47) delivery.attemptsCount += code === 47 ? 1 : 0;
      if (code === 45 && cod !== undefined) delivery.cod = cod;
      delivery.exceptionReason = code === 47 ? (exceptionReason ?? 'Customer not answering') : null;
      return webhook && delivery.webhookUrl ? postWebhook(delivery, at) : null;
    },
    /** Posts a delivery's current state's webhook again (as Bosta retries one), with the same time. */
    async replay(sent) {
      const answer = await fetch(sent.url, { method: 'POST', headers: sent.headers, body: JSON.stringify(sent.body) });
      await answer.arrayBuffer();
      return answer.status;
    },
    /** The next `times` calls to the endpoint answer 500 ('error'), are done and never answered ('timeout'), or are done and answer 502 ('lost'). */
    failNext(endpoint, times = 1, mode = 'error') {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), ...Array(times).fill(mode)]);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
  return handle;
}

// ---- as a command: node scripts/bosta-test-server.mjs --port 4192 ------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const env = process.env;
  const handle = await startBostaTestServer({
    port: Number(arg('port') ?? 4192),
    host: arg('host') ?? '127.0.0.1',
    apiKey: env.BOSTA_API_KEY || undefined,
    pickupLocationId: env.BOSTA_PICKUP_LOCATION_ID || undefined,
  });
  console.log(`bosta test server on ${handle.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => handle.close().then(() => process.exit(0)));
}
