import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { formSubmissions, forms } from "../../../backend/db/schema";
import { createOrganization, createTenantWithCenter } from "./factories";
import { createForm, createSubmission } from "./form-factory";
import {
  byId,
  byIdPublic,
  defaultRefusal,
  doc,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TColumn } from "./permissions-doc";

/**
 * Request builders for forms and their submissions (docs/forms.md). Every cell gets its own
 * form. The frozen world (the other tenant) is never written to: what a cell aims at there
 * is a third tenant's, as foreign to the caller.
 */

const unique = () => randomBytes(4).toString("hex");
type TPlace = { tenantId: number; C: number; O: number };
const thirds = new Map<number, Promise<TPlace>>();

async function placeOf(call: TCall): Promise<TPlace> {
  const { target } = call;
  if (!target.frozen) return { tenantId: target.tenant.id, C: target.C, O: target.O };
  let found = thirds.get(target.tenant.id);
  if (!found) {
    const db = call.t.database.db;
    found = createTenantWithCenter(db).then(async (made) => ({
      tenantId: made.tenant.id,
      C: made.center.id,
      O: (await createOrganization(db, made.tenant.id, { volunteerCenterId: made.center.id })).id,
    }));
    thirds.set(target.tenant.id, found);
  }
  return found;
}

async function freshForm(
  call: TCall,
  owner: "O" | "C",
  extra: { status?: "published"; requiresSignIn?: boolean } = {},
) {
  const place = await placeOf(call);
  return createForm(call.t.database.db, place.tenantId, {
    organizationId: place[owner],
    volunteerCenterId: place.C,
    ...extra,
  });
}

async function formRow(call: TCall, id: number) {
  const [row] = await call.t.database.db.select().from(forms).where(eq(forms.id, id));
  return row;
}
const submissionsOf = (call: TCall, formId: number) =>
  call.t.database.db.$count(formSubmissions, eq(formSubmissions.formId, formId));

/** An owner in the body that is another tenant's is not found: 422 ([other-tenant-body]). */
const inBody = (column: TColumn) => (column === "signed out" ? 401 : 422);

const read = (owner: "O" | "C"): TProbe => ({
  async run(call) {
    const form = await freshForm(call, owner);
    const res = await send(call, "GET", `/forms/${form.id}`, home(call));
    return { status: res.statusCode, reached: idsOf(res).includes(form.id) };
  },
  // The route also serves tokens without a session, so it looks the id up before it asks
  // for one: another tenant's id is a 404 signed out too.
  cross: byIdPublic,
});

const create = (owner: "O" | "C"): TProbe => ({
  async run(call) {
    const place = await placeOf(call);
    const title = `Formulier ${unique()}`;
    const res = await send(
      call,
      "POST",
      "/forms",
      home(call),
      doc("forms", { title, organization_id: place[owner] }),
    );
    const rows = await call.t.database.db.$count(forms, eq(forms.title, title));
    return { status: res.statusCode, reached: rows > 0 };
  },
  cross: inBody,
  note: "[other-tenant-body]",
});

export const FORM_PROBES: Record<string, TProbe> = {
  "forms.list | the forms of O": {
    async run(call) {
      const form = await freshForm(call, "O");
      const res = await send(call, "GET", "/forms?page[size]=1000", home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(form.id) };
    },
    // An admin of D lists D's forms (200), without O's.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    cross: sameAsHome,
    note: "[scoped-list]",
  },
  "forms.read | a form of O": read("O"),
  "forms.read | a form of C": read("C"),
  "forms.create | a form of O": create("O"),
  "forms.create | a form of C": create("C"),
  "forms.update | a form of O": {
    async run(call) {
      const form = await freshForm(call, "O");
      const title = `Anders ${unique()}`;
      const res = await send(
        call,
        "PATCH",
        `/forms/${form.id}`,
        home(call),
        doc("forms", { title }, form.id),
      );
      return { status: res.statusCode, reached: (await formRow(call, form.id))?.title === title };
    },
    cross: byId,
  },
  "forms.delete | a form of O": {
    async run(call) {
      const form = await freshForm(call, "O");
      const res = await send(call, "DELETE", `/forms/${form.id}`, home(call));
      return { status: res.statusCode, reached: (await formRow(call, form.id)) === undefined };
    },
    cross: byId,
  },
  "form_submissions.list | the submissions to a form of O": {
    async run(call) {
      const form = await freshForm(call, "O");
      const place = await placeOf(call);
      const row = await createSubmission(call.t.database.db, place.tenantId, form as never);
      const res = await send(call, "GET", `/forms/${form.id}/form_submissions`, home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(row.id) };
    },
    cross: byId,
  },
  "form_submissions.read | a submission to a form of O": {
    async run(call) {
      const form = await freshForm(call, "O");
      const place = await placeOf(call);
      const row = await createSubmission(call.t.database.db, place.tenantId, form as never);
      const res = await send(
        call,
        "GET",
        `/forms/${form.id}/form_submissions/${row.id}`,
        home(call),
      );
      return { status: res.statusCode, reached: idsOf(res).includes(row.id) };
    },
    cross: byId,
  },
  "form_submissions.delete | a submission to a form of O": {
    async run(call) {
      const form = await freshForm(call, "O");
      const place = await placeOf(call);
      const row = await createSubmission(call.t.database.db, place.tenantId, form as never);
      const res = await send(
        call,
        "DELETE",
        `/forms/${form.id}/form_submissions/${row.id}`,
        home(call),
      );
      return { status: res.statusCode, reached: (await submissionsOf(call, form.id)) === 0 };
    },
    cross: byId,
  },
  "forms.read_public | a published form": {
    async run(call) {
      const form = await freshForm(call, "O", { status: "published" });
      const res = await send(call, "GET", `/forms/${form.token}`, home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(form.id) };
    },
    cross: byIdPublic,
  },
  "form_submissions.create | a published form": {
    async run(call) {
      const form = await freshForm(call, "O", { status: "published" });
      const res = await send(
        call,
        "POST",
        `/forms/${form.token}/submissions`,
        home(call),
        doc("form_submissions", { answers: { name: "Anna" } }),
      );
      return { status: res.statusCode, reached: (await submissionsOf(call, form.id)) > 0 };
    },
    cross: byIdPublic,
  },
  "form_submissions.create | a published form that asks for sign-in": {
    async run(call) {
      const form = await freshForm(call, "O", { status: "published", requiresSignIn: true });
      const res = await send(
        call,
        "POST",
        `/forms/${form.token}/submissions`,
        home(call),
        doc("form_submissions", { answers: { name: "Anna" } }),
      );
      return { status: res.statusCode, reached: (await submissionsOf(call, form.id)) > 0 };
    },
    cross: byIdPublic,
  },
};
