import { type SQL, sql } from "drizzle-orm";
import { BUNDLED_PLACES } from "../../geo/places-nl";
import type { AppDb } from "../client";

/**
 * Synthetic vacancies for benchmarks (`npm run db:seed -- --vacancies 100000`;
 * docs/vacancies-search.md): spread at random over every tenant's approved organisations,
 * Dutch titles and summaries from word lists, places around the bundled towns (so place
 * searches find them), 1–3 random tags of the tenant. Generated inside PostgreSQL with
 * generate_series in batches, one INSERT … SELECT per batch, so 100 000 rows take seconds.
 */

const ROLES = [
  "Vrijwilliger",
  "Chauffeur",
  "Maatje",
  "Coördinator",
  "Gastvrouw",
  "Gastheer",
  "Begeleider",
  "Trainer",
  "Voorlezer",
  "Klusser",
  "Kok",
  "Tuinier",
  "Administratief medewerker",
  "Penningmeester",
  "Fotograaf",
  "Taalcoach",
  "Huiswerkbegeleider",
  "Bezoekvrijwilliger",
];
const PLACES = [
  "de voedselbank",
  "het buurthuis",
  "de bibliotheek",
  "de zorgboerderij",
  "het verpleeghuis",
  "de sportclub",
  "de basisschool",
  "het inloopcafé",
  "de kringloopwinkel",
  "het museum",
  "de kinderboerderij",
  "het repair café",
  "de speeltuin",
  "het hospice",
  "de moestuin",
  "het dorpshuis",
];
const ACTIVITIES = [
  "Help mee met koffie schenken en een praatje maken",
  "Ondersteun ouderen bij boodschappen en vervoer",
  "Begeleid kinderen bij sport en spel",
  "Houd de administratie en de planning bij",
  "Geef taallessen aan nieuwkomers",
  "Onderhoud de tuin en de paden",
  "Organiseer activiteiten voor de buurt",
  "Lees voor aan jonge kinderen",
  "Repareer fietsen, kleding en apparaten",
  "Zet je in bij evenementen en festivals",
];
const MOMENTS = [
  "op maandagochtend.",
  "op woensdagmiddag.",
  "in het weekend.",
  "op een avond naar keuze.",
  "een paar uur per week.",
  "wanneer het jou uitkomt.",
];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const floatArray = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::float8[]`;
const pick = (array: SQL, length: number) => sql`(${array})[1 + floor(random() * ${length})::int]`;

export async function generateVacancies(
  db: AppDb,
  total: number,
  options: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 10_000;
  const lat = floatArray(BUNDLED_PLACES.map((p) => p.latitude));
  const lon = floatArray(BUNDLED_PLACES.map((p) => p.longitude));
  const city = textArray(BUNDLED_PLACES.map((p) => p.name));
  const nPlaces = BUNDLED_PLACES.length;
  let done = 0;
  while (done < total) {
    const n = Math.min(batchSize, total - done);
    await db.execute(sql`
      with hosts as (
        select row_number() over (order by id) as n, id, tenant_id,
               case when type = 'VolunteerCenter' then id else volunteer_center_id end as centre
        from organizations
        where status = 'approved' and (type = 'VolunteerCenter' or volunteer_center_id is not null)
      ),
      host_count as (select count(*)::int as c from hosts),
      draws as (
        select i,
               1 + floor(random() * (select c from host_count))::int as host,
               1 + floor(random() * ${nPlaces})::int as place,
               random() as r
        from generate_series(1, ${n}) as i
      ),
      inserted as (
        insert into vacancies (tenant_id, volunteer_center_id, organization_id, title, summary,
          description, status, hours_per_week, remote, city, latitude, longitude, published_at)
        select h.tenant_id, h.centre, h.id,
               ${pick(textArray(ROLES), ROLES.length)} || ' bij ' || ${pick(textArray(PLACES), PLACES.length)},
               ${pick(textArray(ACTIVITIES), ACTIVITIES.length)} || ' ' || ${pick(textArray(MOMENTS), MOMENTS.length)},
               '<p>' || ${pick(textArray(ACTIVITIES), ACTIVITIES.length)} || '.</p>',
               case when d.r < 0.95 then 'published' when d.r < 0.98 then 'draft' else 'closed' end,
               case when random() < 0.1 then null else 1 + floor(random() * 24)::int end,
               random() < 0.08,
               (${city})[d.place],
               (${lat})[d.place] + (random() - 0.5) * 0.3,
               (${lon})[d.place] + (random() - 0.5) * 0.45,
               now() - random() * interval '365 days'
        from draws d join hosts h on h.n = d.host
        returning id, tenant_id
      )
      insert into vacancy_tags (tenant_id, vacancy_id, tag_id)
      select v.tenant_id, v.id, t.id
      from inserted v
      cross join lateral (
        select tags.id from tags
        where tags.tenant_id = v.tenant_id
        order by md5(tags.id::text || v.id::text)
        limit 1 + (v.id % 3)
      ) t
      on conflict do nothing
    `);
    done += n;
    options.onBatch?.(done);
  }
  return done;
}
