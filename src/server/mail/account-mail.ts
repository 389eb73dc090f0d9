import type { Mail } from './mailer.js';
import { escapeHtml } from './html-escape.js';

/** What mail needs besides the mailer: the address every mailed link uses (PUBLIC_URL, else the listening one). */
export interface MailLinks {
  linkBase: string;
}

const when = (d: Date) => d.toUTCString().replace('GMT', 'UTC');

const linkMail = (to: string, subject: string, lines: string[], link: string, expiresAt: Date): Mail => {
  const after = `The link works once, until ${when(expiresAt)}.`;
  return {
    to,
    subject,
    text: [...lines, '', link, '', after, ''].join('\n'),
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(after)}</p>`,
  };
};

/** An invitation (or an owner's "new link"): the set-password link for the account. */
export const invitationMail = (to: string, link: string, expiresAt: Date): Mail =>
  linkMail(
    to,
    'Your Sightline account',
    ['You have an account on Sightline, the web analytics of your team.', 'Choose your password here:'],
    link,
    expiresAt,
  );

/** "Forgot password?": the one-time reset link. */
export const passwordResetMail = (to: string, link: string, expiresAt: Date): Mail =>
  linkMail(
    to,
    'Reset your Sightline password',
    [
      'Someone (we hope you) asked to reset the password of this Sightline account.',
      'Choose a new password here; if it was not you, ignore this message and nothing changes:',
    ],
    link,
    expiresAt,
  );
