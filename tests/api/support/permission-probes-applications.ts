import { and, eq } from "drizzle-orm";
import { applications, conversations, messages } from "../../../backend/db/schema";
import { insertConversation } from "../../../backend/queries/conversations";
import { createApplication } from "./application-factory";
import { createOrganization, createTenantWithCenter, createUser } from "./factories";
import {
  answered,
  byId,
  doc,
  home,
  own,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TWorld } from "./permission-world";
import type { TColumn } from "./permissions-doc";
import { createVacancy } from "./vacancy-factory";

/**
 * Request builders for the application rows of docs/permissions.md
 * (docs/api-applications.md). Every cell that changes something gets its own vacancy or
 * application. The frozen world (the other tenant) is never written to: its vacancy and
 * application are a third tenant's, as foreign to the caller as the other tenant's.
 */

type TPlace = { tenantId: number; C: number; O: number };
const thirds = new Map<number, Promise<TPlace & { applicant: number }>>();

function third(call: TCall) {
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const stranger = await createTenantWithCenter(db);
      const O = (
        await createOrganization(db, stranger.tenant.id, { volunteerCenterId: stranger.center.id })
      ).id;
      const applicant = (await createUser(db, stranger.tenant.id)).id;
      return { tenantId: stranger.tenant.id, C: stranger.center.id, O, applicant };
    })();
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

async function placeOf(call: TCall): Promise<TPlace> {
  const world: TWorld = call.target;
  return world.frozen ? third(call) : { tenantId: world.tenant.id, C: world.C, O: world.O };
}

async function freshVacancy(call: TCall): Promise<number> {
  const place = await placeOf(call);
  const vacancy = await createVacancy(call.t.database.db, place.tenantId, {
    organizationId: place.O,
    volunteerCenterId: place.C,
  });
  return vacancy.id;
}

/** An open application to a fresh vacancy of O, by `applicantId` (the third tenant's own
 *  applicant when the target is frozen). */
async function freshApplication(call: TCall, applicantId: number): Promise<number> {
  const place = await placeOf(call);
  const vacancy = await freshVacancy(call);
  const userId = call.target.frozen ? (await third(call)).applicant : applicantId;
  const row = await createApplication(call.t.database.db, place.tenantId, {
    vacancyId: vacancy,
    organizationId: place.O,
    volunteerCenterId: place.C,
    userId,
  });
  return row.id;
}

async function statusOf(call: TCall, id: number) {
  const [row] = await call.t.database.db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, id));
  return row?.status;
}

/** Someone who is neither the applicant nor on the organisation's side of anything. */
const applicantFor = (call: TCall) => call.home.userD.id;

/** An application the caller may not read is a 404 to them; signed out is a 401 first. */
const hidden = (column: TColumn) => (column === "signed out" ? 401 : 404);

const transitionDoc = (id: number, event: string) => ({
  data: { type: "applications", id: String(id), attributes: { event } },
});

export const APPLICATION_PROBES: Record<string, TProbe> = {
  "applications.create | a published vacancy of O": {
    async run(call) {
      const vacancy = await freshVacancy(call);
      const body = {
        data: {
          ...doc("applications", { motivation: "Graag" }).data,
          relationships: { vacancy: { data: { type: "vacancies", id: String(vacancy) } } },
        },
      };
      const res = await send(call, "POST", "/applications", home(call), body);
      const [row] = await call.t.database.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.vacancyId, vacancy));
      return { status: res.statusCode, reached: row !== undefined };
    },
    // Another tenant's vacancy in the body is not found: a 422 on the relationship.
    cross: (column) => (column === "signed out" ? 401 : 422),
    note: "[other-tenant-body]",
  },
  "applications.list | own applications": {
    async run(call) {
      const id = await freshApplication(call, own(call.home, call.column).id);
      const res = await send(call, "GET", "/applications?page[size]=100", home(call));
      return answered(res, id);
    },
    cross: sameAsHome,
  },
  "applications.read | an application to a vacancy of O": {
    async run(call) {
      const id = await freshApplication(call, applicantFor(call));
      return answered(await send(call, "GET", `/applications/${id}`, home(call)), id);
    },
    refused: hidden,
    cross: byId,
    note: "[applications]",
  },
  "applications.read | own application": {
    async run(call) {
      const id = await freshApplication(call, own(call.home, call.column).id);
      return answered(await send(call, "GET", `/applications/${id}`, home(call)), id);
    },
    cross: byId,
  },
  "applications.transition | accepting an application to a vacancy of O": {
    async run(call) {
      const id = await freshApplication(call, applicantFor(call));
      const res = await send(
        call,
        "PUT",
        `/applications/${id}/transition`,
        home(call),
        transitionDoc(id, "accept"),
      );
      return { status: res.statusCode, reached: (await statusOf(call, id)) === "accepted" };
    },
    refused: hidden,
    cross: byId,
    note: "[applications]",
  },
  "applications.transition | withdrawing own application": {
    async run(call) {
      const id = await freshApplication(call, own(call.home, call.column).id);
      const res = await send(
        call,
        "PUT",
        `/applications/${id}/transition`,
        home(call),
        transitionDoc(id, "withdraw"),
      );
      return { status: res.statusCode, reached: (await statusOf(call, id)) === "withdrawn" };
    },
    cross: byId,
  },
};

