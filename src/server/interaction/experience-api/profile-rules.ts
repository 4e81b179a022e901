import type { UserRecord } from '../../../entities/user/server/account/store.js';
import type { PageExperience } from '../experience.js';
import { registrationFields } from '../forms.js';
import type { ExperienceProfile } from './state.js';

/** Logto's names of what an account still lacks (`data.missingProfile` of `user.missing_profile`). */
export type MissingProfile = 'username' | 'email' | 'phone' | 'emailOrPhone' | 'password';

/** What an account (an existing user's, and/or the profile collected) has of what sign-up asks. */
interface Held {
  username?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  password: boolean;
}

export const heldBy = (profile: ExperienceProfile, user?: UserRecord): Held => ({
  username: profile.username ?? user?.username,
  email: profile.primaryEmail ?? user?.primaryEmail,
  phone: profile.primaryPhone ?? user?.primaryPhone,
  password: Boolean(profile.password ?? user?.passwordEncrypted),
});

/** What the sign-up settings require that the account does not hold, in Logto's order. */
export const missingProfile = (experience: PageExperience, held: Held): MissingProfile[] => {
  const fields = registrationFields(experience);
  const missing: MissingProfile[] = [];
  if (fields.username && experience.signUpIdentifiers.includes('username') && !held.username) missing.push('username');
  if (fields.emailOrPhone && !held.email && !held.phone) missing.push('emailOrPhone');
  if (fields.email === 'required' && !held.email) missing.push('email');
  if (fields.phone === 'required' && !held.phone) missing.push('phone');
  if (experience.signUpPassword && !held.password) missing.push('password');
  return missing;
};
