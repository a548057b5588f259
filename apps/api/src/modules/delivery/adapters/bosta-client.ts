// Bosta (PRODUCT section 9, decision 064): Egypt's courier most small brands ship with. This file speaks Bosta's
// documented API v2 (https://app.bosta.co/docs; its staging at https://stg-app.bosta.co): deliveries made and read,
// their airway bills, pickups, with the business's API key in the Authorization header. bosta.ts turns what it says
// into the shop's words.
import type { BostaSettings } from '../../../config.ts';
import { CourierUnavailable } from '../port.ts';

/** Bosta's delivery type for sending a parcel to a customer (cash on delivery or not). */
export const SEND = 10;

/** A delivery as Bosta's answers carry it (the fields the shop reads). */
export interface BostaDelivery {
  _id: string;
  trackingNumber: string | number;
  state?: { code?: number; value?: string } | number;
  cod?: number;
  uniqueBusinessReference?: string;
  businessReference?: string;
  attemptsCount?: number;
  numberOfAttempts?: number;
  exceptionReason?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

/** What POST /api/v2/deliveries takes (the fields the shop sends). */
export interface BostaDeliveryBody {
  type: typeof SEND;
  specs: { packageType: string; packageDetails: { itemsCount: number; description: string } };
  notes: string;
  cod: number;
  allowToOpenPackage: boolean;
  dropOffAddress: { city: string; firstLine: string; secondLine?: string };
  receiver: { firstName: string; lastName: string; phone: string; email?: string };
  businessReference: string;
  uniqueBusinessReference: string;
  webhookUrl: string;
  webhookCustomHeaders: Record<string, string>;
}

export interface BostaPickupBody {
  businessLocationId: string;
  scheduledDate: string;
  scheduledTimeSlot: string;
  numberOfParcels: number;
  notes?: string;
}

/** A call Bosta refused (`status` 4xx: its `message` says why) or did not answer (`status` null, or 5xx). */
export class BostaError extends CourierUnavailable {
  constructor(
    message: string,
    readonly status: number | null,
    readonly bostaMessage: string,
    readonly errorCode: number | null,
  ) {
    super(message);
  }

  /** Bosta answered and refused what was asked (not its own failure, nor the key's). */
  get refused(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && this.status !== 401 && this.status !== 403 && this.status !== 429;
  }
}

export interface BostaClient {
  createDelivery(body: BostaDeliveryBody): Promise<BostaDelivery>;
  /** null: Bosta knows no delivery by that number */
  delivery(trackingNumber: string): Promise<BostaDelivery | null>;
  /** the airway bills of these deliveries (Bosta's ids), one PDF */
  airwayBills(ids: readonly string[]): Promise<Buffer>;
  createPickup(body: BostaPickupBody): Promise<{ _id: string }>;
}

const TIMEOUT_MS = 15_000;

export function bostaClient(settings: Pick<BostaSettings, 'apiKey' | 'baseUrl'>, timeoutMs = TIMEOUT_MS): BostaClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, allowNotFound = false): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { Authorization: settings.apiKey, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // never the key: only where and why
      throw new BostaError(`Bosta did not answer ${method} ${path}: ${(error as Error).name}`, null, '', null);
    }
    if (allowNotFound && response.status === 404) return null;
    const text = await response.text();
    let answer: { success?: boolean; message?: string; errorCode?: number; data?: unknown } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // a proxy's page, not Bosta's JSON: said by the status alone
    }
    if (!response.ok || answer.success === false) {
      const said = typeof answer.message === 'string' ? answer.message : '';
      throw new BostaError(`Bosta answered ${response.status} to ${method} ${path}: ${said || text.slice(0, 200)}`, response.status, said, typeof answer.errorCode === 'number' ? answer.errorCode : null);
    }
    return (answer.data ?? null) as T | null;
  }

  const pdf = (data: unknown, path: string): Buffer => {
    if (typeof data !== 'string' || data === '') throw new BostaError(`Bosta answered ${path} without its PDF`, 200, '', null);
    return Buffer.from(data, 'base64');
  };

  return {
    async createDelivery(body) {
      const delivery = await call<BostaDelivery>('POST', '/api/v2/deliveries', body);
      if (!delivery?._id || !delivery.trackingNumber) throw new BostaError('Bosta answered a new delivery without its id or tracking number', 200, '', null);
      return delivery;
    },
    async delivery(trackingNumber) {
      return call<BostaDelivery>('GET', `/api/v2/deliveries/${encodeURIComponent(trackingNumber)}`, undefined, true);
    },
    async airwayBills(ids) {
      if (ids.length === 1) return pdf(await call<string>('GET', `/api/v2/deliveries/awb/${encodeURIComponent(ids[0]!)}`), 'awb');
      return pdf(await call<string>('GET', `/api/v2/deliveries/mass-awb?${new URLSearchParams({ ids: ids.join(',') }).toString()}`), 'mass-awb');
    },
    async createPickup(body) {
      const pickup = await call<{ _id: string }>('POST', '/api/v2/pickups', body);
      if (!pickup?._id) throw new BostaError('Bosta answered a pickup without its id', 200, '', null);
      return pickup;
    },
  };
}