// ----- conversations (docs/api-conversations.md) -----

/** A thread of a fresh application by `volunteerId` (the third tenant's when frozen). */
async function freshThread(call: TCall, volunteerId: number): Promise<number> {
  const place = await placeOf(call);
  const application = await freshApplication(call, volunteerId);
  const userId = call.target.frozen ? (await third(call)).applicant : volunteerId;
  const thread = await insertConversation(call.t.database.db, {
    tenantId: place.tenantId,
    kind: "application",
    applicationId: application,
    organizationId: place.O,
    volunteerId: userId,
    subject: null,
    createdById: userId,
  });
  return thread.id;
}

async function messageCount(call: TCall, id: number) {
  const rows = await call.t.database.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, id));
  return rows.length;
}

const messageDoc = { data: { type: "messages", attributes: { body: "Hallo" } } };

export const CONVERSATION_PROBES: Record<string, TProbe> = {
  "conversations.list | own conversations": {
    async run(call) {
      const id = await freshThread(call, own(call.home, call.column).id);
      return answered(await send(call, "GET", "/conversations?page[size]=100", home(call)), id);
    },
    cross: sameAsHome,
  },
  "conversations.read | the thread of an application to a vacancy of O": {
    async run(call) {
      const id = await freshThread(call, applicantFor(call));
      return answered(await send(call, "GET", `/conversations/${id}`, home(call)), id);
    },
    refused: hidden,
    cross: byId,
    note: "[conversations]",
  },
  "conversations.read | own conversation": {
    async run(call) {
      const id = await freshThread(call, own(call.home, call.column).id);
      return answered(await send(call, "GET", `/conversations/${id}`, home(call)), id);
    },
    cross: byId,
  },
  "conversations.reply | the thread of an application to a vacancy of O": {
    async run(call) {
      const id = await freshThread(call, applicantFor(call));
      const res = await send(call, "POST", `/conversations/${id}/messages`, home(call), messageDoc);
      return { status: res.statusCode, reached: (await messageCount(call, id)) > 0 };
    },
    refused: hidden,
    cross: byId,
    note: "[conversations]",
  },
  "conversations.reply | own conversation": {
    async run(call) {
      const id = await freshThread(call, own(call.home, call.column).id);
      const res = await send(call, "POST", `/conversations/${id}/messages`, home(call), messageDoc);
      return { status: res.statusCode, reached: (await messageCount(call, id)) > 0 };
    },
    cross: byId,
  },
  "conversations.create | a direct thread of C": {
    async run(call) {
      const volunteerId = call.target.frozen
        ? (await third(call)).applicant
        : (await createUser(call.t.database.db, call.target.tenant.id)).id;
      const res = await send(call, "POST", "/conversations", home(call), {
        data: {
          type: "conversations",
          attributes: { subject: "Een vraag", body: "Heb je tijd?" },
          relationships: { volunteer: { data: { type: "users", id: String(volunteerId) } } },
        },
      });
      const [row] = await call.t.database.db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.volunteerId, volunteerId), eq(conversations.kind, "direct")));
      return { status: res.statusCode, reached: row !== undefined };
    },
    // The thread is for the site's own centre; another tenant's volunteer is not found there
    // (a 422 on the relationship) by those who may start one, refused before that otherwise.
    cross: (column, atHome) => (column === "signed out" ? 401 : atHome === "2xx" ? 422 : atHome),
    note: "[other-tenant-body]",
  },
};
