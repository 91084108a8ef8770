import type { TUserFacts } from "../policies/policy";

/**
 * The centre an audit entry about a user concerns (docs/audit-log.md): the user's own
 * centre, else the centre of an organization they work for; null (superadmins only) when
 * they have neither.
 */
export const userAuditCenter = (
  user: { volunteerCenterId: number | null },
  facts: Pick<TUserFacts, "centerIds">,
): number | null => user.volunteerCenterId ?? facts.centerIds[0] ?? null;
