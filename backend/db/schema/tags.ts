import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

/**
 * One tag vocabulary per tenant (themes such as 'Zorg' or 'Sport'), shared by vacancies
 * and the social map's organisations. Names are shown as written; the slug is the filter
 * value in URLs (`?tags=sport`).
 */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
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
