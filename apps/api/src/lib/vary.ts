// An answer's Vary names every request header it differs by. Each part of the shop that makes an answer differ adds
// its own name and keeps the others': a shared cache told only `Accept-Encoding` would hand an English reader the
// Arabic page it kept.
import type { FastifyReply } from 'fastify';

export function varyBy(reply: FastifyReply, ...headers: string[]): void {
  const named = String(reply.getHeader('Vary') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const lowered = new Set(named.map((name) => name.toLowerCase()));
  for (const header of headers) {
    if (lowered.has(header.toLowerCase())) continue;
    lowered.add(header.toLowerCase());
    named.push(header);
  }
  reply.header('Vary', named.join(', '));
}
