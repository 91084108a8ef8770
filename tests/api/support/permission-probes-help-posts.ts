import { eq } from "drizzle-orm";
import { conversations, helpPosts, tenants } from "../../../backend/db/schema";
import { createTenantWithCenter, createUser } from "./factories";
import { createHelpPost } from "./help-post-factory";
import {
  aimed,
  answered,
  byId,
  byIdPublic,
  bySession,
  doc,
  home,
  own,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TColumn } from "./permissions-doc";

/**
 * Request builders for the peer-help rows of docs/permissions.md (docs/peer-help.md). Every
 * cell gets its own post. The frozen world (the other tenant) is never written to: its post
 * is a third tenant's, with peer help on, as foreign to the caller as the other tenant's.
 */

type TPlace = { tenantId: number; stranger: number };
const thirds = new Map<number, Promise<TPlace>>();

function third(call: TCall) {
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const made = await createTenantWithCenter(db);
      await db
        .update(tenants)
        .set({ settings: { peerHelp: true } })
        .where(eq(tenants.id, made.tenant.id));
      return { tenantId: made.tenant.id, stranger: (await createUser(db, made.tenant.id)).id };
    })();
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

/** A fresh post by `userId` in the target world, or the third tenant's when it is frozen. */
async function freshPost(call: TCall, userId: number, status: "open" | "closed" = "open") {
  const place = call.target.frozen
    ? await third(call)
    : { tenantId: call.target.tenant.id, stranger: userId };
  const row = await createHelpPost(call.t.database.db, place.tenantId, {
    userId: call.target.frozen ? place.stranger : userId,
    status,
  });
  return row.id;
}

/** Someone who is not the caller: the world's user of D. */
const stranger = (call: TCall) => call.home.userD.id;

async function rowOf(call: TCall, id: number) {
  const [row] = await call.t.database.db.select().from(helpPosts).where(eq(helpPosts.id, id));
  return row;
}

/** A post the caller may not read is a 404 to them; signed out is a 401 first. */
const hidden = (column: TColumn) => (column === "signed out" ? 401 : 404);

const transitionDoc = (id: number, attributes: Record<string, unknown>) =>
  doc("help_posts", attributes, id);

/** Answers the post; reached when a thread about it now exists. */
async function answerPost(call: TCall, id: number) {
  const res = await send(
    call,
    "POST",
    `/help_posts/${id}/conversations`,
    home(call),
    doc("conversations", { body: "Ik help graag." }),
  );
  const threads = await call.t.database.db.$count(conversations, eq(conversations.helpPostId, id));
  return { status: res.statusCode, reached: threads > 0 };
}

export const HELP_POST_PROBES: Record<string, TProbe> = {
  "help_posts.list | the tenant's live posts": {
    async run(call) {
      const id = await freshPost(call, stranger(call));
      return answered(await send(call, "GET", "/help_posts?page[size]=500", home(call)), id);
    },
    cross: sameAsHome,
  },
  "help_posts.read | a live post": {
    async run(call) {
      const id = await freshPost(call, stranger(call));
      return answered(await send(call, "GET", `/help_posts/${id}`, home(call)), id);
    },
    // Reading needs no session: another tenant's post is a 404 signed out too.
    cross: byIdPublic,
  },
  "help_posts.read | another user's closed post": {
    async run(call) {
      const id = await freshPost(call, stranger(call), "closed");
      return answered(await send(call, "GET", `/help_posts/${id}`, home(call)), id);
    },
    refused: hidden,
    // Reading needs no session: another tenant's post is a 404 signed out too.
    cross: byIdPublic,
    note: "[help-posts]",
  },
  "help_posts.create | a new post": {
    async run(call) {
      const title = `Hulp ${Math.random().toString(36).slice(2, 10)}`;
      const body = doc("help_posts", {
        kind: "offer",
        category: "garden",
        title,
        place: "Oldebroek",
      });
      const res = await send(call, "POST", "/help_posts", aimed(call), body);
      const [row] = await call.t.database.db
        .select({ id: helpPosts.id })
        .from(helpPosts)
        .where(eq(helpPosts.title, title));
      return { status: res.statusCode, reached: row !== undefined };
    },
    cross: bySession,
  },
  "help_posts.update | own post": {
    async run(call) {
      const id = await freshPost(call, own(call.home, call.column).id);
      const title = `Nieuw ${id}`;
      const res = await send(
        call,
        "PATCH",
        `/help_posts/${id}`,
        home(call),
        doc("help_posts", { title }, id),
      );
      return { status: res.statusCode, reached: (await rowOf(call, id))?.title === title };
    },
    cross: byId,
  },
  "help_posts.update | another user's live post": {
    async run(call) {
      const id = await freshPost(call, stranger(call));
      const title = `Nieuw ${id}`;
      const res = await send(
        call,
        "PATCH",
        `/help_posts/${id}`,
        home(call),
        doc("help_posts", { title }, id),
      );
      return { status: res.statusCode, reached: (await rowOf(call, id))?.title === title };
    },
    cross: byId,
  },
  "help_posts.transition | closing own post": {
    async run(call) {
      const id = await freshPost(call, own(call.home, call.column).id);
      const res = await send(
        call,
        "PUT",
        `/help_posts/${id}/transition`,
        home(call),
        transitionDoc(id, { event: "close" }),
      );
      return { status: res.statusCode, reached: (await rowOf(call, id))?.status === "closed" };
    },
    cross: byId,
  },
  "help_posts.transition | hiding another user's post": {
    async run(call) {
      const id = await freshPost(call, stranger(call));
      const res = await send(
        call,
        "PUT",
        `/help_posts/${id}/transition`,
        home(call),
        transitionDoc(id, { event: "hide", reason: "Reclame" }),
      );
      return { status: res.statusCode, reached: (await rowOf(call, id))?.status === "hidden" };
    },
    cross: byId,
  },
  "help_posts.answer | another user's live post": {
    run: async (call) => answerPost(call, await freshPost(call, stranger(call))),
    cross: byId,
  },
  "help_posts.answer | own post": {
    run: async (call) => answerPost(call, await freshPost(call, own(call.home, call.column).id)),
    cross: byId,
  },
};
