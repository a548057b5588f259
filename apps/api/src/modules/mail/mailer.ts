// The shop's mail, behind one interface: `send` hands a message over and returns at once; the message goes out in the
// background, over SMTP (SMTP_URL) or into the outbox folder as an .eml file, and a failed send is tried again a few
// times before it is given up. Nothing here ever throws into a request (decision 013).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  /** the sender when it is not the transport's own: the shop's address under the shop's name */
  from?: { name: string; address: string } | undefined;
  subject: string;
  text: string;
  html: string;
  /**
   * The message's own name, for a message that may be sent twice (a job run again after its worker died): the outbox
   * writes it to the same file, SMTP sends it with the same Message-ID.
   */
  id?: string | undefined;
  /** headers of its own: a marketing mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) */
  headers?: Record<string, string> | undefined;
}

/** Where messages go. `deliver` answers where the message went (for the log), or throws why it did not. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(message: MailMessage): Promise<string>;
  close(): void;
}

interface MailLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Over SMTP, with timeouts short enough that a server that hangs is a failed attempt, not a stuck one. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = onFirstMail((nodemailer) =>
    nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from }),
  );
  return {
    kind: 'smtp',
    async deliver(message) {
      const { id, ...mail } = message;
      const info = await (await transporter.get()).sendMail(id ? { ...mail, messageId: messageIdOf(id, from) } : mail);
      return `smtp ${info.messageId}`;
    },
    close: transporter.close,
  };
}

/**
 * nodemailer, loaded when the first message is sent: most starts send none, and loading it took ~90 ms of every
 * start (issue 19's "second start").
 */
function onFirstMail<T extends { close(): void }>(make: (nodemailer: typeof import('nodemailer').default) => T) {
  let made: Promise<T> | undefined;
  let closed = false;
  return {
    get: () => (made ??= import('nodemailer').then((module) => make(module.default))),
    close: () => {
      if (closed) return;
      closed = true;
      void made?.then((transporter) => transporter.close());
    },
  };
}

/**
 * The embedded default: each message, built as SMTP would send it, is written to `dir` as an .eml file that any mail
 * program opens. Written under a temporary name and renamed, so a reader never sees half a file.
 */
export function outboxTransport(dir: string, from: string): MailTransport {
  const builder = onFirstMail((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true }, { from }));
  return {
    kind: 'outbox',
    async deliver(message) {
      const { id, ...mail } = message;
      const { message: raw } = (await (await builder.get()).sendMail(id ? { ...mail, messageId: messageIdOf(id, from) } : mail)) as { message: Buffer };
      const name = `${id ?? `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`}.eml`;
      const file = path.join(dir, name);
      // the folder is made when a write finds it missing, not before every message (a checkout sends one each)
      // read by the shop's user alone: a message may hold a password-reset link
      await writeFile(`${file}.tmp`, raw, { mode: 0o600 }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(`${file}.tmp`, raw, { mode: 0o600 });
      });
      await rename(`${file}.tmp`, file);
      return file;
    },
    close: builder.close,
  };
}

/** `<id@the sender's domain>`: the same message, the same Message-ID. */
function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'shop.invalid';
  return `<${id}@${domain}>`;
}

/** What a failed attempt says, in one line: the server's answer when it gave one, else the network's error. */
function reasonOf(error: unknown): string {
  const failure = error as { response?: string; code?: string; message?: string } | undefined;
  return failure?.response ?? failure?.message ?? String(error);
}

/**
 * A server's refusal often quotes the recipient ("550 5.1.1 <nadia@example.com>: user unknown"): the reason is logged
 * and kept on the job, so every address in it is taken out.
 */
function withoutAddresses(reason: string): string {
  return reason.replace(/[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g, '[address]');
}

/** How a try went: sent, or the failure's reason and, when a retry is due, in how long. */
export type MailTry = { sent: true } | { sent: false; reason: string; retryInMs?: number };

export class Mailer {
  private closed = false;

  constructor(
    private readonly transport: MailTransport,
    private readonly log: MailLog,
    private readonly retryDelaysMs: readonly number[],
  ) {}

  get kind(): MailTransport['kind'] {
    return this.transport.kind;
  }

  /**
   * One try of a message, logged: sent, or why not and when it should be tried again (none left, or the server
   * stopping: given up). Every mail is a job, and its next try a job of its own (plugins/app/jobs.ts).
   */
  async tryOnce(message: MailMessage, attempt: number): Promise<MailTry> {
    // No address in the log (personal data, issue 41): a message is named by its id, which names its order or job
    // (order-mail.ts, back-in-stock-mail.ts; an account's mail by a hash of the address), and by its subject.
    const fields = { mail: message.id ?? null, subject: message.subject, attempt };
    try {
      const where = await this.transport.deliver(message);
      this.log.info({ ...fields, where }, `mail sent: ${where}`);
      return { sent: true };
    } catch (error) {
      const reason = withoutAddresses(reasonOf(error));
      const retryInMs = this.retryDelaysMs[attempt - 1];
      if (retryInMs === undefined || this.closed) {
        this.log.error({ ...fields, reason }, `mail not sent, given up after ${attempt} attempts: ${reason}`);
        return { sent: false, reason };
      }
      this.log.warn({ ...fields, reason, retryInMs }, `mail not sent: ${reason}; trying again in ${Math.round(retryInMs / 1000)} s`);
      return { sent: false, reason, retryInMs };
    }
  }

  /** On stop, once the job runner has stopped (its running tries finished or abandoned): the transport is closed. */
  close(): void {
    this.closed = true;
    this.transport.close();
  }
}
