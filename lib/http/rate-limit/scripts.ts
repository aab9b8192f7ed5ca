import { createHash } from 'node:crypto';

/** Redis names a Lua script by the SHA-1 of its text (EVALSHA); the library pins these hashes. */
export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Redis 7.0 refuses the library's `#!lua flags=allow-key-locking` shebang (a newer Redis flag). */
export function stripShebang(script: string): string {
  return script.startsWith('#!') ? script.slice(script.indexOf('\n') + 1) : script;
}
