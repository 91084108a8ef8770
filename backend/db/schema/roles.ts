import { index, integer, pgTable, primaryKey, serial, text, unique } from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { users } from "./users";

export const ROLE_NAMES = ["superadmin", "admin", "member", "desk_manager", "volunteer"] as const;
export type TRoleName = (typeof ROLE_NAMES)[number];

/** rolify roles: global (type and id null), class (id null) or instance scoped. */
export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    resourceType: text("resource_type"),
    resourceId: integer("resource_id"),
    ...timestamps,
  },
  (t) => [
    index("roles_name_idx").on(t.tenantId, t.name),
    // One row per (name, resource): rolify shares role rows between users. NULLS NOT
    // DISTINCT so two global roles of one name collide too.
    unique("roles_name_resource_key")
      .on(t.tenantId, t.name, t.resourceType, t.resourceId)
      .nullsNotDistinct(),
  ],
);

export const usersRoles = pgTable(
  "users_roles",
  {
    tenantId: tenantId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  // rolify has no primary key here; one keeps add_role idempotent at the database too.
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index("users_roles_role_idx").on(t.roleId),
  ],
);
