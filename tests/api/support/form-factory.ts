import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDb } from "../../../backend/db/client";
import { formSubmissions, forms, formVersions } from "../../../backend/db/schema";
import type { TFormDefinition } from "../../../lib/contract/forms";

/** Test factories for forms (docs/forms.md). Inserted as the owner. */

export const ONE_QUESTION: TFormDefinition = {
  steps: [
    {
      id: "step-1",
      fields: [
        { id: "name", kind: "short_text", label: { nl: "Naam", en: "Name" }, required: true },
      ],
    },
  ],
};

export async function createForm(
  db: AppDb,
  tenantId: number,
  attrs: {
    organizationId: number;
    volunteerCenterId: number;
    status?: "draft" | "published" | "closed";
    requiresSignIn?: boolean;
    title?: string;
    definition?: TFormDefinition;
  },
) {
  const [form] = await db
    .insert(forms)
    .values({
      tenantId,
      organizationId: attrs.organizationId,
      volunteerCenterId: attrs.volunteerCenterId,
      title: attrs.title ?? `Formulier ${randomBytes(4).toString("hex")}`,
      status: attrs.status ?? "draft",
      requiresSignIn: attrs.requiresSignIn ?? false,
      token: randomBytes(16).toString("base64url"),
    })
    .returning();
  const [version] = await db
    .insert(formVersions)
    .values({ tenantId, formId: form.id, number: 1, definition: attrs.definition ?? ONE_QUESTION })
    .returning();
  await db.update(forms).set({ currentVersionId: version.id }).where(eq(forms.id, form.id));
  return { ...form, currentVersionId: version.id };
}

export async function createSubmission(
  db: AppDb,
  tenantId: number,
  form: { id: number; currentVersionId: number },
  answers: Record<string, unknown> = { name: "Anna" },
) {
  const [row] = await db
    .insert(formSubmissions)
    .values({
      tenantId,
      formId: form.id,
      formVersionId: form.currentVersionId,
      answers: answers as never,
    })
    .returning();
  return row;
}
