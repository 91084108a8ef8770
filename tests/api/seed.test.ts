import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TENANTS } from "@/lib/tenants/tenants";
import { verifyPassword } from "../../backend/auth/password";
import { tokenDigest } from "../../backend/auth/tokens";
import type { Database } from "../../backend/db/client";
import { seed } from "../../backend/db/seed";
import { SEED_PASSWORD, seedRawToken } from "../../backend/db/seed/users";
import { mailJob } from "../../backend/jobs/mail";
import { freshDatabase } from "./support/database";

const TABLES = [
  "tenants",
  "organizations",
  "organization_profiles",
  "addresses",
  "desks",
  "roles",
  "users",
  "users_roles",
  "redirect_rules",
  "translations",
  "site_settings",
  "notifications",
  "activity_events",
  "jobs",
  "volunteer_profiles",
  "volunteer_profile_tags",
  "applications",
  "application_transitions",
  "conversations",
  "conversation_participants",
  "messages",
] as const;

let database: Database;
// AppDb.execute is typed loosely (it spans both drivers); both return { rows }.
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

/** Every row of every seeded table, as JSON: a second seed must leave this untouched. */
const snapshot = async () => {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ data: unknown }>(
      sql`select coalesce(json_agg(t order by t::text), '[]') as data from ${sql.identifier(table)} t`,
    );
    out[table] = row.data;
  }
  return out;
};

beforeAll(async () => {
  database = await freshDatabase();
  await seed(database.db);
});
afterAll(() => database.close());

