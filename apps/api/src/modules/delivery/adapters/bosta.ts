// Bosta behind the courier port (PRODUCT section 9, decision 064): a parcel is a delivery of type 10 (send) whose
// uniqueBusinessReference is the order's id, so Bosta makes one per order however often it is asked; its state codes
// become the shop's states; its webhook is the shop's only when it carries the secret header the shop gave it with the
// delivery (webhookCustomHeaders), compared in constant time. bosta-client.ts speaks the wire.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Governorate } from '@shop/core/constants';
import type { PackageType } from '@shop/core/contract/shipping';
import type { BostaSettings } from '../../../config.ts';
import { CourierRefusedAddress, CourierRefusedPickup, type Courier, type CourierWebhookOutcome, type PickupRefusal, type ShipmentEvent } from '../port.ts';
import { bostaClient, BostaError, SEND, type BostaClient, type BostaDelivery } from './bosta-client.ts';

/** The header Bosta's webhooks carry back, with the secret the shop gave it. */
export const BOSTA_SECRET_HEADER = 'x-bosta-webhook-secret';

/** The shop's governorates as Bosta's cities list names them (GET /api/v2/cities: its own spellings). */
export const BOSTA_CITIES: Record<Governorate, string> = {
  Cairo: 'Cairo',
  Alexandria: 'Alexandria',
  Aswan: 'Aswan',
  Asyut: 'Assuit',
  Beheira: 'Behira',
  'Beni Suef': 'Bani Suif',
  Dakahlia: 'Dakahlia',
  Damietta: 'Damietta',
  Faiyum: 'Fayoum',
  Gharbia: 'Gharbia',
  Giza: 'Giza',
  Ismailia: 'Ismailia',
  'Kafr El Sheikh': 'Kafr Alsheikh',
  Luxor: 'Luxor',
  Matruh: 'Matrouh',
  Minya: 'Menya',
  Monufia: 'Monufia',
  'New Valley': 'New Valley',
  'North Sinai': 'North Sinai',
  'Port Said': 'Port Said',
  Qalyubia: 'El Kalioubia',
  Qena: 'Qena',
  'Red Sea': 'Red Sea',
  Sharqia: 'Sharqia',
  Sohag: 'Sohag',
  'South Sinai': 'South Sinai',
  Suez: 'Suez',
};

const PACKAGE_TYPES: Record<PackageType, string> = { parcel: 'Parcel', document: 'Document', 'light-bulky': 'Light Bulky', 'heavy-bulky': 'Heavy Bulky' };

/**
 * Bosta's state codes in the shop's words: 10 to 20 on its list, 21 picked up, 22 to 40 on its way (at a hub, in
 * transit), 41 out for delivery, 45 delivered, 46 and 60 back at the shop, 47 an exception (a failed try: it tries
 * again), 48 terminated and 49 canceled (an area it does not cover) end it; its investigations (100 and on: lost,
 * damaged, on hold) are exceptions staff follow up. Any other code says nothing the shop reads.
 */
export function stateOfCode(code: number): ShipmentEvent['state'] | null {
  if (code >= 10 && code <= 20) return 'created';
  if (code === 21) return 'picked-up';
  if (code >= 22 && code <= 40) return 'in-transit';
  if (code === 41) return 'out-for-delivery';
  if (code === 45) return 'delivered';
  if (code === 46 || code === 60) return 'returned';
  if (code === 47 || (code >= 100 && code <= 105)) return 'exception';
  if (code === 48 || code === 49) return 'ended';
  return null;
}

const piastresOf = (egp: unknown) => (typeof egp === 'number' && Number.isFinite(egp) ? Math.round(egp * 100) : null);
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function eventOf(delivery: BostaDelivery | Record<string, unknown>, code: number, at: Date): ShipmentEvent | null {
  const state = stateOfCode(code);
  if (state === null || delivery.trackingNumber === undefined || delivery.trackingNumber === null) return null;
  const attempts = delivery.numberOfAttempts ?? delivery.attemptsCount;
  return {
    trackingNumber: String(delivery.trackingNumber),
    reference: textOf(delivery.uniqueBusinessReference),
    state,
    code,
    at,
    codCollectedPiastres: state === 'delivered' ? piastresOf(delivery.cod) : null,
    attempts: typeof attempts === 'number' ? attempts : null,
    exception: state === 'exception' ? (textOf(delivery.exceptionReason) ?? textOf((delivery.state as { value?: unknown } | undefined)?.value)) : null,
  };
}

