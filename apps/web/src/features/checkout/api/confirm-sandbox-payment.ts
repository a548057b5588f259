import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';

export type SandboxConfirmBody = BodyOf<'confirmSandboxPayment'>;

/** The sandbox processor charges the card; a decline is a 402 and a malformed field a 400, each with its sentence. */
export async function confirmSandboxPayment(body: SandboxConfirmBody): Promise<AnswerOf<'confirmSandboxPayment'>> {
  return call('confirmSandboxPayment', { body });
}
