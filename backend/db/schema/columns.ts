import { integer } from "drizzle-orm/pg-core";
import { tenants } from "./tenants";

export { timestamps } from "./timestamps";

/** Every tenant-owned table carries tenant_id (ARCHITECTURE decision 1). */
export const tenantId = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });
