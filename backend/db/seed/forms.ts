import { and, eq } from "drizzle-orm";
import type { TFormDefinition } from "../../../lib/contract/forms";
import type { AppDb } from "../client";
import { forms, formVersions } from "../schema";

/**
 * One published public form of the demo tenant's default centre (docs/forms.md): two steps
 * and a condition, so /forms/:token and a later form builder have something to show. The
 * token is fixed, so the page's address is known: /forms/demo-vrijwilligersdag1.
 */
export const SEED_FORM_TOKEN = "demo-vrijwilligersdag1";
export const SEED_FORM_TENANT = "demo";

export const SEED_FORM_DEFINITION: TFormDefinition = {
  steps: [
    {
      id: "gegevens",
      title: { nl: "Je gegevens", en: "Your details" },
      fields: [
        {
          id: "intro",
          kind: "paragraph",
          label: { nl: "Uitleg", en: "About this form" },
          text: {
            nl: "Meld je aan voor de vrijwilligersdag. Het invullen duurt een paar minuten.",
            en: "Sign up for the volunteer day. Filling this in takes a few minutes.",
          },
          required: false,
        },
        {
          id: "naam",
          kind: "short_text",
          label: { nl: "Naam", en: "Name" },
          required: true,
          min: 2,
          max: 100,
        },
        {
          id: "email",
          kind: "email",
          label: { nl: "E-mailadres", en: "E-mail address" },
          help: {
            nl: "We sturen je een bevestiging.",
            en: "We will send you a confirmation.",
          },
          required: true,
        },
      ],
    },
    {
      id: "deelname",
      title: { nl: "Je deelname", en: "Taking part" },
      fields: [
        {
          id: "lunch",
          kind: "yes_no",
          label: { nl: "Eet je mee?", en: "Will you join for lunch?" },
          required: true,
        },
        {
          id: "dieet",
          kind: "dropdown",
          label: { nl: "Dieetwens", en: "Dietary wish" },
          required: true,
          options: [
            { value: "geen", label: { nl: "Geen", en: "None" } },
            { value: "vegetarisch", label: { nl: "Vegetarisch", en: "Vegetarian" } },
            { value: "veganistisch", label: { nl: "Veganistisch", en: "Vegan" } },
          ],
          condition: { field: "lunch", values: ["yes"] },
        },
        {
          id: "akkoord",
          kind: "consent",
          label: {
            nl: "Ik ga akkoord met het bewaren van mijn gegevens tot na de vrijwilligersdag",
            en: "I agree that my details are kept until after the volunteer day",
          },
          required: true,
        },
      ],
    },
  ],
};

/** The form and its first version, when missing (found by its token): 1 or 0. */
export async function seedForms(
  db: AppDb,
  p: { tenantId: number; slug: string; centreId: number | null },
): Promise<number> {
  if (p.slug !== SEED_FORM_TENANT || p.centreId === null) return 0;
  const [found] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.tenantId, p.tenantId), eq(forms.token, SEED_FORM_TOKEN)));
  if (found) return 0;
  const [form] = await db
    .insert(forms)
    .values({
      tenantId: p.tenantId,
      organizationId: p.centreId,
      volunteerCenterId: p.centreId,
      title: "Aanmelden vrijwilligersdag",
      status: "published",
      token: SEED_FORM_TOKEN,
      confirmationMail: true,
      retentionDays: 90,
    })
    .returning({ id: forms.id });
  const [version] = await db
    .insert(formVersions)
    .values({ tenantId: p.tenantId, formId: form.id, number: 1, definition: SEED_FORM_DEFINITION })
    .returning({ id: formVersions.id });
  await db.update(forms).set({ currentVersionId: version.id }).where(eq(forms.id, form.id));
  return 1;
}
