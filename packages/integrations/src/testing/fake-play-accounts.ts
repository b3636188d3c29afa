// Throwaway Google service-account keys for tests: the JSON key fields google-auth-library reads.
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generateRsaKeyPair = promisify(generateKeyPair);

/** The fields of a service account's JSON key that the Play adapter uses. */
export type PlayTestServiceAccount = { client_email: string; private_key: string; token_uri?: string };

let accountSequence = 0;

/** A fresh RSA-2048 key (PKCS#8 PEM, like Google's key files) under a unique service-account email. */
export const createTestServiceAccount = async (): Promise<PlayTestServiceAccount> => {
  const { privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  accountSequence += 1;
  return {
    client_email: `play-test-${process.pid}-${accountSequence}@doppel-test.iam.gserviceaccount.com`,
    private_key: privateKey,
  };
};
