/**
 * Before any check: one request tells whether the base URL answers at all, so that a server that is
 * down gives one clear error (`cannot connect to http://…: ECONNREFUSED`) instead of a failure per
 * check. Any HTTP answer counts (the request carries no key, so 401 is the expected one).
 */

/** The reason a fetch failed, as the system names it (ECONNREFUSED, ENOTFOUND, ...), else its message. */
export function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown; errors?: Array<{ code?: unknown }> } } | null)?.cause;
  const code = cause?.code ?? cause?.errors?.find((e) => typeof e.code === 'string')?.code;
  if (typeof code === 'string') return code;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer (time-out)';
  return typeof cause?.message === 'string' ? cause.message : (error as Error)?.message ?? String(error);
}

/** undefined when the base URL answers; else the one-line error. */
export async function preflight(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${baseUrl}/booking_overview.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return undefined;
  } catch (error) {
    const cause = networkCause(error);
    return `cannot connect to ${baseUrl}: ${cause === 'no answer (time-out)' ? `no answer within ${timeoutMs} ms` : cause}`;
  }
}

/**
 * With --control: one read of the account's clock tells whether the control URL offers the sandbox
 * control API, so that a server without it (a mock, a partner's own server) gives one clear error
 * instead of a SETUP failure per check. undefined when it does; else the one-line error.
 */
export async function controlPreflight(controlUrl: string, apikey: string, timeoutMs: number): Promise<string | undefined> {
  const base = controlUrl.replace(/\/+$/, '');
  const clockUrl = `${base.endsWith('/_control') ? base : `${base}/_control`}/clock`;
  const notOffered = `${controlUrl} does not offer the control API; run without --control or point it at the sandbox`;
  let response: Response;
  try {
    response = await fetch(clockUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apikey }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = networkCause(error);
    return `cannot connect to the control API at ${controlUrl}: ${cause === 'no answer (time-out)' ? `no answer within ${timeoutMs} ms` : cause}`;
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return notOffered;
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as { now?: unknown; offset_seconds?: unknown; error?: unknown };
  if (response.ok && typeof fields.now === 'string' && typeof fields.offset_seconds === 'number') return undefined;
  if ((response.status === 401 || response.status === 403) && typeof fields.error === 'string') {
    return `the control API at ${controlUrl} refused the key (${response.status}): ${fields.error}`;
  }
  return notOffered;
}
