import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { AppDb } from "../db/client";
import type { TEnv } from "../env";
import type { Mailer } from "../mail/mailer";

/**
 * A job kind: its name, the zod schema of its payload and the handler that runs it
 * (docs/jobs.md, "Adding a job kind"). The payload is checked when the job is enqueued and
 * again when it runs, so a row written by an older release, or by hand, fails cleanly
 * (state failed, the schema's message kept) instead of reaching the handler.
 */

/** What a handler gets besides its payload. `db` is the owner connection (no row security):
 *  a handler of a tenant's job works inside withTenant(db, job.tenantId, …) itself. */
export type TJobContext = {
  db: AppDb;
  mailer: Mailer;
  config: TEnv;
  log: FastifyBaseLogger;
  now: Date;
  job: { id: number; tenantId: number | null; kind: string; attempts: number; maxAttempts: number };
};

export type TJobDefinition<TPayload = unknown> = {
  kind: string;
  payload: z.ZodType<TPayload>;
  handler: (payload: TPayload, context: TJobContext) => Promise<void>;
  /** Runs before the job fails for good (default 8). */
  maxAttempts?: number;
  /** What the row keeps of the payload once the job succeeded: a mail job keeps no
   *  address and no link with a token (default: all of it). */
  redactOnSuccess?: (payload: TPayload) => unknown;
};

export function defineJob<TPayload>(
  definition: TJobDefinition<TPayload>,
): TJobDefinition<TPayload> {
  return definition;
}

/** Thrown by a handler when trying again cannot help: the job fails without more tries. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** The kinds a worker runs. A worker claims only kinds it knows, so a kind a newer release
 *  added waits for that release instead of failing, and a kind only a test entry registers
 *  never runs in production. */
export class JobRegistry {
  readonly #kinds = new Map<string, TJobDefinition<unknown>>();

  register<TPayload>(definition: TJobDefinition<TPayload>): this {
    if (this.#kinds.has(definition.kind)) {
      throw new Error(`job kind ${definition.kind} is registered twice`);
    }
    this.#kinds.set(definition.kind, definition as TJobDefinition<unknown>);
    return this;
  }

  get(kind: string): TJobDefinition<unknown> | undefined {
    return this.#kinds.get(kind);
  }

  kinds(): string[] {
    return [...this.#kinds.keys()];
  }
}
