import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

/**
 * One tag vocabulary per tenant (themes such as 'Zorg' or 'Sport'), shared by vacancies
 * and the social map's organisations, and the volunteers' interests. `name` is the Dutch
 * name, `name_en` the English one (empty: English pages show the Dutch name); the slug is
 * the filter value in URLs (`?tags=sport`). An archived tag is offered for no new use but
 * keeps its links (docs/tags.md).
 */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    nameEn: text("name_en"),
    slug: text("slug").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("tags_tenant_slug_idx").on(t.tenantId, t.slug)],
);

export const organizationTags = pgTable(
  "organization_tags",
  {
    tenantId: tenantId(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.tagId] }),
    index("organization_tags_tag_idx").on(t.tagId, t.organizationId),
  ],
);
