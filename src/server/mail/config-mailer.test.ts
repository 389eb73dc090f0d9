import { describe, expect, it } from 'vitest';
import { loadConfig, mailFrom } from '../config.js';
import { mailerOf } from './config-mailer.js';

describe('mail configuration', () => {
  it('takes smtp:// and smtps:// URLs, nothing else', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).SMTP_URL).toBe('smtps://u:p@mail.example:465');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: smtp:\/\/user:pass@host:port/);
  });

  it('sends from MAIL_FROM, else sightline@ the public host', () => {
    expect(mailFrom(loadConfig({ PUBLIC_URL: 'https://analytics.example.com/' }))).toBe(
      'Sightline <sightline@analytics.example.com>',
    );
    expect(mailFrom(loadConfig({}))).toBe('Sightline <sightline@localhost>');
    expect(mailFrom(loadConfig({ MAIL_FROM: 'Stats <stats@example.com>' }))).toBe('Stats <stats@example.com>');
  });

  it('has no mailer without SMTP_URL: callers show links to copy', async () => {
    const none = mailerOf(loadConfig({}));
    expect(none.configured).toBe(false);
    expect(await none.send({ to: 'a@example.com', subject: 's', text: 't' })).toBe(false);
    const some = mailerOf(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    expect(some.configured).toBe(true);
    some.close();
  });
});
