import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server on 127.0.0.1 that keeps every message it takes, parsed (mailparser). */
export interface SmtpInbox {
  /** `smtp://user:pass@127.0.0.1:PORT`: what SMTP_URL would be. */
  url: string;
  messages: ParsedMail[];
  /** Resolves once `count` messages have arrived in all (fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  /** Messages addressed to `email`. */
  to(email: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No TLS on loopback: the mailer speaks plain SMTP to smtp:// (smtps:// is TLS from the start).
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'user' && auth.password === 'pass'
        ? callback(null, { user: auth.username })
        : callback(new Error('wrong credentials')),
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  // A client that hangs up at its own time (a mailer closed at a test's end) is an 'error' on the
  // server: without a listener that would throw outside any test and end the test worker.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://user:pass@127.0.0.1:${port}`,
    messages,
    async waitFor(count, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return messages;
    },
    to: (email) => messages.filter((m) => JSON.stringify(m.to).includes(email)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
