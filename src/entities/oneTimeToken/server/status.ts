import type { Entity } from '../../../server/crud/repository.js';

/** An active token past its expiry reads as expired; what is stored stays active until written again. */
export const statusNow = (token: Entity, now = Date.now()) =>
  token.status === 'active' && typeof token.expiresAt === 'number' && token.expiresAt <= now ? 'expired' : token.status;
