import type { SandboxConfirmAnswerSchema, SandboxConfirmBodySchema } from '@shop/core/schemas';
import type { z } from 'zod';
import { apiSend } from '../../../lib/api-client.ts';

export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBodySchema>;

/** The sandbox processor charges the card; a decline is a 402 and a malformed field a 400, each with its sentence. */
export async function confirmSandboxPayment(body: SandboxConfirmBody): Promise<z.infer<typeof SandboxConfirmAnswerSchema>> {
  return apiSend('POST', '/api/payments/sandbox/confirm', body);
}
