import { PASSWORD_LENGTH } from "../../lib/contract/user";
import type { TEnv } from "../env";

/** One rate-limit rule: at most `points` attempts per `durationSeconds` window. */
export type TLimitRule = { points: number; durationSeconds: number };

/**
 * Everything auth needs besides the environment. Tests and the bench override parts of
 * it through `buildApp({ auth })`: a clock they control and small rate limits.
 */
export type TAuthSettings = {
  /** The clock for token expiry, the batch buffer, lockout and token lifetimes. */
  now: () => Date;
  /** devise_token_auth change_headers_on_each_request (TOKEN_ROTATION). */
  rotation: boolean;
  /** devise_token_auth token_lifespan; the expiry slides on every rotation. */
  lifespanSeconds: number;
  /** devise_token_auth batch_request_buffer_throttle (api-contract §1.2: 5 s). */
  batchBufferMs: number;
  /** devise_token_auth max_number_of_devices (api-contract §1.2: 10). */
  maxDevices: number;
  /** devise lockable maximum_attempts (docs/decisions.md, Auth: 5). */
  maxFailedAttempts: number;
  /** devise lockable unlock_in (docs/decisions.md, Auth: 1 hour). */
  unlockAfterMs: number;
  /** devise recoverable reset_password_within (6 hours, devise's default). */
  resetPasswordWithinMs: number;
  /** devise confirmable confirm_within (3 days). */
  confirmWithinMs: number;
  /** devise_invitable invite_for (ours: 14 days; docs/api-registration-invitations.md). */
  inviteWithinMs: number;
  /** devise validatable password_length minimum (ours: 8) and maximum (devise: 128). */
  passwordLength: { min: number; max: number };
  rateLimits: {
    /** Failed sign-ins per client IP (a success is refunded). */
    signInPerIp: TLimitRule;
    /** Failed sign-ins per tenant + email (reset by a success). */
    signInPerAccount: TLimitRule;
    /** Mail-sending requests (password reset, confirmation, unlock) per IP. */
    mailPerIp: TLimitRule;
    /** Mail-sending requests per tenant + email. */
    mailPerAccount: TLimitRule;
    /** Public form submissions per IP, valid or not (docs/forms.md). */
    formSubmissionsPerIp: TLimitRule;
  };
};

export type TAuthOverrides = Partial<Omit<TAuthSettings, "rateLimits">> & {
  rateLimits?: Partial<TAuthSettings["rateLimits"]>;
};

const MINUTE = 60;
const HOUR_MS = 3600_000;

export function authSettings(config: TEnv, overrides: TAuthOverrides = {}): TAuthSettings {
  const { rateLimits, ...rest } = overrides;
  return {
    now: () => new Date(),
    rotation: config.TOKEN_ROTATION,
    lifespanSeconds: config.TOKEN_LIFESPAN_SECONDS,
    batchBufferMs: 5_000,
    maxDevices: 10,
    maxFailedAttempts: 5,
    unlockAfterMs: HOUR_MS,
    resetPasswordWithinMs: 6 * HOUR_MS,
    confirmWithinMs: 72 * HOUR_MS,
    inviteWithinMs: 14 * 24 * HOUR_MS,
    passwordLength: PASSWORD_LENGTH,
    ...rest,
    rateLimits: {
      signInPerIp: { points: config.AUTH_SIGN_IN_LIMIT_PER_IP, durationSeconds: 15 * MINUTE },
      signInPerAccount: { points: 10, durationSeconds: 15 * MINUTE },
      mailPerIp: { points: config.AUTH_MAIL_LIMIT_PER_IP, durationSeconds: 15 * MINUTE },
      mailPerAccount: { points: 5, durationSeconds: 15 * MINUTE },
      formSubmissionsPerIp: { points: 20, durationSeconds: 15 * MINUTE },
      ...rateLimits,
    },
  };
}
