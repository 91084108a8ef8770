import type { TRoleName, TUserStatus } from "../schema";

/** Every seeded account's password (README: demo users). */
export const SEED_PASSWORD = "Welkom123!";

/** What a role hangs on: nothing (global) or one of the tenant's anchors (tenants.ts). */
export type TRoleAnchor = "defaultCenter" | "school" | "organization" | "desk";

export type TSeedUser = {
  /** The part before '@': the address is `<localPart>@<tenant>.volunteerly.test`. */
  localPart: string;
  firstName: string;
  lastName: string;
  status: TUserStatus;
  roles: { name: TRoleName; on?: TRoleAnchor }[];
  /** false = confirmable mail not yet followed (confirmed_at null, a confirmation token set). */
  confirmed: boolean;
  /** true = invited (devise_invitable): no password yet, an invitation token digest set. */
  invited?: boolean;
  /** Registered with the tenant's second centre; seeded only where the tenant has one. */
  secondCenter?: boolean;
  /** Tenants where this user reads English; everyone else reads Dutch. */
  englishIn?: string[];
};

export const SEED_USERS: TSeedUser[] = [
  {
    localPart: "superadmin",
    firstName: "Saskia",
    lastName: "de Vries",
    status: "active",
    roles: [{ name: "superadmin" }],
    confirmed: true,
  },
  {
    // A regional desk administrator: admin of the tenant's volunteer centre (ARCHITECTURE decision 3).
    localPart: "admin",
    firstName: "Anouk",
    lastName: "Jansen",
    status: "active",
    roles: [{ name: "admin", on: "defaultCenter" }],
    confirmed: true,
  },
  {
    localPart: "org-admin",
    firstName: "Bram",
    lastName: "Bakker",
    status: "active",
    roles: [{ name: "admin", on: "school" }],
    confirmed: true,
  },
  {
    localPart: "member",
    firstName: "Mila",
    lastName: "Visser",
    status: "active",
    roles: [{ name: "member", on: "organization" }],
    confirmed: true,
  },
  {
    localPart: "volunteer",
    firstName: "Daan",
    lastName: "Smit",
    status: "active",
    roles: [{ name: "volunteer" }],
    confirmed: true,
    englishIn: ["public"],
  },
  {
    localPart: "desk-manager",
    firstName: "Fatima",
    lastName: "El Amrani",
    status: "active",
    roles: [{ name: "desk_manager", on: "desk" }],
    confirmed: true,
  },
  {
    localPart: "invited",
    firstName: "Ilse",
    lastName: "Mulder",
    status: "invited",
    roles: [{ name: "member", on: "organization" }],
    // devise_invitable skips confirmation when it invites a new record.
    confirmed: true,
    invited: true,
  },
  {
    localPart: "inactive",
    firstName: "Noah",
    lastName: "de Boer",
    status: "inactive",
    roles: [{ name: "volunteer" }],
    confirmed: true,
  },
  {
    localPart: "other-centre",
    firstName: "Lotte",
    lastName: "Meijer",
    status: "active",
    roles: [{ name: "volunteer" }],
    confirmed: true,
    secondCenter: true,
  },
  {
    localPart: "unconfirmed",
    firstName: "Youssef",
    lastName: "Bos",
    status: "active",
    roles: [{ name: "volunteer" }],
    confirmed: false,
  },
];

export function seedEmail(localPart: string, tenantSlug: string): string {
  return `${localPart}@${tenantSlug}.volunteerly.test`;
}

/**
 * The raw invitation and confirmation tokens of the seeded invited and unconfirmed users
 * (only their digests are stored), so tests can follow those flows without reading mail.
 */
export function seedRawToken(kind: "invitation" | "confirmation", tenantSlug: string): string {
  return `seed-${kind}-${tenantSlug}`;
}
