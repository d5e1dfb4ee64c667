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
