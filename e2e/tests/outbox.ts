// The e2e server sends no mail: without SMTP_URL it writes each message as an .eml file to DATA_DIR/outbox, and the
// journeys read it there (playwright.config.ts hands the data directory over as E2E_DATA_DIR).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from './fixtures.ts';

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

async function mailsTo(address: string): Promise<ParsedMail[]> {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(outboxDir(), file)))));
  return mails.filter((mail) => [mail.to].flat().some((to) => to?.value.some((box) => box.address === address)));
}

/** The newest message to this address whose subject matches, waiting for it to be written. */
export async function latestMail(address: string, subject: RegExp, after = 0): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).filter((mail) => subject.test(mail.subject ?? ''));
      return found.length;
    }, { timeout: 15_000, message: `a mail to ${address} with the subject ${subject}` })
    .toBeGreaterThan(after);
  return found[found.length - 1]!;
}

/** How many messages this address has received. */
export async function mailCount(address: string, subject: RegExp): Promise<number> {
  return (await mailsTo(address)).filter((mail) => subject.test(mail.subject ?? '')).length;
}
