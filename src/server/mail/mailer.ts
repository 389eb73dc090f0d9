import nodemailer from 'nodemailer';

/** One message: a plain-text part always, an HTML part when there is one. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** What sends mail; `configured` false (no SMTP_URL): nothing is sent and callers show links to copy. */
export interface Mailer {
  configured: boolean;
  /** true when the SMTP server took the message; never throws (a failure is logged without secrets). */
  send(mail: Mail): Promise<boolean>;
  close(): void;
}

type Log = (message: string) => void;

/** A request waits at most this long for the SMTP server before it answers `mailed: false`. */
export const SEND_TIMEOUT_MS = 10_000;

/** The mailer of an installation without SMTP_URL: sends nothing. */
export const noMailer: Mailer = { configured: false, send: async () => false, close() {} };

/** Says why a send failed without the SMTP URL's credentials (nodemailer's messages never carry them). */
const reasonOf = (error: unknown) => {
  const e = error as { code?: string; responseCode?: number; message?: string };
  return [e.code, e.responseCode, e.message].filter((x) => x !== undefined).join(' ');
};

/**
 * The mailer of SMTP_URL (`smtp://user:pass@host:port`, `smtps://…` for TLS from the start) through
 * nodemailer, every message from `from`. Each send is bounded in time, so a dead SMTP server makes a
 * request slower by seconds, never hung.
 */
export function smtpMailer(smtpUrl: string, from: string, log: Log = console.error): Mailer {
  // The URL's options (host, port, auth, secure for smtps) with timeouts added to them.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    configured: true,
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${SEND_TIMEOUT_MS / 1000} s`)), SEND_TIMEOUT_MS);
      });
      try {
        await Promise.race([transport.sendMail({ from, ...mail }), late]);
        return true;
      } catch (error) {
        log(`mail to ${mail.to} ("${mail.subject}") was not sent: ${reasonOf(error)}`);
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transport.close(),
  };
}
