import type { ClientUser } from '../../../shared/auth.schemas.js';
import type { UserRow } from '../../db/schema/users.js';

/** The signed-in user's own view: everything but the password and token fields. */
export function presentCurrentUser(user: UserRow): ClientUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    nickname: user.nickname,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    location: user.location,
    isAdmin: user.isAdmin,
    isMember: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
