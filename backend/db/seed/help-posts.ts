import { and, eq } from "drizzle-orm";
import type { THelpPostCategory, THelpPostKind } from "../../../lib/contract/help-posts";
import { placeOfPost } from "../../domain/help-grid";
import { BUNDLED_PLACES } from "../../geo/places-nl";
import { expiryFrom } from "../../queries/help-posts";
import type { AppDb } from "../client";
import { helpPosts, users } from "../schema";
import { seedEmail } from "./users";

/**
 * A few peer-help posts where the tenant has peer help (spec §1: public, oldebroek), so the
 * list and the map of /een-op-een-hulp have something to show. The place is a bundled town
 * with a small offset, so two posts of one town may fall in different cells, as real
 * addresses would. Found by poster and title: a second run adds nothing.
 */
type TSeedHelpPost = {
  by: string;
  kind: THelpPostKind;
  category: THelpPostCategory;
  title: string;
  body: string;
  timing: string;
  town: string;
  offset: [number, number];
};

const SEED_HELP_POSTS: Record<string, TSeedHelpPost[]> = {
  oldebroek: [
    {
      by: "volunteer",
      kind: "offer",
      category: "garden",
      title: "Ik help graag in de tuin",
      body: "Gras maaien, heg knippen of onkruid wieden: ik doe het graag voor een buur die het zelf niet meer kan.",
      timing: "Zaterdagochtend",
      town: "Oldebroek",
      offset: [0.004, -0.006],
    },
    {
      by: "member",
      kind: "request",
      category: "transport",
      title: "Wie rijdt mij naar het ziekenhuis in Zwolle?",
      body: "Ik heb elke twee weken een afspraak en kan zelf niet meer rijden.",
      timing: "Om de week, dinsdagochtend",
      town: "Wezep",
      offset: [-0.003, 0.002],
    },
    {
      by: "org-admin",
      kind: "request",
      category: "company",
      title: "Samen een kopje koffie drinken",
      body: "Sinds mijn verhuizing ken ik weinig mensen in het dorp. Wie komt af en toe op de koffie?",
      timing: "Doordeweeks 's middags",
      town: "'t Harde",
      offset: [0.002, 0.003],
    },
  ],
  public: [
    {
      by: "volunteer",
      kind: "offer",
      category: "computer",
      title: "Help with your phone or laptop",
      body: "I am happy to help with e-mail, video calls, online banking or setting up a new phone.",
      timing: "Weekday evenings",
      town: "Utrecht",
      offset: [0.006, -0.004],
    },
    {
      by: "member",
      kind: "request",
      category: "shopping",
      title: "Groceries once a week",
      body: "After my operation I cannot carry heavy bags for a few weeks. Who can do my weekly shopping?",
      timing: "Once a week, any day",
      town: "Utrecht",
      offset: [-0.008, 0.005],
    },
    {
      by: "org-admin",
      kind: "offer",
      category: "language",
      title: "Dutch conversation practice",
      body: "Retired teacher, happy to practise Dutch over coffee with someone who is learning it.",
      timing: "Wednesday afternoons",
      town: "Zeist",
      offset: [0.001, 0.002],
    },
  ],
};

export async function seedHelpPosts(
  db: AppDb,
  params: { tenantId: number; slug: string; now: Date },
): Promise<number> {
  let created = 0;
  for (const post of SEED_HELP_POSTS[params.slug] ?? []) {
    const [poster] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.tenantId, params.tenantId), eq(users.email, seedEmail(post.by, params.slug))),
      );
    const town = BUNDLED_PLACES.find((p) => p.name === post.town);
    if (!poster || !town) continue;
    const [existing] = await db
      .select({ id: helpPosts.id })
      .from(helpPosts)
      .where(and(eq(helpPosts.userId, poster.id), eq(helpPosts.title, post.title)));
    if (existing) continue;
    await db.insert(helpPosts).values({
      tenantId: params.tenantId,
      userId: poster.id,
      kind: post.kind,
      category: post.category,
      title: post.title,
      body: post.body,
      timing: post.timing,
      expiresAt: expiryFrom(params.now),
      ...placeOfPost({
        name: town.name,
        latitude: town.latitude + post.offset[0],
        longitude: town.longitude + post.offset[1],
      }),
    });
    created += 1;
  }
  return created;
}
