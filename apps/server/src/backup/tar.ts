// Unpacks the tar PGlite's dumpDataDir writes (ustar: folders and regular files, names from the data
// directory's root), so a restore needs no database engine started: the restored server opens the files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { BackupError } from './backup-files';

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** Extracts `tar` into `dest` (which must not exist yet); the number of files written. */
export function extractTar(tar: Buffer, dest: string): number {
  mkdirSync(dest, { recursive: false, mode: 0o700 });
  let files = 0;
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    if (field(header, 257, 5) !== 'ustar') throw new BackupError('the copy is not a tar PGlite wrote');
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    // Inside the data directory only: no absolute escape, no `..`.
    const relative = normalize(name.replace(/^\/+/, ''));
    if (relative.startsWith('..') || relative.split(sep).includes('..')) {
      throw new BackupError(`the copy holds a path outside the data directory: ${name}`);
    }
    const target = join(dest, relative);
    const body = offset + BLOCK;
    if (type === '5') {
      mkdirSync(target, { recursive: true, mode: 0o700 });
    } else if (type === '0' || type === '\0') {
      if (body + size > tar.length) throw new BackupError(`the copy is truncated at ${name}`);
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, tar.subarray(body, body + size), { mode: 0o600 });
      files++;
    } else {
      throw new BackupError(`the copy holds an entry of an unexpected kind (${type}): ${name}`);
    }
    offset = body + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
