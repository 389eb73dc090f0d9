import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** One-time sign-in tokens and admin sessions on ClickHouse. */
export function adminSessionQueries(_db: ChDb): Pick<Store, 'createSignInToken' | 'consumeSignInToken' | 'createAdminSession' | 'adminSessionValid' | 'deleteAdminSession'> {
  return {
    createSignInToken: notYet('createSignInToken'),
    consumeSignInToken: notYet('consumeSignInToken'),
    createAdminSession: notYet('createAdminSession'),
    adminSessionValid: notYet('adminSessionValid'),
    deleteAdminSession: notYet('deleteAdminSession'),
  };
}
