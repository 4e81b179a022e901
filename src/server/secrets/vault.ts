import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const METHOD = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A token set as a provider's token endpoint answers it. */
export interface TokenSet {
  access_token: string;
  refresh_token?: string | undefined;
  id_token?: string | undefined;
  scope?: string | undefined;
  token_type?: string | undefined;
  /** Seconds; some providers answer it as text. */
  expires_in?: number | string | undefined;
}

/** What may be told of a token set without opening it (Logto's token set metadata). */
export interface TokenSetMetadata {
  scope?: string;
  /** When the access token expires, in seconds since the Unix epoch. */
  expiresAt?: number;
  tokenType?: string;
  hasRefreshToken: boolean;
}

/** A secret as the vault keeps it: base64 parts, the data key encrypted with the vault's key. */
export interface SealedSecret {
  encryptedDek: string;
  iv: string;
  authTag: string;
  ciphertext: string;
}

const encrypt = (key: Buffer, plain: Buffer) => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(METHOD, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, ciphertext, authTag: cipher.getAuthTag() };
};

const decrypt = (key: Buffer, iv: Buffer, ciphertext: Buffer, authTag: Buffer) => {
  const decipher = createDecipheriv(METHOD, key, iv);
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
};

/**
 * The secret vault (envelope encryption, as Logto's): each secret is encrypted with a fresh 256-bit data key
 * (AES-256-GCM), and the data key with the vault's key encryption key (`SECRET_VAULT_KEK`, 32 bytes in base64). A
 * tampered part fails its authentication tag; the plain text never reaches the database.
 */
export class SecretVault {
  private readonly kek: Buffer;

  constructor(kek: Buffer) {
    if (kek.length !== 32) throw new Error('The secret vault key must be 32 bytes.');
    this.kek = Buffer.from(kek);
  }

  /** The vault's key from its base64 form (SECRET_VAULT_KEK); undefined when unset. */
  static fromBase64(value: string | undefined) {
    if (!value) return undefined;
    const kek = Buffer.from(value, 'base64');
    if (kek.length !== 32) throw new Error('SECRET_VAULT_KEK must be 32 bytes in base64 (openssl rand -base64 32).');
    return new SecretVault(kek);
  }

  seal(plain: string): SealedSecret {
    const dek = randomBytes(32);
    const data = encrypt(dek, Buffer.from(plain, 'utf8'));
    const key = encrypt(this.kek, dek);
    return {
      encryptedDek: Buffer.concat([key.iv, key.ciphertext, key.authTag]).toString('base64'),
      iv: data.iv.toString('base64'),
      authTag: data.authTag.toString('base64'),
      ciphertext: data.ciphertext.toString('base64'),
    };
  }

  open(sealed: SealedSecret): string {
    const wrapped = Buffer.from(sealed.encryptedDek, 'base64');
    const dek = decrypt(
      this.kek,
      wrapped.subarray(0, IV_BYTES),
      wrapped.subarray(IV_BYTES, -TAG_BYTES),
      wrapped.subarray(-TAG_BYTES),
    );
    const base64 = (value: string) => Buffer.from(value, 'base64');
    return decrypt(dek, base64(sealed.iv), base64(sealed.ciphertext), base64(sealed.authTag)).toString('utf8');
  }

  /** A provider's token set sealed, with what may be told of it. */
  sealTokenSet(tokens: TokenSet, now = Date.now()): { sealed: SealedSecret; metadata: TokenSetMetadata } {
    const { access_token, refresh_token, id_token, scope, token_type, expires_in } = tokens;
    const kept = { access_token, refresh_token, id_token };
    const expiresIn = typeof expires_in === 'string' ? Number.parseInt(expires_in, 10) : (expires_in ?? 0);
    return {
      sealed: this.seal(JSON.stringify(kept)),
      metadata: {
        ...(scope ? { scope } : {}),
        ...(expiresIn > 0 ? { expiresAt: Math.floor(now / 1000) + expiresIn } : {}),
        ...(token_type ? { tokenType: token_type } : {}),
        hasRefreshToken: Boolean(refresh_token),
      },
    };
  }
}
