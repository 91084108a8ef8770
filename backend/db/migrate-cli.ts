import { env } from "../env";
import { migrate } from "./migrate";
import { openDatabaseFromEnv } from "./open-from-env";

const database = await openDatabaseFromEnv(env());
await migrate(database);
await database.close();
console.log(`migrated (${database.kind})`);
