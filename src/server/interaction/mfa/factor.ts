import type { FastifyReply } from 'fastify';
import type { StoredVerification } from '../../../entities/user/server/account/mfa-verifications.js';
import type { UserRecord, UserStore } from '../../../entities/user/server/account/store.js';
import type { Database } from '../../db/database.js';
import type { AttemptRecord } from '../audit.js';
import type { Chrome } from '../chrome.js';
import type { Interaction, Request } from '../context.js';
import type { MfaFactorType } from '../experience.js';
import type { SafeHtml } from '../html.js';
import type { Sentinel } from '../sentinel.js';
import type { PendingMfa } from './pending.js';
import type { MfaStep } from './policy.js';

/** One MFA page request: the interaction, the user who passed the first factor, and the step decided for them. */
export interface MfaRequest {
  interaction: Interaction;
  request: Request;
  reply: FastifyReply;
  pending: PendingMfa;
  user: UserRecord;
  step: MfaStep;
}

/** A page of the MFA flow: its heading, an optional subtitle and form error, and its body. */
export interface MfaPageView {
  title: string;
  subtitle?: string | undefined;
  error?: string | undefined;
  body: SafeHtml;
}

/** What the flow lends each factor's pages. */
export interface MfaTools {
  db: Database;
  /** The users, whose MFA factors the pages change through `users.mfa`. */
  users: UserStore;
  sentinel: Sentinel;
  /** Records an audit log entry of the interaction (`Interaction.<event>.<step>`). */
  record: (mfa: MfaRequest, entry: Omit<AttemptRecord, 'event' | 'userId'>) => void;
  /** Sends a page of the flow, with the links to the other factors and the skip button where the step allows. */
  show: (mfa: MfaRequest, status: number, view: MfaPageView) => unknown;
  /**
   * Sends a page the factor lays out itself (one with scripts of its own): `render` gets the response's chrome and
   * the footer to put below its form (the links to the other factors, the skip button where the step allows).
   */
  render: (mfa: MfaRequest, status: number, render: (chrome: Chrome, footer: SafeHtml) => string) => unknown;
  /** Sends the lockout page. */
  locked: (mfa: MfaRequest, verdict: { retryAfter: number; until: Date }) => unknown;
  /** Keeps the pending state for the next request. */
  save: (mfa: MfaRequest, pending: PendingMfa) => Promise<void>;
  /** Saves the pending state and goes on: the next step's page, or the end of the interaction. */
  advance: (mfa: MfaRequest, pending: PendingMfa) => Promise<unknown>;
}

export type MfaHandler = (mfa: MfaRequest, tools: MfaTools) => Promise<unknown>;

/**
 * One MFA factor's pages. `verify` proves a factor the user has; `bind` sets one up (for backup codes: generates and
 * shows them once another factor is bound). A factor is one module exporting this; the registry lists them.
 */
export interface MfaFactorModule {
  type: MfaFactorType;
  /** The URL segment of its pages: `{interaction}/mfa/{slug}/verify`, `…/bind`; its name is `interaction:mfa.factor.{type}`. */
  slug: string;
  verify?: { show: MfaHandler; submit: MfaHandler };
  bind?: { show: MfaHandler; submit: MfaHandler };
  /** What a binding in this interaction leaves for its end. */
  binding?: {
    /** Whether the factor was bound in this interaction (its pages proved it). */
    bound: (pending: PendingMfa) => boolean;
    /** The user's verifications with the bound factor among them, as Logto keeps them (one TOTP, one code group). */
    store: (pending: PendingMfa, existing: StoredVerification[]) => StoredVerification[];
    /**
     * Whether the bound factor can no longer be stored, the user having gained one of its kind meanwhile (Logto's
     * `user.totp_already_in_use`): the interaction then goes back to its MFA step instead of ending.
     */
    conflicts?: (pending: PendingMfa, existing: StoredVerification[]) => boolean;
  };
}
