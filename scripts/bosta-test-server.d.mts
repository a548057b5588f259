// Types for scripts/bosta-test-server.mjs (a plain ES module), so the TypeScript tests can import it.

export type BostaEndpoint = 'create' | 'get' | 'awb' | 'pickup';
/** `none`: answered as usual (a place in the line, so a failure comes later) */
export type FailureMode = 'error' | 'timeout' | 'lost' | 'none';

export interface BostaTestServerOptions {
  apiKey?: string;
  pickupLocationId?: string;
  /** Cairo's hour after which a pickup for that same day is refused (15 unless told) */
  cutoffHour?: number;
  /** dates (YYYY-MM-DD) Bosta does not pick up on */
  holidays?: string[];
  /** the stand-in's clock, for the cut-off */
  now?: () => Date;
  /** 0 (the default): any free port */
  port?: number;
  host?: string;
}

/** A delivery as the stand-in keeps it (GET /api/v2/deliveries/{trackingNumber} answers it without its custom headers). */
export interface BostaDelivery {
  _id: string;
  trackingNumber: string;
  type: { code: 10; value: 'SEND' };
  state: { code: number; value: string };
  cod: number;
  specs: { packageType: string; packageDetails?: { itemsCount: number; description: string } };
  notes: string;
  allowToOpenPackage: boolean;
  dropOffAddress: { city: string; firstLine: string; secondLine?: string };
  receiver: { firstName: string; lastName: string; phone: string; email?: string };
  businessReference: string | null;
  uniqueBusinessReference: string | null;
  webhookUrl: string | null;
  webhookCustomHeaders: Record<string, string>;
  attemptsCount: number;
  exceptionReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BostaWebhook {
  url: string;
  /** the shop's answer (0: not reached) */
  status: number;
  headers: Record<string, string>;
  body: {
    _id: string;
    trackingNumber: number;
    state: number;
    type: 'SEND';
    cod: number;
    timeStamp: number;
    isConfirmedDelivery: boolean;
    exceptionReason?: string;
    businessReference: string | null;
    uniqueBusinessReference: string | null;
    numberOfAttempts: number;
    [field: string]: unknown;
  };
}

export interface BostaPickup {
  _id: string;
  puid: string;
  businessLocationId: string;
  scheduledDate: string;
  scheduledTimeSlot: string;
  numberOfParcels: number;
  state: string;
}

export interface BostaTestServer {
  /** e.g. http://127.0.0.1:43123 */
  readonly url: string;
  /** by tracking number */
  readonly deliveries: Map<string, BostaDelivery>;
  readonly pickups: BostaPickup[];
  /** every request received, in order */
  readonly requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** every webhook posted, with the shop's answer */
  readonly sentWebhooks: BostaWebhook[];
  /** The delivery made for a uniqueBusinessReference. */
  deliveryOf(reference: string): BostaDelivery | undefined;
  /**
   * Moves a delivery to a state code and posts its webhook (resolving with it), unless `webhook` is false (lost: null).
   * `cod` with 45: what was collected; `exceptionReason` with 47.
   */
  advance(trackingNumber: string, code: number, options?: { cod?: number; exceptionReason?: string; webhook?: boolean; at?: Date }): Promise<BostaWebhook | null>;
  /** Posts a webhook again, as it was; resolves with the shop's status. */
  replay(sent: BostaWebhook): Promise<number>;
  /** The next `times` calls to the endpoint answer 500 ('error'), are done and never answered ('timeout'), or are done and answer 502 ('lost'). */
  failNext(endpoint: BostaEndpoint, times?: number, mode?: FailureMode): void;
  close(): Promise<void>;
}

export const BOSTA_TEST_DEFAULTS: Readonly<{ apiKey: string; pickupLocationId: string; cutoffHour: number }>;
export const BOSTA_CITIES: readonly string[];
export const BOSTA_STATES: Readonly<Record<number, string>>;
export function startBostaTestServer(options?: BostaTestServerOptions): Promise<BostaTestServer>;
