/**
 * `sandbox.stubs` and `sandbox.verify` of startSandbox(): the control API's stubs, typed from the
 * generated contract types, so that an editor completes a stub's response body for the operation
 * and status chosen (and refuses a status the operation does not declare) unless the stub is
 * marked `nonconforming`. The server still checks every stub against openapi.yaml when it is added.
 */
import type { Client } from 'openapi-fetch';
import type { operations } from '../contract/generated/openapi.js';
import type { components as ControlComponents, paths as ControlPaths } from '../contract/generated/control-api.js';

export type OperationId = keyof operations;
type ResponsesOf<O extends OperationId> = operations[O]['responses'];
/** The statuses the contract declares for an operation. */
export type DeclaredStatus<O extends OperationId> = keyof ResponsesOf<O> & number;
/** The JSON body the contract declares for an operation and status. */
export type ResponseBody<O extends OperationId, S extends DeclaredStatus<O>> = ResponsesOf<O>[S] extends { content: { 'application/json': infer Body } } ? Body : never;
/** The request body of an operation, any part of it (what `match.body` and `verify` compare). */
export type RequestBodySubset<O extends OperationId> = operations[O] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? DeepPartial<Omit<Body, 'apikey'>>
  : never;
type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

type NewStub = ControlComponents['schemas']['NewStub'];
export type Stub = ControlComponents['schemas']['Stub'];
export type StubList = ControlComponents['schemas']['StubList'];
export type Verification = ControlPaths['/verify']['post']['responses'][200]['content']['application/json'];

/** What every stub may say beside its answer. */
type StubCommon<O extends OperationId> = Omit<NewStub, 'apikey' | 'operation' | 'response' | 'fault' | 'nonconforming' | 'match'> & {
  operation: O;
  match?: { body?: RequestBodySubset<O>; headers?: Record<string, string> };
};

/** A conforming answer: a status the operation declares, and that status's body. */
type ConformingAnswer<O extends OperationId> = {
  [S in DeclaredStatus<O>]: { status: S; headers?: Record<string, string>; body?: ResponseBody<O, S> };
}[DeclaredStatus<O>];

export type StubDefinition<O extends OperationId = OperationId> = O extends OperationId
  ?
      | (StubCommon<O> & { response: ConformingAnswer<O>; fault?: NewStub['fault']; nonconforming?: false })
      | (StubCommon<O> & { response?: { status: number; headers?: Record<string, string>; body?: unknown }; fault?: NewStub['fault']; nonconforming: true })
      | (StubCommon<O> & { fault: NonNullable<NewStub['fault']>; response?: ConformingAnswer<O>; nonconforming?: boolean })
  : never;

export interface VerifyQuery<O extends OperationId = OperationId> {
  operation: O;
  body?: RequestBodySubset<O>;
  headers?: Record<string, string>;
  /** Exactly this many calls; left out: at least one. */
  count?: number;
}

/** The stubs of one account (the first demo account's unless `apikey` is given). */
export interface SandboxStubs {
  /** Adds a stub; rejects with the server's error (and the contract violations) when it is refused. */
  add<O extends OperationId>(stub: StubDefinition<O>, apikey?: string): Promise<Stub>;
  list(apikey?: string): Promise<StubList>;
  remove(id: string, apikey?: string): Promise<void>;
  reset(apikey?: string): Promise<void>;
}

/** A control call the server refused: its status, its message and, for a stub, the contract's violations. */
export class SandboxControlError extends Error {
  override name = 'SandboxControlError';
  constructor(
    readonly status: number,
    message: string,
    readonly violations: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(violations.length > 0 ? `${message}\n${violations.map((v) => `  ${v.path}: ${v.message}`).join('\n')}` : message);
  }
}

function refused(status: number, error: unknown): SandboxControlError {
  const body = (error ?? {}) as { error?: unknown; violations?: Array<{ path: string; message: string }> };
  return new SandboxControlError(status, typeof body.error === 'string' ? body.error : `control call failed with ${status}`, body.violations ?? []);
}

export function sandboxStubs(control: Client<ControlPaths>, defaultKey: () => string): { stubs: SandboxStubs; verify: <O extends OperationId>(query: VerifyQuery<O>, apikey?: string) => Promise<Verification> } {
  const stubs: SandboxStubs = {
    async add(stub, apikey = defaultKey()) {
      const { data, error, response } = await control.POST('/stubs/add', { body: { ...(stub as NewStub), apikey } });
      if (!data) throw refused(response.status, error);
      return data;
    },
    async list(apikey = defaultKey()) {
      const { data, error, response } = await control.POST('/stubs', { body: { apikey } });
      if (!data) throw refused(response.status, error);
      return data;
    },
    async remove(id, apikey = defaultKey()) {
      const { data, error, response } = await control.POST('/stubs/remove', { body: { apikey, id } });
      if (!data) throw refused(response.status, error);
    },
    async reset(apikey = defaultKey()) {
      const { data, error, response } = await control.POST('/stubs/reset', { body: { apikey } });
      if (!data) throw refused(response.status, error);
    },
  };
  const verify = async <O extends OperationId>(query: VerifyQuery<O>, apikey = defaultKey()): Promise<Verification> => {
    const { data, error, response } = await control.POST('/verify', { body: { ...query, apikey } });
    if (!data) throw refused(response.status, error);
    return data;
  };
  return { stubs, verify };
}
