import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { contactFormSchema } from "@/lib/contact/contact-form";
import { CONTACT_LIMITS, ZContactMessageAttributes } from "@/lib/contract/contact";
import {
  type TViewerTable,
  viewerExportHref,
  viewerListSpec,
  viewerRowsQuery,
} from "@/lib/data-viewer/data-viewer-api";
import type { Translator } from "@/lib/i18n/translator";
import { parseListState } from "@/lib/lists/list-state";
import nl from "@/messages/nl.json";

// The contact form takes what POST /contact_messages takes (docs/contact-form.md), and the
// data viewer's URL state becomes the api's query and export address (docs/data-viewer.md).

const t = createTranslator({ locale: "nl", messages: nl }) as unknown as Translator;
const schema = contactFormSchema(t);
const valid = {
  name: "Eva",
  email: "eva@example.org",
  subject: "Vraag",
  body: "Hallo",
  consent: true,
  website: "",
};

describe("the contact form's rules", () => {
  it("accepts a message the api accepts, and refuses one without consent on both sides", () => {
    expect(schema.safeParse(valid).success).toBe(true);
    const { website: _, ...sent } = valid;
    expect(ZContactMessageAttributes.safeParse(sent).success).toBe(true);
    const refused = schema.safeParse({ ...valid, consent: false });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(nl.contact.form.consentRequired);
    expect(ZContactMessageAttributes.safeParse({ ...sent, consent: false }).success).toBe(false);
  });

  it("holds the contract's limits, exactly at the edge", () => {
    for (const field of ["name", "subject", "body"] as const) {
      const max = CONTACT_LIMITS[field];
      expect(schema.safeParse({ ...valid, [field]: "x".repeat(max) }).success, field).toBe(true);
      expect(schema.safeParse({ ...valid, [field]: "x".repeat(max + 1) }).success, field).toBe(
        false,
      );
      expect(schema.safeParse({ ...valid, [field]: "   " }).success, field).toBe(false);
    }
    expect(schema.safeParse({ ...valid, email: "geen adres" }).success).toBe(false);
  });
});

describe("the data viewer's list state", () => {
  const users: TViewerTable = {
    id: "users",
    name: "users",
    columns: [
      { name: "id", type: "number", searchable: false },
      { name: "first_name", type: "string", searchable: true },
    ],
  };
  const joins: TViewerTable = {
    id: "users_roles",
    name: "users_roles",
    columns: [{ name: "user_id", type: "number", searchable: false }],
  };
  const tables = [users, joins];

  it("sorts by the newest id by default, by any shown column on request, never by another", () => {
    const spec = viewerListSpec(tables, users);
    expect(parseListState(new URLSearchParams("table=users"), spec).sort).toEqual({
      field: "id",
      direction: "desc",
    });
    expect(parseListState(new URLSearchParams("table=users&sort=-first_name"), spec).sort).toEqual({
      field: "first_name",
      direction: "desc",
    });
    // A column of another table (kept in the URL after switching) falls back to the default.
    expect(parseListState(new URLSearchParams("sort=email"), spec).sort.field).toBe("id");
    expect(viewerListSpec(tables, joins).defaultSort).toEqual({
      field: "user_id",
      direction: "asc",
    });
  });

  it("asks the api for the search, order and page, and exports the same search and order", () => {
    const state = parseListState(
      new URLSearchParams("table=users&q=anna&sort=first_name&page[number]=2&page[size]=50"),
      viewerListSpec(tables, users),
    );
    expect(viewerRowsQuery(state)).toEqual({
      q: "anna",
      sort: "first_name",
      page: { number: 2, size: 50 },
    });
    expect(viewerExportHref("users", state)).toBe(
      "/api/v1/data_viewer/tables/users/export?q=anna&sort=first_name",
    );
  });
});
