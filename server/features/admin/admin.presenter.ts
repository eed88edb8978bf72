import type { AdminUser } from '../../../shared/admin.js';
import type { UserRow } from '../../db/schema/users.js';
import { presentCurrentUser } from '../users/user.presenter.js';

/** Admins see every account as its owner does, email included (SPEC §6). */
export function presentAdminUser(user: UserRow): AdminUser {
  const { updatedAt: _updatedAt, locale: _locale, ...view } = presentCurrentUser(user);
  return view;
}
