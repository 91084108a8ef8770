import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { contactMessages } from "../../../backend/db/schema";
import {
  byId,
  bySession,
  defaultRefusal,
  doc,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import { placeOf, target } from "./permission-probes-content-writes";

/**
 * Request builders for the messages to a centre (docs/contact-form.md). Every cell gets its
 * own message; in the frozen world a third tenant's stands in, as foreign to the caller.
 */

const unique = () => randomBytes(4).toString("hex");

async function freshMessage(call: TCall) {
  const where = await placeOf(call);
  const [row] = await call.t.database.db
    .insert(contactMessages)
    .values({
      tenantId: where.tenantId,
      volunteerCenterId: where.centre,
      name: "Walk",
      email: "walk@example.org",
      subject: `Walk ${unique()}`,
      body: "A question.",
    })
    .returning({ id: contactMessages.id });
  return row.id;
}

async function messageRow(call: TCall, id: number) {
  const db = call.t.database.db;
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

export const CONTACT_PROBES: Record<string, TProbe> = {
  "contact_messages.create | a message to the site's centre": {
    async run(call) {
      const subject = `Vraag ${unique()}`;
      const res = await send(
        call,
        "POST",
        "/contact_messages",
        target(call),
        doc("contact_messages", {
          name: "Walk",
          email: "walk@example.org",
          subject,
          body: "Een vraag.",
          consent: true,
        }),
      );
      const [row] = await call.t.database.db
        .select({ tenantId: contactMessages.tenantId })
        .from(contactMessages)
        .where(eq(contactMessages.subject, subject));
      return { status: res.statusCode, reached: row?.tenantId === call.target.tenant.id };
    },
    cross: bySession,
  },
  "contact_messages.list | the messages to C": {
    async run(call) {
      const id = await freshMessage(call);
      const res = await send(call, "GET", "/contact_messages?page[size]=1000", home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    // An admin of D lists D's messages (200), without C's.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    cross: sameAsHome,
    note: "[scoped-list]",
  },
  "contact_messages.read | a message to C": {
    async run(call) {
      const id = await freshMessage(call);
      const res = await send(call, "GET", `/contact_messages/${id}`, home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    cross: byId,
  },
  "contact_messages.update | a message to C": {
    async run(call) {
      const id = await freshMessage(call);
      const res = await send(
        call,
        "PATCH",
        `/contact_messages/${id}`,
        home(call),
        doc("contact_messages", { handled: true }, id),
      );
      return { status: res.statusCode, reached: (await messageRow(call, id))?.handledAt != null };
    },
    cross: byId,
  },
  "contact_messages.delete | a message to C": {
    async run(call) {
      const id = await freshMessage(call);
      const res = await send(call, "DELETE", `/contact_messages/${id}`, home(call));
      return { status: res.statusCode, reached: (await messageRow(call, id)) === undefined };
    },
    cross: byId,
  },
};
