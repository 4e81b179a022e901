import { generateId } from '../crud/ids.js';
import type { Repository } from '../crud/repository.js';
import type { Database } from '../db/database.js';

/** Logto's lifetime of a verification record: ten minutes. */
export const RECORD_TTL_MS = 10 * 60 * 1000;

export type RecordType = 'Password' | 'EmailVerificationCode' | 'PhoneVerificationCode';
export type CodeTemplate = 'UserPermissionValidation' | 'BindNewIdentifier';

export interface StoredRecord {
  id: string;
  userId: string;
  type: RecordType;
  identifier: { type: 'email' | 'phone'; value: string } | null;
  templateType: CodeTemplate | null;
  verified: boolean;
  expiresAt: number;
}

/**
 * The Account API's verification records (the `verificationRecord` entity, written through its repository): a
 * signed-in user's proof, by password or by a code, that a sensitive change names in `logto-verification-id`.
 * A record counts only for its user and until it expires.
 */
export class VerificationRecords {
  constructor(
    private readonly db: Database,
    private readonly records: Repository,
  ) {}

  create(tenantId: string, record: Omit<StoredRecord, 'id' | 'expiresAt'>): Promise<StoredRecord> {
    return this.db.withTenant(tenantId, async (tx) => {
      const values = { ...record, id: generateId(), expiresAt: Date.now() + RECORD_TTL_MS };
      await this.records.insert(tx, tenantId, values);
      return values;
    });
  }

  /** The user's record of an id while it counts; undefined otherwise (another user's, expired, unknown). */
  find(tenantId: string, id: unknown, userId: string): Promise<StoredRecord | undefined> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return Promise.resolve(undefined);
    return this.db.withTenant(tenantId, async (tx) => {
      const found = (await this.records.find(tx, { tenantId }, id)) as StoredRecord | undefined;
      return found && found.userId === userId && Number(found.expiresAt) > Date.now() ? found : undefined;
    });
  }

  markVerified(tenantId: string, id: string) {
    return this.db.withTenant(tenantId, (tx) => this.records.update(tx, { tenantId }, id, { verified: true }));
  }

  /**
   * Whether a record proves its user for a sensitive change (Logto's rule): a verified password, or a verified code
   * sent to one of the user's own addresses.
   */
  async provesIdentity(tenantId: string, id: unknown, userId: string): Promise<boolean> {
    const record = await this.find(tenantId, id, userId);
    if (!record?.verified) return false;
    return record.type === 'Password' || record.templateType === 'UserPermissionValidation';
  }
}
