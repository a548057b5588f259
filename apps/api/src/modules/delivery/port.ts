// The courier port: what the shop asks of a courier, in the shop's words (decision 064). Each courier is an adapter
// behind it (adapters/<name>.ts: Bosta first; Aramex, Mylerz or J&T would be one more file), chosen by the configuration
// (plugins/app/courier.ts). The shipments code (shipments.ts, tracking.ts) knows only this file: it asks for a parcel
// to be made for an order, asks where a parcel is, hears a courier's webhook as a neutral ShipmentEvent, prints
// waybills and books pickups; it never reads a courier's fields, and the orders code hears of none of it but the moves
// it is asked for (lifecycle.ts's `moveTo`, by `courier`).
import type { Governorate } from '@shop/core/constants';
import type { PackageType, ShipmentState } from '@shop/core/contract/shipping';

/** A parcel to make for an order. */
export interface ShipmentRequest {
  /**
   * What the courier knows the parcel by, and refuses to make twice (Bosta's uniqueBusinessReference): the order's id,
   * so a request made again after a crash or a lost answer is answered with the parcel already made.
   */
  reference: string;
  /** the order's number, as people name it ("#1001"), printed on the waybill */
  orderNumber: number;
  receiver: { firstName: string; lastName: string; phone: string; email: string };
  address: { governorate: Governorate; city: string; street: string };
  /** what the courier collects at the door, piastres (0: paid) */
  codPiastres: number;
  packageType: PackageType;
  /** how many pieces, and what they are, for the courier's driver */
  itemsCount: number;
  description: string;
  notes: string;
  allowOpening: boolean;
  /** where the courier's webhook comes (the shop's /api/shipping/<name>/webhook) */
  webhookUrl: string;
}

/** A parcel the courier made (or had made already for that reference). */
export interface CourierParcel {
  trackingNumber: string;
  /** the courier's own id of it, when it has one besides the tracking number (a waybill is asked by it) */
  courierId: string | null;
}

/** A courier's word on a parcel, as the shop reads it. */
export interface ShipmentEvent {
  trackingNumber: string;
  /** the shop's reference it was made with, when the courier gives it back */
  reference: string | null;
  state: Exclude<ShipmentState, 'pending'>;
  /** the courier's own code of the state (kept with the shipment and in its events, for the staff who call the courier) */
  code: number;
  /** when the courier says it happened */
  at: Date;
  /** with `delivered`: the cash the courier says it collected, piastres */
  codCollectedPiastres: number | null;
  /** delivery attempts so far, when the courier says */
  attempts: number | null;
  /** with `exception`: the courier's reason, as it words it */
  exception: string | null;
}

/** A courier's webhook as it came: the route passes it on unread. */
export interface CourierWebhookRequest {
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** What a webhook says once the adapter has checked it: not the courier's (401), about nothing the shop reads, or an event. */
export type CourierWebhookOutcome = { kind: 'refused' } | { kind: 'other' } | { kind: 'event'; event: ShipmentEvent };

/** Why a courier refused a pickup, in the shop's words (each a sentence of the catalogs). */
export type PickupRefusal = 'friday' | 'cut-off' | 'holiday' | 'already-booked' | 'other';

/** The courier could not be reached or failed: the caller answers 503, or the job tries again later. */
export class CourierUnavailable extends Error {}

/** The courier refused a parcel's address (the shop's sentence says so; `detail` is the courier's own words, logged). */
export class CourierRefusedAddress extends Error {
  constructor(readonly detail: string) {
    super(`the courier refused the address: ${detail}`);
  }
}

/** The courier refused a pickup, and why. */
export class CourierRefusedPickup extends Error {
  constructor(
    readonly reason: PickupRefusal,
    readonly detail: string,
  ) {
    super(`the courier refused the pickup (${reason}): ${detail}`);
  }
}

export interface Courier {
  /** its name in the configuration and in its webhook's address */
  readonly name: string;
  /** The page where a shopper follows her parcel. */
  trackingUrl(trackingNumber: string): string;
  /**
   * Makes the parcel (or answers the one it already made for this reference). Throws CourierRefusedAddress when the
   * courier refuses the address, CourierUnavailable when it did not answer.
   */
  createParcel(request: ShipmentRequest): Promise<CourierParcel>;
  /** Where a parcel is now, asked by its tracking number (null: the courier knows none by it). */
  parcel(trackingNumber: string): Promise<ShipmentEvent | null>;
  /** The waybills of these parcels, one PDF. */
  waybills(parcels: readonly CourierParcel[]): Promise<Buffer>;
  /** Books a pickup on a Cairo date for this many parcels; throws CourierRefusedPickup with its reason. */
  bookPickup(date: string, parcels: number): Promise<{ id: string }>;
  /** Checks a webhook (its secret) and reads it. */
  webhook(request: CourierWebhookRequest): CourierWebhookOutcome;
}
