/**
 * Test harness for the sandbox console (/_control/ui) without a browser: a client that keeps the
 * session cookie, posts url-encoded forms the way a browser on the console's origin does (Origin
 * and Sec-Fetch-Site headers; both can be overridden), and reads the CSRF token off the last page.
 */
export interface ConsolePage {
  status: number;
  headers: Headers;
  text: string;
}

export const CONSOLE = '/_control/ui';

export class ConsoleClient {
  /** `name=value` of the session cookie, when the server set one. */
  cookie: string | undefined;
  private lastCsrf = '';

  constructor(readonly baseUrl: string) {}

  /** The CSRF token of the last page that had forms. */
  get csrfToken(): string {
    return this.lastCsrf;
  }

  async get(path: string, init: RequestInit = {}): Promise<ConsolePage> {
    return this.send(path, { ...init, method: init.method ?? 'GET' });
  }

  /** A form POST from the console's own page (override `origin` / `sec-fetch-site` with `headers`). */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<ConsolePage> {
    return this.send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.baseUrl,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** A state-changing form with the session's CSRF token. */
  async submit(path: string, fields: Record<string, string> = {}): Promise<ConsolePage> {
    return this.post(path, { csrf_token: this.lastCsrf, ...fields });
  }

  async signIn(apikey: string): Promise<ConsolePage> {
    const response = await this.post(`${CONSOLE}/login`, { apikey });
    if (response.status !== 303) throw new Error(`sign-in: ${response.status} ${response.text}`);
    await this.get(CONSOLE);
    return response;
  }

  private async send(path: string, init: RequestInit): Promise<ConsolePage> {
    const headers = new Headers(init.headers);
    if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie);
    const response = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name === 'control_ui_session') this.cookie = value ? `${name}=${value}` : undefined;
    }
    const text = await response.text();
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(text);
    if (csrf) this.lastCsrf = csrf[1] as string;
    return { status: response.status, headers: response.headers, text };
  }
}
