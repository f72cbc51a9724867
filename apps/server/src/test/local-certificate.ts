import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalCertificate {
  certFile: string;
  keyFile: string;
  /** base64 SHA-256 of the public key: Chromium's `--ignore-certificate-errors-spki-list` trusts it alone. */
  spkiHash: string;
}

/** A self-signed certificate for 127.0.0.1 in `dir`, made by the system's openssl as an operator would. */
export function makeLocalCertificate(dir: string): LocalCertificate {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2']
      .concat(['-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1'])
      .concat(['-addext', 'subjectAltName=IP:127.0.0.1']),
    { stdio: 'ignore' },
  );
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: 'spki', format: 'der' });
  return { certFile, keyFile, spkiHash: createHash('sha256').update(spki).digest('base64') };
}
