import { env } from "../env";
import { migrate } from "./migrate";
import { openDatabaseFromEnv } from "./open-from-env";
import { seed } from "./seed";
import { generateVacancies } from "./seed/vacancy-generator";

// `npm run db:seed -- --vacancies 100000`: also N synthetic vacancies for benchmarks.
function vacanciesToGenerate(argv: readonly string[]): number {
  const at = argv.indexOf("--vacancies");
  if (at === -1) return 0;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error("--vacancies needs a positive whole number");
  return n;
}
const generate = vacanciesToGenerate(process.argv.slice(2));

// `npm run db:seed`: the database of the environment (DATABASE_URL or PGLITE_DIR), migrated, then seeded.
const database = await openDatabaseFromEnv(env());
try {
  await migrate(database);
  const started = performance.now();
  const created = await seed(database.db);
  const inserted = Object.entries(created).filter(([, n]) => n > 0);
  const summary = inserted.length
    ? inserted.map(([table, n]) => `${n} ${table}`).join(", ")
    : "nothing new, the data was there";
  console.log(
    `seeded (${database.kind}) in ${Math.round(performance.now() - started)} ms: ${summary}`,
  );
  if (generate > 0) {
    const at = performance.now();
    await generateVacancies(database.db, generate);
    console.log(`generated ${generate} vacancies in ${Math.round(performance.now() - at)} ms`);
  }
} finally {
  await database.close();
}
