/**
 * What to do about a permission error at start. The image runs as uid 10001, and a bind-mounted
 * directory or a secret file owned by root (mode 0600) is the usual cause: the errno alone does not
 * say which user was refused, so the message names it and the fix.
 */
const PERMISSION_CODES = new Set(['EACCES', 'EPERM']);

/** An error's errno code, also when only its message carries it (`EACCES: permission denied, …`). */
function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string') return code;
  return /\b(EACCES|EPERM)\b/.exec(error instanceof Error ? error.message : String(error))?.[1];
}

/** ` This process runs as uid N …: <fix>`, or '' when the error is not a permission error. */
export function permissionHint(error: unknown, fix: string): string {
  const code = errnoCode(error);
  if (code === undefined || !PERMISSION_CODES.has(code)) return '';
  const who = typeof process.getuid === 'function' ? `uid ${process.getuid()}, gid ${process.getgid!()}` : 'this user';
  return ` This process runs as ${who}: ${fix}.`;
}

export const STORE_PERMISSION_FIX = 'DB_FILE, its journal and their directory must be writable by it (a bind-mounted directory: chown it to that uid, or run the container as its owner with --user)';
export const SECRET_PERMISSION_FIX = 'the file must be readable by it (chown it to that uid, or give that gid read access: chgrp and chmod 0440)';
