import { and, asc, eq } from "drizzle-orm";
import { moveApplication } from "../../queries/applications";
import { insertConversation, insertMessage } from "../../queries/conversations";
import type { AppDb } from "../client";
import { applications, conversations, messages, users, vacancies } from "../schema";
import { seedEmail } from "./users";

/**
 * One application with its conversation per tenant listed here, so /conversations and an
 * application's page have something to show on a fresh database (and the e2e specs a thread
 * to read and answer). Written straight into the tables, not through the services: a seed
 * sends no notices and no mail. The volunteer applied, the organisation answered, so the
 * application is in conversation and its last message is unread for the volunteer.
 */
export type TSeedConversation = {
  /** The applicant (a seed user's local part). */
  volunteer: string;
  /** The tenant's anchor (seed/tenants.ts) whose vacancy it is. */
  anchor: "school" | "organization";
  /** Staff of that organisation (a seed user's local part). */
  staff: string;
  motivation: string;
  messages: { from: "volunteer" | "staff"; body: string }[];
};

// The demo tenant's school: its admin (org-admin) is no account another spec changes the
// password of, so the e2e spec can sign in as them.
export const SEED_CONVERSATIONS: Record<string, TSeedConversation> = {
  demo: {
    volunteer: "volunteer",
    anchor: "school",
    staff: "org-admin",
    motivation: "Ik help graag op woensdagmiddag.",
    messages: [
      {
        from: "volunteer",
        body: "Hallo! Ik help graag op woensdagmiddag. Is er nog plek?",
      },
      {
        from: "staff",
        body: "Leuk dat je reageert! Kom je volgende woensdag om 14:00 kennismaken? Het rooster staat op https://bs-de-regenboog.volunteerly.test/rooster.",
      },
    ],
  },
};

const HOUR = 3_600_000;

export type TConversationSeedCounts = {
  applications: number;
  conversations: number;
  messages: number;
};

/**
 * Seeds the tenant's conversation, if it has one and the volunteer has not applied to that
 * vacancy yet (a second run adds nothing). The vacancy is the organisation's first published
 * one by title, so every run picks the same.
 */
export async function seedConversations(
  db: AppDb,
  params: {
    tenantId: number;
    slug: string;
    anchors: Record<TSeedConversation["anchor"], number>;
    now: Date;
  },
): Promise<TConversationSeedCounts> {
  const counts = { applications: 0, conversations: 0, messages: 0 };
  const plan = SEED_CONVERSATIONS[params.slug];
  if (!plan) return counts;
  const { tenantId } = params;
  const organizationId = params.anchors[plan.anchor];
  const userId = async (localPart: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.tenantId, tenantId), eq(users.email, seedEmail(localPart, params.slug))),
        )
    )[0]?.id;
  const volunteerId = await userId(plan.volunteer);
  const staffId = await userId(plan.staff);
  const [vacancy] = await db
    .select({ id: vacancies.id, volunteerCenterId: vacancies.volunteerCenterId })
    .from(vacancies)
    .where(
      and(
        eq(vacancies.tenantId, tenantId),
        eq(vacancies.organizationId, organizationId),
        eq(vacancies.status, "published"),
      ),
    )
    .orderBy(asc(vacancies.title))
    .limit(1);
  if (volunteerId === undefined || staffId === undefined || !vacancy) {
    throw new Error(
      `seed: no volunteer, staff or vacancy for the conversation of '${params.slug}'`,
    );
  }
  const [existing] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.tenantId, tenantId),
        eq(applications.vacancyId, vacancy.id),
        eq(applications.userId, volunteerId),
      ),
    );
  if (existing) return counts;

  const at = (hoursAgo: number) => new Date(params.now.getTime() - hoursAgo * HOUR);
  const started = at(plan.messages.length + 1);
  const [application] = await db
    .insert(applications)
    .values({
      tenantId,
      vacancyId: vacancy.id,
      organizationId: organizationId,
      volunteerCenterId: vacancy.volunteerCenterId,
      userId: volunteerId,
      motivation: plan.motivation,
      statusChangedAt: started,
      createdAt: started,
      updatedAt: started,
    })
    .returning();
  counts.applications++;
  const conversation = await insertConversation(db, {
    tenantId,
    kind: "application",
    applicationId: application.id,
    organizationId: organizationId,
    volunteerId,
    subject: null,
    createdById: volunteerId,
  });
  counts.conversations++;
  let replied = false;
  for (const [index, message] of plan.messages.entries()) {
    const authorId = message.from === "volunteer" ? volunteerId : staffId;
    const { message: row } = await insertMessage(db, {
      conversation,
      authorId,
      body: message.body,
    });
    counts.messages++;
    // An hour apart, the last an hour ago: a thread that reads like one.
    const sentAt = at(plan.messages.length - index);
    await db.update(messages).set({ createdAt: sentAt }).where(eq(messages.id, row.id));
    await db
      .update(conversations)
      .set({ lastMessageAt: sentAt, updatedAt: sentAt })
      .where(eq(conversations.id, conversation.id));
    if (message.from === "staff" && !replied) {
      replied = true;
      await moveApplication(db, {
        tenantId,
        id: application.id,
        from: "new",
        to: "in_conversation",
        event: "reply",
        actorId: staffId,
        reply: true,
      });
    }
  }
  return counts;
}
