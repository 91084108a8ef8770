import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTIONS as API_ACTIONS,
  AUDIT_SUBJECT_TYPES as API_SUBJECT_TYPES,
} from "@/backend/db/schema/audit-events";
import { auditDetails } from "@/components/audit/audit-details";
import { auditActionLabel, auditSubjectLabel } from "@/components/audit/audit-labels";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from "@/lib/audit/audit-types";
import type { Translator } from "@/lib/i18n/translator";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const tNl = createTranslator({ locale: "nl", messages: nl }) as unknown as Translator;
const tEn = createTranslator({ locale: "en", messages: en }) as unknown as Translator;

describe("auditDetails", () => {
  it("says a status change in the subject's own words", () => {
    const organization = {
      action: "organization_approved",
      subjectType: "Organization",
      details: { from: "pending", to: "approved" },
    };
    expect(auditDetails(tNl, organization)).toBe("van In afwachting naar Goedgekeurd");
    expect(auditDetails(tEn, organization)).toBe("from Pending to Approved");
    const user = {
      action: "user_status_changed",
      subjectType: "User",
      details: { from: "active", to: "inactive" },
    };
    expect(auditDetails(tEn, user)).toBe("from Active to Inactive");
    expect(
      auditDetails(tEn, {
        action: "user_archived",
        subjectType: "User",
        details: { from: "invited" },
      }),
    ).toBe("was Invited");
  });

  it("names the role and what it is on, or only the role for a global one", () => {
    const on = {
      action: "role_added",
      subjectType: "User",
      details: {
        role: "admin",
        resourceType: "Organization",
        resourceId: 3,
        resourceLabel: "De Regenboog",
      },
    };
    expect(auditDetails(tEn, on)).toBe("Administrator of De Regenboog");
    expect(
      auditDetails(tEn, {
        action: "role_removed",
        subjectType: "User",
        details: { role: "superadmin", resourceType: null, resourceId: null, resourceLabel: null },
      }),
    ).toBe("Super administrator");
  });

  it("lists edited fields and the centres of a move, by name when known", () => {
    expect(
      auditDetails(tEn, {
        action: "organization_updated",
        subjectType: "Organization",
        details: { changed: ["name", "address.city"] },
      }),
    ).toBe("changed: name, address.city");
    const moved = {
      action: "organization_moved",
      subjectType: "Organization",
      details: { fromCenterId: 4, toCenterId: 7 },
    };
    expect(auditDetails(tEn, moved)).toBe("from #4 to #7");
    expect(auditDetails(tEn, moved, (id) => ({ "4": "Kampen", "7": "IJsselmuiden" })[id])).toBe(
      "from Kampen to IJsselmuiden",
    );
  });

  it("says a form's status step, a deleted submission and an export's row count", () => {
    const published = {
      action: "form_published",
      subjectType: "Form",
      details: { from: "draft", to: "published" },
    };
    expect(auditDetails(tNl, published)).toBe("van Concept naar Gepubliceerd");
    expect(auditDetails(tEn, published)).toBe("from Draft to Published");
    expect(
      auditDetails(tNl, {
        action: "form_submission_deleted",
        subjectType: "Form",
        details: { submissionId: 12, formVersionId: 3 },
      }),
    ).toBe("Inzending #12");
    const exported = (rows: number) => ({
      action: "form_submissions_exported",
      subjectType: "Form",
      details: { filters: {}, search: false, sort: null, locale: "nl", rows },
    });
    expect(auditDetails(tNl, exported(1))).toBe("1 rij");
    expect(auditDetails(tEn, exported(40))).toBe("40 rows");
    expect(
      auditDetails(tEn, {
        action: "form_updated",
        subjectType: "Form",
        details: { changed: ["title", "definition"], version: 2, newVersion: true },
      }),
    ).toBe("changed: title, definition");
  });

  it("is empty for an entry without details", () => {
    expect(
      auditDetails(tEn, { action: "signed_in_as", subjectType: "User", details: {} }),
    ).toBeNull();
  });
});

describe("auditActionLabel", () => {
  it("knows exactly the actions the api writes", () => {
    expect([...AUDIT_ACTIONS]).toEqual([...API_ACTIONS]);
  });

  it("has a Dutch and an English label for every action the api writes", () => {
    for (const action of AUDIT_ACTIONS) {
      expect(auditActionLabel(tNl, action)).not.toBe(action);
      expect(auditActionLabel(tEn, action)).not.toBe(action);
    }
    expect(auditActionLabel(tEn, "something_new")).toBe("something_new");
  });
});

describe("auditSubjectLabel", () => {
  it("knows exactly the subject types the api writes, each in Dutch and English", () => {
    expect([...AUDIT_SUBJECT_TYPES]).toEqual([...API_SUBJECT_TYPES]);
    // A missing message comes back as its key path.
    for (const type of AUDIT_SUBJECT_TYPES) {
      expect(auditSubjectLabel(tNl, type)).not.toMatch(/auditLog\./);
      expect(auditSubjectLabel(tEn, type)).not.toMatch(/auditLog\./);
    }
    expect(auditSubjectLabel(tNl, "Desk")).toBe("Balie");
    expect(auditSubjectLabel(tEn, "Something")).toBe("Something");
  });
});
