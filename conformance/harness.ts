/**
 * The control harness (server/control-api.yaml), used like Pact's provider states: reset the
 * run's account, read and move its clock, pay its booking without a browser, read its e-mail
 * outbox and list the scenario hotels. Every call names the account by `apikey` in the JSON body,
 * as on the API, and touches only that account. Every failed call is a SetupFailure: a check whose
 * preconditions could not be set up is reported as such, never as a pass.
 */
import { SetupFailure } from './kit/failures.js';

export interface ScenarioHotel {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  city: string;
  effects: Array<{ kind: string; [parameter: string]: unknown }>;
  effect: string;
}

export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  bookhash: string;
  sent_at: string;
}

export type PaymentOutcome = 'success' | 'payment_failed' | 'booking_failed';

/** The account's clock: its time and its offset over real time. */
export interface ClockState {
  now: Date;
  offsetSeconds: number;
}

export class ControlHarness {
  /** Calls made, for the report. */
  calls = 0;
  private readonly base: string;

  /**
   * @param url the server's base URL or its `/_control` URL
   * @param apikey the account every call acts on
   */
  constructor(
    url: string,
    private readonly apikey: string,
    private readonly timeoutMs = 5000,
  ) {
    const trimmed = url.replace(/\/+$/, '');
    this.base = trimmed.endsWith('/_control') ? trimmed : `${trimmed}/_control`;
  }

  get url(): string {
    return this.base;
  }

  /** The account back to its first-start state: its bookings, outbox, searches and clock. */
  async reset(): Promise<Date> {
    const body = await this.call<{ now: string }>('POST', '/reset', {});
    return parseInstant(body.now, 'reset');
  }

  async clock(): Promise<Date> {
    return (await this.clockState()).now;
  }

  async clockState(): Promise<ClockState> {
    const body = await this.call<{ now: string; offset_seconds: unknown }>('POST', '/clock', {});
    if (typeof body.offset_seconds !== 'number') throw new SetupFailure('/_control/clock: no offset_seconds in the answer');
    return { now: parseInstant(body.now, 'clock'), offsetSeconds: body.offset_seconds };
  }

  /** Sets the account's offset over real time exactly (0 = real time). */
  async setOffset(seconds: number): Promise<Date> {
    const body = await this.call<{ now: string }>('POST', '/clock', { offset_seconds: seconds });
    return parseInstant(body.now, 'clock');
  }

  async advance(seconds: number): Promise<Date> {
    const body = await this.call<{ now: string }>('POST', '/clock', { advance_seconds: seconds });
    return parseInstant(body.now, 'clock');
  }

  async setClock(now: Date): Promise<Date> {
    const body = await this.call<{ now: string }>('POST', '/clock', { now: now.toISOString() });
    return parseInstant(body.now, 'clock');
  }

  async pay(bookhash: string, outcome: PaymentOutcome = 'success', clientRemarks?: string): Promise<Record<string, unknown>> {
    const body = await this.call<{ booking: Record<string, unknown> }>('POST', '/pay', {
      bookhash,
      outcome,
      ...(clientRemarks === undefined ? {} : { client_remarks: clientRemarks }),
    });
    return body.booking;
  }

  async outbox(): Promise<OutboxEmail[]> {
    const body = await this.call<{ emails: OutboxEmail[] }>('POST', '/outbox', {});
    if (!Array.isArray(body.emails)) throw new SetupFailure('GET /_control/outbox: no emails array in the answer');
    return body.emails;
  }

  async scenarios(): Promise<ScenarioHotel[]> {
    const body = await this.call<{ scenarios: ScenarioHotel[] }>('GET', '/scenarios');
    if (!Array.isArray(body.scenarios)) throw new SetupFailure('GET /_control/scenarios: no scenarios array in the answer');
    return body.scenarios;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    this.calls++;
    const what = `${method} /_control${path}`;
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify({ apikey: this.apikey, ...body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SetupFailure(`${what} failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new SetupFailure(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SetupFailure(`${what} answered ${response.status} with a body that is not JSON: ${text.slice(0, 120)}`);
    }
  }
}

function parseInstant(text: unknown, what: string): Date {
  const instant = typeof text === 'string' ? new Date(text) : new Date(NaN);
  if (Number.isNaN(instant.getTime())) throw new SetupFailure(`/_control/${what}: 'now' is not a date-time (${String(text)})`);
  return instant;
}
