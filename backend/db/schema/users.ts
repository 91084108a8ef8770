import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TNotificationPreferences } from "../../../lib/contract/notification-preferences";
import type { TUserStatus } from "../../../lib/contract/user";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

// The statuses are the contract's, shared with the web.
export { type TUserStatus, USER_STATUSES } from "../../../lib/contract/user";

/** One devise_token_auth client: digests only, never the raw token (docs/decisions.md). */
export type TClientToken = {
  token: string;
  previousToken?: string;
  lastToken?: string;
  expiry: number;
  updatedAt: string;
  /** Set on a client issued by POST /api/v1/sign_in_as_user: the admin who started it, so
   *  DELETE /api/v1/sign_in_as_user can name them (docs/impersonation-and-account-deletion.md). */
  impersonatorId?: number;
};

/** Devise user: database_authenticatable, confirmable, lockable, recoverable, token auth. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    email: text("email").notNull(),
    provider: text("provider").notNull().default("email"),
    uid: text("uid").notNull(),
    encryptedPassword: text("encrypted_password"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    locale: text("locale").notNull().default("nl"),
    status: text("status").$type<TUserStatus>().notNull().default("active"),
    /** The centre the user is registered with (spec §1: one partner within a collaboration). */
    volunteerCenterId: integer("volunteer_center_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    allowPasswordChange: boolean("allow_password_change").notNull().default(false),
    // confirmable: digests of the raw tokens that were mailed
    confirmationToken: text("confirmation_token"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    unconfirmedEmail: text("unconfirmed_email"),
    // recoverable
    resetPasswordToken: text("reset_password_token"),
    resetPasswordSentAt: timestamp("reset_password_sent_at", { withTimezone: true }),
    // lockable
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    unlockToken: text("unlock_token"),
    // trackable
    signInCount: integer("sign_in_count").notNull().default(0),
    currentSignInAt: timestamp("current_sign_in_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    currentSignInIp: text("current_sign_in_ip"),
    lastSignInIp: text("last_sign_in_ip"),
    // invitable
    invitationToken: text("invitation_token"),
    invitationSentAt: timestamp("invitation_sent_at", { withTimezone: true }),
    invitationAcceptedAt: timestamp("invitation_accepted_at", { withTimezone: true }),
    /** Who sent the invitation (devise_invitable invited_by). */
    invitedById: integer("invited_by_id"),
    // account deletion (/account/verwijderen): the mailed token's digest, then the moment
    // the account was anonymised (docs/impersonation-and-account-deletion.md)
    deletionToken: text("deletion_token"),
    deletionSentAt: timestamp("deletion_sent_at", { withTimezone: true }),
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    /** How the user wants to hear of each kind of event; a kind left out is the default
     *  (lib/contract/notification-preferences.ts). On the user, not the volunteer profile:
     *  staff and meedoen's users, who have no profile, get notifications too. */
    notificationPreferences: jsonb("notification_preferences")
      .$type<TNotificationPreferences>()
      .notNull()
      .default({}),
    /** devise_token_auth tokens per client id. */
    tokens: jsonb("tokens").$type<Record<string, TClientToken>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_tenant_email_idx").on(t.tenantId, t.email),
    uniqueIndex("users_tenant_uid_idx").on(t.tenantId, t.uid, t.provider),
    uniqueIndex("users_confirmation_token_idx").on(t.confirmationToken),
    uniqueIndex("users_reset_password_token_idx").on(t.resetPasswordToken),
    uniqueIndex("users_unlock_token_idx").on(t.unlockToken),
    uniqueIndex("users_invitation_token_idx").on(t.invitationToken),
    uniqueIndex("users_deletion_token_idx").on(t.deletionToken),
    index("users_center_idx").on(t.volunteerCenterId),
    // A tenant's active users by id: the volunteer pool's count joins its members to it
    // (queries/volunteer-pool.ts) without reading the users' rows.
    index("users_active_idx").on(t.tenantId, t.id).where(sql`${t.status} = 'active'`),
    check("users_status_check", sql`${t.status} in ('active', 'invited', 'inactive', 'archived')`),
  ],
);
