import { accountRoles, email as emailSchema, type AccountRole } from '../../contract/accounts.js';
import { createAccount, issueAccountToken, setPasswordLink } from '../../server/auth/account-links.js';
import { REQUIRE_2FA } from '../../server/auth/two-factor-gate.js';
import { ApiError } from '../../server/api-error.js';
import { linkBase, type Config } from '../../server/config.js';
import type { AccountRecord, Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';

export const USERS_USAGE = `users create --email E --role ${accountRoles.join('|')} [--properties ID,...]
  users list
  users disable --email E | users enable --email E
  users reset-password --email E
  users require-2fa on|off`;

const emailFlag = (flag: string | undefined): string => {
  const parsed = emailSchema.safeParse(flag ?? '');
  if (!parsed.success) throw new CliError(`--email: ${flag ? 'not an email address' : 'required'}`);
  return parsed.data;
};

async function accountFor(store: Store, flag: string | undefined): Promise<AccountRecord> {
  const email = emailFlag(flag);
  const account = await store.findAccountByEmail(email);
  if (!account) throw new CliError(`no account for ${email} (users list shows them)`);
  return account;
}

const state = (a: AccountRecord, linkExpiry: Date | undefined) =>
  a.disabled_at
    ? 'disabled'
    : a.password_hash
      ? 'active'
      : linkExpiry && linkExpiry > new Date()
        ? 'invited'
        : 'expired';

/**
 * `users …` (operations.md §6): dashboard accounts from the command line. Links print as the last
 * line of stdout, on PUBLIC_URL (else the listening address), valid 7 days; explanations go to stderr.
 */
export async function usersCommand(
  store: Store,
  sub: string | undefined,
  flags: Record<string, string | undefined>,
  config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL'>,
  args: string[] = [],
): Promise<void> {
  const base = linkBase(config);
  if (sub === 'list') {
    const expiries = await store.accountLinkExpiries();
    for (const a of await store.listAccounts())
      console.log(
        [
          a.email,
          a.role,
          a.property_ids.join(',') || 'all properties',
          state(a, expiries.get(a.id)),
          a.totp_enabled_at ? '2fa on' : '2fa off',
        ].join('\t'),
      );
    return;
  }
  if (sub === 'require-2fa') {
    const [value] = args;
    if (value !== 'on' && value !== 'off') throw new CliError('usage: users require-2fa on|off');
    await store.putSignInSetting(REQUIRE_2FA, value);
    const without = (await store.listAccounts()).filter((a) => !a.disabled_at && !a.totp_enabled_at).length;
    console.log(
      value === 'on'
        ? `two-factor sign-in is required: ${without} account${without === 1 ? '' : 's'} without it can only turn it on until they do`
        : 'two-factor sign-in is no longer required (accounts that have it keep it)',
    );
    return;
  }
  if (sub === 'create') {
    const role = flags.role as AccountRole | undefined;
    if (!role || !accountRoles.includes(role)) throw new CliError(`--role: one of ${accountRoles.join(', ')}`);
    const properties = (flags.properties ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    try {
      const { token } = await createAccount(store, { email: emailFlag(flags.email), role, property_ids: properties });
      console.error('The new account sets its password with this link (valid 7 days, works once):');
      console.log(setPasswordLink(base, token));
    } catch (error) {
      if (error instanceof ApiError) throw new CliError(error.message);
      throw error;
    }
    return;
  }
  if (sub === 'disable' || sub === 'enable') {
    const account = await accountFor(store, flags.email);
    await store.updateAccount({ ...account, disabled_at: sub === 'disable' ? new Date() : null });
    if (sub === 'disable') await store.deleteAccountSessions(account.id);
    console.log(`${sub}d ${account.email}`);
    return;
  }
  if (sub === 'reset-password') {
    const account = await accountFor(store, flags.email);
    const { token } = await issueAccountToken(store, account.id);
    console.error('A one-time link to set a new password (valid 7 days); the old password works until it is used:');
    console.log(setPasswordLink(base, token));
    return;
  }
  throw new CliError(`usage: ${USERS_USAGE}`);
}