/** Bosta's words on a refused pickup, in the shop's. */
function pickupRefusal(said: string): PickupRefusal {
  if (/friday/i.test(said)) return 'friday';
  if (/cut.?off|too late|past/i.test(said)) return 'cut-off';
  if (/holiday/i.test(said)) return 'holiday';
  if (/already|exist|duplicate/i.test(said)) return 'already-booked';
  return 'other';
}

/** Whether the header carries the secret, compared in constant time (digests first: equal lengths whatever was sent). */
function carriesSecret(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(secret));
}

export function bostaCourier(settings: BostaSettings, bosta: BostaClient = bostaClient(settings, settings.timeoutMs)): Courier {
  return {
    name: 'bosta',
    trackingUrl: (trackingNumber) => `https://bosta.co/tracking-shipments?shipment-number=${encodeURIComponent(trackingNumber)}`,
    async createParcel(request) {
      const { receiver, address } = request;
      try {
        const delivery = await bosta.createDelivery({
          type: SEND,
          specs: { packageType: PACKAGE_TYPES[request.packageType], packageDetails: { itemsCount: request.itemsCount, description: request.description } },
          notes: request.notes,
          cod: request.codPiastres / 100,
          allowToOpenPackage: request.allowOpening,
          dropOffAddress: { city: BOSTA_CITIES[address.governorate], firstLine: address.street, secondLine: address.city },
          receiver: { firstName: receiver.firstName, lastName: receiver.lastName, phone: receiver.phone, email: receiver.email },
          businessReference: `#${request.orderNumber}`,
          uniqueBusinessReference: request.reference,
          webhookUrl: request.webhookUrl,
          webhookCustomHeaders: { [BOSTA_SECRET_HEADER]: settings.webhookSecret },
        });
        return { trackingNumber: String(delivery.trackingNumber), courierId: delivery._id };
      } catch (error) {
        if (error instanceof BostaError && error.refused) throw new CourierRefusedAddress(error.bostaMessage || error.message);
        throw error;
      }
    },
    async parcel(trackingNumber) {
      const delivery = await bosta.delivery(trackingNumber);
      if (!delivery) return null;
      const code = typeof delivery.state === 'number' ? delivery.state : delivery.state?.code;
      if (typeof code !== 'number') return null;
      const at = new Date(delivery.updatedAt ?? Date.now());
      return eventOf(delivery, code, Number.isNaN(at.getTime()) ? new Date() : at);
    },
    async waybills(parcels) {
      return bosta.airwayBills(parcels.map((parcel) => parcel.courierId ?? parcel.trackingNumber));
    },
    async bookPickup(date, parcels) {
      try {
        const pickup = await bosta.createPickup({ businessLocationId: settings.pickupLocationId, scheduledDate: date, scheduledTimeSlot: '10:00 to 13:00', numberOfParcels: parcels });
        return { id: pickup._id };
      } catch (error) {
        if (error instanceof BostaError && error.refused) throw new CourierRefusedPickup(pickupRefusal(error.bostaMessage), error.bostaMessage);
        throw error;
      }
    },
    webhook(request): CourierWebhookOutcome {
      if (!carriesSecret(request.headers[BOSTA_SECRET_HEADER], settings.webhookSecret)) return { kind: 'refused' };
      const body = request.body;
      if (body === null || typeof body !== 'object') return { kind: 'other' };
      const fields = body as Record<string, unknown>;
      const code = typeof fields.state === 'number' ? fields.state : Number(fields.state);
      const stamp = typeof fields.timeStamp === 'number' ? new Date(fields.timeStamp) : new Date(String(fields.timeStamp ?? ''));
      if (!Number.isInteger(code) || Number.isNaN(stamp.getTime())) return { kind: 'other' };
      const event = eventOf(fields, code, stamp);
      return event ? { kind: 'event', event } : { kind: 'other' };
    },
  };
}