describe("seed", () => {
  it("a second run changes no row and adds none", async () => {
    const before = await snapshot();
    const created = await seed(database.db);
    expect(Object.values(created).every((n) => n === 0)).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect((before.users as unknown[]).length).toBeGreaterThan(50);
  });

  it("creates the six tenants, each with a default centre of its own", async () => {
    const found = await rows<{ slug: string; type: string | null; same_tenant: boolean }>(sql`
      select t.slug, o.type, o.tenant_id = t.id as same_tenant
      from tenants t left join organizations o on o.id = t.default_volunteer_center_id
      order by t.slug`);
    expect(found.map((t) => t.slug)).toEqual(Object.keys(TENANTS).sort());
    for (const tenant of found) {
      expect(tenant).toEqual({ slug: tenant.slug, type: "VolunteerCenter", same_tenant: true });
    }
  });

  it("gives demo and cordaad two centres and the others one", async () => {
    const counts = await rows<{ slug: string; centres: number }>(sql`
      select t.slug, count(o.id)::int as centres from tenants t
      join organizations o on o.tenant_id = t.id and o.type = 'VolunteerCenter'
      group by t.slug order by t.slug`);
    expect(Object.fromEntries(counts.map((c) => [c.slug, c.centres]))).toEqual({
      cordaad: 2,
      demo: 2,
      meedoen: 1,
      oldebroek: 1,
      public: 1,
      roermond: 1,
    });
  });

  it("stores the feature switches the web config has for each tenant", async () => {
    const found = await rows<{ slug: keyof typeof TENANTS; name: string; settings: object }>(
      sql`select slug, name, settings from tenants`,
    );
    for (const tenant of found) {
      const web = TENANTS[tenant.slug];
      expect({ name: tenant.name, settings: tenant.settings }).toMatchObject({
        name: web.displayName,
        settings: {
          ...web.features,
          highContrast: web.highContrast,
          allowInactiveUsers: web.allowInactiveUsers,
          moveOrganizations: web.moveOrganizations,
        },
      });
    }
  });

  it("seeds schools and organizations in every status, each with a profile and an address", async () => {
    const statuses = await rows<{ status: string }>(
      sql`select distinct status from organizations where type <> 'VolunteerCenter' order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(["approved", "archived", "denied", "pending"]);
    const bare = await rows<{ id: number }>(sql`
      select o.id from organizations o
      where not exists (select 1 from organization_profiles p where p.organization_id = o.id)
         or not exists (select 1 from addresses a where a.addressable_type = 'Organization'
                        and a.addressable_id = o.id and a.latitude is not null)`);
    expect(bare).toEqual([]);
  });

  it("has a 'Balie NOV' desk and a desk without coordinates", async () => {
    const found = await rows<{ azc_name: string; mapped: boolean }>(sql`
      select d.azc_name, exists (select 1 from addresses a where a.addressable_type = 'Desk'
        and a.addressable_id = d.id and a.latitude is not null and a.longitude is not null) as mapped
      from desks d`);
    expect(found).toContainEqual({ azc_name: "Balie NOV", mapped: true });
    expect(found.some((d) => !d.mapped)).toBe(true);
  });

  it("gives every tenant a user for every role, on the right kind of resource", async () => {
    const found = await rows<{ tenant: string; email: string; role: string; on: string | null }>(
      sql`select t.slug as tenant, u.email, r.name as role,
            coalesce(o.type, r.resource_type) as on
          from users u join tenants t on t.id = u.tenant_id
          join users_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
          left join organizations o on r.resource_type = 'Organization' and o.id = r.resource_id
          where u.status = 'active' and u.confirmed_at is not null`,
    );
    for (const tenant of Object.keys(TENANTS)) {
      const mine = found.filter((f) => f.tenant === tenant).map(({ tenant: _, ...f }) => f);
      const at = (part: string) => `${part}@${tenant}.volunteerly.test`;
      expect(mine).toEqual(
        expect.arrayContaining([
          { email: at("superadmin"), role: "superadmin", on: null },
          { email: at("admin"), role: "admin", on: "VolunteerCenter" },
          { email: at("org-admin"), role: "admin", on: "School" },
          { email: at("member"), role: "member", on: "Organization" },
          { email: at("volunteer"), role: "volunteer", on: null },
          { email: at("desk-manager"), role: "desk_manager", on: "Desk" },
        ]),
      );
    }
  });

  it("seeds the invited, inactive, unconfirmed and other-centre users as their state says", async () => {
    const found = await rows<{
      email: string;
      status: string;
      has_password: boolean;
      invitation_token: string | null;
      confirmed: boolean;
      default_centre: boolean;
    }>(sql`
      select u.email, u.status, u.encrypted_password is not null as has_password,
             u.invitation_token, u.confirmed_at is not null as confirmed,
             u.volunteer_center_id = t.default_volunteer_center_id as default_centre
      from users u join tenants t on t.id = u.tenant_id where t.slug = 'demo'`);
    const user = (part: string) => found.find((u) => u.email === `${part}@demo.volunteerly.test`);
    expect(user("invited")).toMatchObject({
      status: "invited",
      has_password: false,
      invitation_token: tokenDigest(seedRawToken("invitation", "demo")),
    });
    expect(user("inactive")).toMatchObject({ status: "inactive", has_password: true });
    expect(user("unconfirmed")).toMatchObject({ status: "active", confirmed: false });
    expect(user("other-centre")).toMatchObject({ status: "active", default_centre: false });
    expect(user("admin")).toMatchObject({ default_centre: true, confirmed: true });
  });

  it("registers nobody with another centre in a tenant that has only one", async () => {
    const found = await rows<{ email: string }>(sql`
      select u.email from users u join tenants t on t.id = u.tenant_id
      where u.volunteer_center_id is distinct from t.default_volunteer_center_id
        and t.slug not in ('demo', 'cordaad')`);
    expect(found).toEqual([]);
  });

  it("seeds the redirect rules of demo and oldebroek, and no other tenant's", async () => {
    const found = await rows<{ tenant: string; path: string; target: string; permanent: boolean }>(
      sql`select t.slug as tenant, r.path, r.target, r.permanent
          from redirect_rules r join tenants t on t.id = r.tenant_id
          order by t.slug, r.path collate "C"`,
    );
    expect(found).toEqual([
      { tenant: "demo", path: "/facebook", target: "https://www.facebook.com/", permanent: false },
      { tenant: "demo", path: "/over-ons", target: "/partners", permanent: false },
      { tenant: "demo", path: "/vacatures", target: "/vacancies/search", permanent: true },
      { tenant: "oldebroek", path: "/burenhulp", target: "/een-op-een-hulp", permanent: false },
    ]);
  });

  it("gives oldebroek's default centre a footer of its own, with safe links", async () => {
    const found = await rows<{ tenant: string; is_default: boolean; links: { url: string }[] }>(
      sql`select t.slug as tenant, s.volunteer_center_id = t.default_volunteer_center_id as is_default,
                 s.footer->'links' as links
          from site_settings s join tenants t on t.id = s.tenant_id order by t.slug`,
    );
    expect(found.map((f) => [f.tenant, f.is_default])).toEqual([["oldebroek", true]]);
    for (const link of found.flatMap((f) => f.links)) {
      expect(link.url).toMatch(/^(\/[^/\\]|https:\/\/)/);
    }
  });

  it("overrides oldebroek's sign-in title in both locales, and nothing for the others", async () => {
    const found = await rows<{ tenant: string; locale: string; key: string; value: string }>(
      sql`select t.slug as tenant, m.locale, m.key, m.value
          from translations m join tenants t on t.id = m.tenant_id
          order by t.slug, m.locale, m.key`,
    );
    expect(found).toEqual([
      {
        tenant: "oldebroek",
        locale: "en",
        key: "auth.signIn.title",
        value: "Sign in to Vrijwilligerswerk Oldebroek",
      },
      {
        tenant: "oldebroek",
        locale: "nl",
        key: "auth.signIn.title",
        value: "Inloggen bij Vrijwilligerswerk Oldebroek",
      },
    ]);
  });

  it("gives every site a sent mail job and a failed one that a superadmin can run again", async () => {
    const perTenant = await rows<{ slug: string; states: string[] }>(sql`
      select t.slug, array_agg(j.state order by j.state) as states
      from tenants t left join jobs j on j.tenant_id = t.id
      group by t.slug order by t.slug`);
    expect(perTenant.map((t) => t.slug)).toEqual(Object.keys(TENANTS).sort());
    for (const tenant of perTenant) {
      expect(tenant).toEqual({ slug: tenant.slug, states: ["failed", "succeeded"] });
    }
    const failed = await rows<{ payload: unknown; attempts: number; max_attempts: number }>(
      sql`select payload, attempts, max_attempts from jobs where state = 'failed'`,
    );
    for (const job of failed) {
      // The worker's own payload check: a retried seed job is sent, not failed at once.
      expect(mailJob.payload.safeParse(job.payload).success).toBe(true);
      expect(job.attempts).toBe(job.max_attempts);
    }
  });

  it("gives every seeded user four notifications in Dutch, the two newest unread, each linking to a page of the site", async () => {
    const perUser = await rows<{ email: string; kinds: string[]; unread: boolean[] }>(sql`
      select u.email,
             array_agg(n.kind order by n.created_at desc, n.id desc) as kinds,
             array_agg(n.read_at is null order by n.created_at desc, n.id desc) as unread
      from users u left join notifications n on n.user_id = u.id and n.tenant_id = u.tenant_id
      group by u.email, u.tenant_id`);
    expect(perUser.length).toBeGreaterThan(50);
    for (const user of perUser) {
      expect(user).toEqual({
        email: user.email,
        kinds: ["application", "message", "organization", "system"],
        unread: [true, true, false, false],
      });
    }
    const oldebroek = await rows<{ title: string; url: string; age: string; read_after: string }>(
      sql`select n.title, n.url,
            case when n.created_at > now() - interval '1 hour' then 'minutes'
                 when n.created_at > now() - interval '1 day' then 'hours'
                 else 'days' end as age,
            coalesce((n.read_at > n.created_at and n.read_at < now())::text, 'unread') as read_after
          from notifications n join users u on u.id = n.user_id join tenants t on t.id = n.tenant_id
          where t.slug = 'oldebroek' and u.email = 'volunteer@oldebroek.volunteerly.test'
          order by n.created_at desc`,
    );
    expect(oldebroek).toEqual([
      {
        title: "Je aanmelding is ontvangen",
        url: "/applications",
        age: "minutes",
        read_after: "unread",
      },
      {
        title: "Nieuw bericht van Vrijwilligerscentrale Oldebroek",
        url: "/conversations",
        age: "hours",
        read_after: "unread",
      },
      { title: "Organisatie goedgekeurd", url: "/organizations", age: "days", read_after: "true" },
      {
        title: "Welkom bij Vrijwilligerswerk Oldebroek",
        url: "/dashboard",
        age: "days",
        read_after: "true",
      },
    ]);
  });

  it("gives every account that could sign in a few past events, the volunteer a lockout too, in the account's language", async () => {
    const perUser = await rows<{ email: string; actions: string[]; by_self: boolean[] }>(sql`
      select u.email,
             coalesce(array_agg(e.action order by e.created_at desc, e.id desc)
               filter (where e.id is not null), '{}') as actions,
             coalesce(array_agg(e.actor_id is not distinct from u.id order by e.created_at desc, e.id desc)
               filter (where e.id is not null), '{}') as by_self
      from users u left join activity_events e on e.user_id = u.id and e.tenant_id = u.tenant_id
      group by u.email, u.tenant_id`);
    expect(perUser.length).toBeGreaterThan(50);
    const everyone = ["signed_in", "signed_out", "signed_in", "password_changed"];
    for (const user of perUser) {
      const local = user.email.split("@")[0];
      const expected =
        local === "invited" || local === "unconfirmed"
          ? []
          : local === "volunteer"
            ? [
                "signed_in",
                "signed_out",
                "signed_in",
                "account_unlocked",
                "account_locked",
                "password_changed",
              ]
            : everyone;
      expect(user.actions, user.email).toEqual(expected);
      expect(user.by_self, user.email).toEqual(expected.map((a) => a !== "account_locked"));
    }
    const clients = await rows<{ email: string; client: string | null; age: string }>(sql`
      select u.email, e.client,
             case when e.created_at > now() - interval '1 day' then 'hours' else 'days' end as age
      from activity_events e join users u on u.id = e.user_id join tenants t on t.id = e.tenant_id
      where t.slug = 'public' and u.email in ('volunteer@public.volunteerly.test', 'admin@public.volunteerly.test')
        and e.action = 'signed_in'
      order by u.email, e.created_at desc`);
    expect(clients).toEqual([
      { email: "admin@public.volunteerly.test", client: "Safari op iOS", age: "hours" },
      { email: "admin@public.volunteerly.test", client: "Firefox op Linux", age: "days" },
      // English in 'public' (seed/users.ts).
      { email: "volunteer@public.volunteerly.test", client: "Safari on iOS", age: "hours" },
      { email: "volunteer@public.volunteerly.test", client: "Firefox on Linux", age: "days" },
    ]);
  });

  it("gives the demo volunteers a profile with interests where the tenant has profiles, none in meedoen", async () => {
    const found = await rows<{
      slug: string;
      local: string;
      city: string;
      located: boolean;
      in_pool: boolean;
      opted_in: boolean;
      tags: number;
    }>(sql`
      select t.slug, split_part(u.email, '@', 1) as local, p.city,
             p.latitude is not null and p.longitude is not null as located,
             p.in_pool, p.pool_opted_in_at is not null as opted_in,
             (select count(*)::int from volunteer_profile_tags pt
               join tags g on g.id = pt.tag_id and g.tenant_id = t.id
               where pt.user_id = p.user_id and pt.tenant_id = t.id) as tags
      from volunteer_profiles p join users u on u.id = p.user_id join tenants t on t.id = p.tenant_id
      where u.tenant_id = p.tenant_id
      order by t.slug, local`);
    const slugs = [...new Set(found.map((f) => f.slug))];
    expect(slugs).toEqual(["cordaad", "demo", "oldebroek", "public", "roermond"]);
    for (const profile of found) {
      expect(profile.located, `${profile.slug} ${profile.local}`).toBe(true);
      expect(profile.in_pool).toBe(profile.opted_in);
      expect(profile.tags).toBeGreaterThan(0);
    }
    expect(found.find((f) => f.slug === "oldebroek" && f.local === "volunteer")).toMatchObject({
      city: "Oldebroek",
      in_pool: true,
    });
  });

  it("gives the demo volunteer an application to the school with a conversation: their message, the school's unread answer", async () => {
    const found = await rows<{
      slug: string;
      status: string;
      responded: boolean;
      vacancy_org: string;
      messages: string[];
      authors: string[];
      volunteer_unread: number;
      staff_unread: number;
      preview: string;
    }>(sql`
      select t.slug, a.status, a.responded_at is not null as responded, o.slug as vacancy_org,
             (select json_agg(m.body order by m.id) from messages m where m.conversation_id = c.id) as messages,
             (select json_agg(split_part(u.email, '@', 1) order by m.id) from messages m
               join users u on u.id = m.author_id where m.conversation_id = c.id) as authors,
             (select p.unread_count from conversation_participants p
               where p.conversation_id = c.id and p.user_id = a.user_id) as volunteer_unread,
             (select p.unread_count from conversation_participants p join users u on u.id = p.user_id
               where p.conversation_id = c.id and split_part(u.email, '@', 1) = 'org-admin') as staff_unread,
             c.last_message_preview as preview
      from applications a
      join tenants t on t.id = a.tenant_id
      join vacancies v on v.id = a.vacancy_id
      join organizations o on o.id = v.organization_id
      join conversations c on c.application_id = a.id
      order by t.slug`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      slug: "demo",
      status: "in_conversation",
      responded: true,
      vacancy_org: "bs-de-regenboog",
      authors: ["volunteer", "org-admin"],
      volunteer_unread: 1,
      staff_unread: 0,
    });
    expect(found[0].messages[1]).toContain("https://");
    expect(found[0].preview).toBe(found[0].messages[1].slice(0, 140));
  });

  it("stores a password digest that the demo password matches", async () => {
    const [admin] = await rows<{ encrypted_password: string }>(
      sql`select encrypted_password from users where email = 'admin@demo.volunteerly.test'`,
    );
    expect(await verifyPassword(admin.encrypted_password, SEED_PASSWORD)).toBe(true);
    expect(await verifyPassword(admin.encrypted_password, "welkom123!")).toBe(false);
  });
});
