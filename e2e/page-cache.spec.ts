import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { request as httpRequest } from "undici";
import { SEED_TENANTS } from "../backend/db/seed/tenants";
import { SEED_PASSWORD, seedEmail } from "../backend/db/seed/users";
import { getTenant } from "../lib/tenants/tenants";
import { LOCALES, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The page cache of the web (docs/page-cache.md), without a browser: every tenant in both
// languages, asked for at once and interleaved, must each get its own page (title, <html
// lang>, links on its own host), first rendered and then from the cache; and an edit made
// through the BFF shows on the cached page at once (the api's signed revalidation).
//
// Node does not resolve `*.localhost`: the requests go to 127.0.0.1 with the tenant's Host.

const WEB = `http://127.0.0.1:${E2E.webPort}`;
const API = `http://127.0.0.1:${E2E.apiPort}/api/v1`;
const hostOf = (slug: string) => `${slug}.localhost:${E2E.webPort}`;
type TLocale = (typeof LOCALES)[number];

type TAnswer = {
  status: number;
  cache: string | undefined;
  html: string;
  setCookie: boolean;
  policy: string;
};

async function get(
  slug: string,
  path: string,
  locale: TLocale,
  options: { gzip?: boolean } = {},
): Promise<TAnswer> {
  const response = await httpRequest(`${WEB}${path}`, {
    headers: {
      host: hostOf(slug),
      ...(options.gzip ? { "accept-encoding": "gzip, deflate, br" } : {}),
      // Both ways a visitor picks a language: the cookie for English, the browser's for Dutch.
      ...(locale === "en"
        ? { cookie: "i18n_redirected=en", "accept-language": "nl-NL,nl;q=0.9" }
        : { "accept-language": "nl-NL,nl;q=0.9,en;q=0.5" }),
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) page-cache.spec",
    },
  });
  const header = response.headers["x-volunteerly-cache"];
  const raw = Buffer.from(await response.body.arrayBuffer());
  const gzipped = response.headers["content-encoding"] === "gzip";
  if (options.gzip && header === "hit") expect(gzipped).toBe(true);
  return {
    status: response.statusCode,
    cache: typeof header === "string" ? header : undefined,
    html: (gzipped ? gunzipSync(raw) : raw).toString("utf8"),
    setCookie: response.headers["set-cookie"] !== undefined,
    policy: String(response.headers["content-security-policy"] ?? ""),
  };
}

const decode = (text: string) =>
  text
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** Checks one answer is the page of `slug` in `locale`, titled `title`. */
function expectOwnPage(answer: TAnswer, slug: string, locale: TLocale, title: string) {
  const where = `${slug}/${locale}`;
  expect(answer.status, where).toBe(200);
  expect(decode(/<title>([^<]*)<\/title>/.exec(answer.html)?.[1] ?? ""), where).toBe(
    `${title} - ${getTenant(slug as never).displayName}`,
  );
  expect(/<html[^>]* lang="([^"]+)"/.exec(answer.html)?.[1], where).toBe(locale);
  // Absolute links (canonical, alternates, Open Graph) name this host and no other.
  const hosts = [...answer.html.matchAll(/https?:\/\/([a-z0-9.-]+\.localhost(?::\d+)?)/g)].map(
    (m) => m[1],
  );
  expect(hosts.length, `${where}: absolute links`).toBeGreaterThan(0);
  expect(new Set(hosts), where).toEqual(new Set([hostOf(slug)]));
}

