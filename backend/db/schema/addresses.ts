import { doublePrecision, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";

/** Polymorphic, Rails-style: addressable_type 'Organization' | 'Desk'. */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    addressableType: text("addressable_type").$type<"Organization" | "Desk">().notNull(),
    addressableId: integer("addressable_id").notNull(),
    street: text("street"),
    houseNumber: text("house_number"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country").notNull().default("NL"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    ...timestamps,
  },
  (t) => [index("addresses_addressable_idx").on(t.tenantId, t.addressableType, t.addressableId)],
);
