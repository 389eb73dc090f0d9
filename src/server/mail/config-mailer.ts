import { mailFrom, type Config } from '../config.js';
import { noMailer, smtpMailer, type Mailer } from './mailer.js';

/** The installation's mailer: SMTP_URL's, or the one that sends nothing. */
export const mailerOf = (config: Config): Mailer =>
  config.SMTP_URL ? smtpMailer(config.SMTP_URL, mailFrom(config)) : noMailer;