/** Runs `tasks` with at most `width` under way. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

async function firstVacancy(slug: string): Promise<{ id: string; title: string }> {
  const response = await httpRequest(`${API}/vacancies?page[size]=1`, {
    headers: { "x-tenant": slug, accept: "application/vnd.api+json" },
  });
  expect(response.statusCode).toBe(200);
  const body = (await response.body.json()) as {
    data: { id: string; attributes: { title: string } }[];
  };
  const [first] = body.data;
  return { id: first.id, title: first.attributes.title };
}

test("every tenant and language gets its own page, at once and interleaved, then from the cache", async () => {
  test.setTimeout(120_000);
  const slugs = SEED_TENANTS.map((tenant) => tenant.slug);
  const vacancies = new Map(
    await Promise.all(slugs.map(async (slug) => [slug, await firstVacancy(slug)] as const)),
  );
  type TCase = { slug: string; locale: TLocale; path: string; title: string };
  const cases: TCase[] = [];
  for (const slug of slugs) {
    const vacancy = vacancies.get(slug) as { id: string; title: string };
    for (const locale of LOCALES) {
      cases.push({
        slug,
        locale,
        path: "/vacancies/search",
        title: translator(locale)("vacancySearch.title"),
      });
      cases.push({ slug, locale, path: `/vacancies/${vacancy.id}`, title: vacancy.title });
    }
  }
  // 24 pages, each asked for 10 times per round, in an order that mixes tenants and languages.
  const round = async () => {
    const order = Array.from({ length: 10 }, () => cases).flat();
    for (let i = order.length - 1; i > 0; i--) {
      const j = (i * 7919 + 13) % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    // Every third request asks for gzip, as a browser does: a hit is then compressed here.
    const answers = await pool(
      order.map((c, i) => async () => ({
        c,
        answer: await get(c.slug, c.path, c.locale, { gzip: i % 3 === 0 }),
      })),
      16,
    );
    for (const { c, answer } of answers) expectOwnPage(answer, c.slug, c.locale, c.title);
    return answers;
  };

  const first = await round();
  expect(first).toHaveLength(240);
  for (const { answer } of first) {
    expect(["hit", "miss"]).toContain(answer.cache);
    expect(answer.setCookie).toBe(false);
  }
  const second = await round();
  for (const { c, answer } of second) {
    expect(answer.cache, `${c.slug}/${c.locale} ${c.path}`).toBe("hit");
  }
  // Every answer has a nonce of its own, the policy's, on every script and style it wrote.
  const nonces = second.map(({ answer }) => {
    const nonce = /'nonce-([^']+)'/.exec(answer.policy)?.[1] ?? "";
    expect(nonce).not.toBe("");
    const tags = [...answer.html.matchAll(/<(?:script|style)\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    return nonce;
  });
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("a vacancy edited through the BFF shows on its cached page at once, in both languages", async () => {
  const slug = "public";
  const host = hostOf(slug);
  const origin = `http://${host}`;
  const signIn = await httpRequest(`${WEB}/api/auth/sign_in`, {
    method: "POST",
    headers: { host, origin, "content-type": "application/json" },
    body: JSON.stringify({ email: seedEmail("admin", slug), password: SEED_PASSWORD }),
  });
  expect(signIn.statusCode, await signIn.body.text()).toBe(200);
  const setCookie = signIn.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ""])
    .map((line) => line.split(";")[0])
    .join("; ");
  const bff = async (method: "GET" | "PATCH", path: string, body?: unknown) => {
    const response = await httpRequest(`${WEB}/api/v1${path}`, {
      method,
      headers: {
        host,
        origin,
        cookie,
        accept: "application/vnd.api+json",
        ...(body ? { "content-type": "application/vnd.api+json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.body.text();
    expect(response.statusCode, text).toBe(200);
    return JSON.parse(text) as { data: { id: string; attributes: { title: string } }[] };
  };
  // An open vacancy this admin manages, and its public page.
  const managed = await bff("GET", "/managed_vacancies?filter[status_eq]=published&page[size]=1");
  const [vacancy] = managed.data;
  const original = vacancy.attributes.title;
  const path = `/vacancies/${vacancy.id}`;
  for (const locale of LOCALES) {
    await get(slug, path, locale);
    const cached = await get(slug, path, locale);
    expect(cached.cache, locale).toBe("hit");
    expectOwnPage(cached, slug, locale, original);
  }

  const rename = (title: string) =>
    bff("PATCH", path, { data: { type: "vacancies", id: vacancy.id, attributes: { title } } });
  const edited = `${original} (bijgewerkt ${Date.now()})`;
  await rename(edited);
  try {
    for (const locale of LOCALES) {
      const fresh = await get(slug, path, locale);
      expectOwnPage(fresh, slug, locale, edited);
      expect((await get(slug, path, locale)).cache, locale).toBe("hit");
    }
    // Another tenant's pages stayed in the cache.
    const other = await firstVacancy("oldebroek");
    await get("oldebroek", `/vacancies/${other.id}`, "nl");
    expect((await get("oldebroek", `/vacancies/${other.id}`, "nl")).cache).toBe("hit");
  } finally {
    await rename(original);
  }
  expectOwnPage(await get(slug, path, "nl"), slug, "nl", original);
});
