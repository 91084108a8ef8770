import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL tsvector; filled by a generated column, never written by the api. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
