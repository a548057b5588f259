// A real SMTP server in the test process (the smtp-server package), behind a small TCP front door that can drop
// connections; and an app over the shared database that sends its mail there and keeps its log lines.
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { queueOrderMail, type OrderMailEvent } from '../src/modules/mail/order-mail.ts';
import { getTestContext, testConfig } from './helpers.ts';
import { watchContract } from './contract-watch.ts';

/**
 * accept: mail is taken; refuse: the server answers 451 to the message, quoting its recipient as real servers do; drop:
 * the connection is cut at once.
 */
export type SmtpMode = 'accept' | 'refuse' | 'drop';

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  mode: SmtpMode;
  /** The messages received for this address, waiting until there are `count` of them. */
  messagesTo(address: string, count?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

const listen = (server: net.Server | SMTPServer) =>
  new Promise<number>((resolve, reject) => {
    const target = server instanceof SMTPServer ? (server as unknown as { server: net.Server }).server : server;
    target.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((target.address() as net.AddressInfo).port));
  });

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const state: { mode: SmtpMode } = { mode: 'accept' };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (state.mode === 'refuse') {
            const recipient = session.envelope.rcptTo[0]?.address ?? '';
            callback(Object.assign(new Error(`Mailbox <${recipient}> busy, try again later`), { responseCode: 451 }));
            return;
          }
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const smtpPort = await listen(smtp);
  const sockets = new Set<net.Socket>();
  const front = net.createServer((client) => {
    if (state.mode === 'drop') {
      client.destroy();
      return;
    }
    const upstream = net.connect(smtpPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await listen(front);

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get mode() {
      return state.mode;
    },
    set mode(mode: SmtpMode) {
      state.mode = mode;
    },
    async messagesTo(address, count = 1) {
      const mine = () => received.filter((mail) => [mail.to].flat().some((to) => to?.value.some((box) => box.address === address)));
      await expect.poll(() => mine().length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
      return mine();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => front.close(resolve));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

export interface MailingApp {
  app: App;
  /** The app's log lines, parsed. */
  logs: { level: number; msg: string; [field: string]: unknown }[];
}

/** An app over the shared database whose mail goes to `smtpUrl` (or the outbox without one), retried quickly. */
export async function buildMailingApp(env: Record<string, string> = {}, retryDelaysMs = [100, 200, 400], configure?: (config: Config) => void): Promise<MailingApp> {
  const { database } = await getTestContext();
  const config = testConfig({ PUBLIC_URL: 'https://shop.example', ...env });
  config.mail.retryDelaysMs = retryDelaysMs;
  configure?.(config);
  const logs: MailingApp['logs'] = [];
  const stream = { write: (line: string) => void logs.push(JSON.parse(line) as MailingApp['logs'][number]) };
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  watchContract(app);
  await app.ready();
  return { app, logs };
}

/** Queues an order's mail as the workflows do (modules/mail/order-mail.ts), for the app's job runner to send. */
export async function mailOrder(app: App, orderId: string, event: OrderMailEvent, refund?: { amount: number; pending: boolean }): Promise<void> {
  await app.db.transaction((tx) => queueOrderMail(app.jobs.queue, tx as unknown as Db, orderId, event, refund));
}
