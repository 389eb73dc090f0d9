import { issueSignInToken, signInLink } from '../../server/auth/sign-in.js';
import { linkBase, type Config } from '../../server/config.js';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';

/** `admin sign-in-link`: a one-time dashboard sign-in link, for when the one printed at start is lost. */
export async function adminCommand(
  store: Store,
  sub: string | undefined,
  config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL'>,
): Promise<void> {
  if (sub !== 'sign-in-link') throw new CliError('usage: admin sign-in-link');
  const token = await issueSignInToken(store);
  console.error('A one-time link, valid for 24 hours. Start the server (npm start), then open it.');
  console.error('(Restarting the server also prints a fresh link.)');
  console.log(signInLink(linkBase(config), token));
}
