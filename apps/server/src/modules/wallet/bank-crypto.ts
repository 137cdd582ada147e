import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Bank account numbers at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the server
// secret, a fresh 96-bit IV per value, and the owner's id as associated data so a ciphertext
// copied onto another wallet row does not decrypt.
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface BankCipher {
  encrypt(plain: string, ownerId: string): string;
  decrypt(stored: string, ownerId: string): string;
}

export function createBankCipher(secret: string): BankCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'agora/wallet', 'bank-account-number/v1', 32));
  return {
    encrypt(plain, ownerId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(ownerId, 'utf8'));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
    },
    decrypt(stored, ownerId) {
      const [version, payload] = stored.split(':');
      if (version !== VERSION || !payload) throw new Error('unknown ciphertext format');
      const buf = Buffer.from(payload, 'base64');
      const iv = buf.subarray(0, IV_BYTES);
      const tag = buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(ownerId, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export function maskAccountNumber(last4: string): string {
  return `XXXXXX${last4}`;
}
