import { mailOutbox } from "../../../backend/db/schema";
import type { TestApp } from "./app";
import { createContentPage, createNewsArticle, createPartner } from "./content-factories";
import {
  aimed,
  answered,
  byIdPublic,
  bySession,
  home,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TWorld } from "./permission-world";

/**
 * Request builders for the public content rows (news, content pages, partners;
 * docs/content-pages.md). Each world gets one published record of each kind in its centre
 * C before the walk starts (prepareContentProbes), so the other tenant's is there to miss.
 */

type TContentIds = {
  news: number;
  newsSlug: string;
  page: number;
  partner: number;
  mail: number;
};
const ids = new WeakMap<TWorld, TContentIds>();

export async function prepareContentProbes(t: TestApp, world: TWorld): Promise<void> {
  const db = t.database.db;
  const news = await createNewsArticle(db, world.tenant.id, { volunteerCenterId: world.C });
  const page = await createContentPage(db, world.tenant.id);
  const partner = await createPartner(db, world.tenant.id, { volunteerCenterId: world.C });
  // The development outbox: one mail of the world's tenant.
  const [mail] = await db
    .insert(mailOutbox)
    .values({ tenantId: world.tenant.id, to: "walk@example.test", subject: "Walk", text: "Walk" })
    .returning({ id: mailOutbox.id });
  ids.set(world, {
    news: news.id,
    newsSlug: news.slug,
    page: page.id,
    partner: partner.id,
    mail: mail.id,
  });
}

const of = (world: TWorld): TContentIds => {
  const found = ids.get(world);
  if (!found) throw new Error("prepareContentProbes was not run for this world");
  return found;
};
const PAGE = "?page[size]=100";

export const CONTENT_PROBES: Record<string, TProbe> = {
  "news_articles.list | published news of the site's centres": {
    run: async (call: TCall) =>
      answered(await send(call, "GET", `/news_articles${PAGE}`, home(call)), of(call.target).news),
    cross: sameAsHome,
  },
  "news_articles.read | a published article of the site's centres": {
    run: async (call: TCall) =>
      answered(
        await send(call, "GET", `/news_articles/${of(call.target).news}`, home(call)),
        of(call.target).news,
      ),
    cross: byIdPublic,
  },
  "content_pages.list | the tenant's published pages": {
    run: async (call: TCall) =>
      answered(await send(call, "GET", "/content_pages", home(call)), of(call.target).page),
    cross: sameAsHome,
  },
  "partners.list | the partners of the site's centres": {
    run: async (call: TCall) =>
      answered(await send(call, "GET", "/partners", home(call)), of(call.target).partner),
    cross: sameAsHome,
  },
  "dev_mails.list | the development mail outbox (outside production, without SMTP, loopback only)":
    {
      run: async (call: TCall) =>
        answered(
          await send(call, "GET", "/dev/mails?page[size]=1000", home(call)),
          of(call.target).mail,
        ),
      cross: sameAsHome,
    },
  "dev_pages.open | the developer pages where they are switched off": {
    async run(call: TCall) {
      const headers = call.target === call.home ? home(call) : aimed(call);
      const res = await send(call, "GET", "/dev_pages/access", headers);
      // The answer never rotates the token: the web asks from a server component.
      if (res.statusCode === 204 && res.headers["access-token"] !== undefined) {
        return { status: 500, reached: true };
      }
      return { status: res.statusCode, reached: res.statusCode === 204 };
    },
    // Under another X-Tenant the session is no session there.
    cross: bySession,
  },
};
