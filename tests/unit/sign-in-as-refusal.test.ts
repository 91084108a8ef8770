import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { signInAsRefusal } from "@/lib/impersonation/sign-in-as-refusal";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const t = createTranslator({ locale: "en", messages: en });
const tNl = createTranslator({ locale: "nl", messages: nl });

const onAttribute = (statusCode: number, attribute: string, code: string) =>
  new ApiError({
    statusCode,
    errors: [{ source: { pointer: `/data/attributes/${attribute}` }, detail: "x", code }],
  });

describe("signInAsRefusal", () => {
  it("says why the api refused, by the 422's code on user_id", () => {
    expect(signInAsRefusal(t, onAttribute(422, "user_id", "inactive"))).toBe(
      en.impersonation.refusal.inactive,
    );
    expect(signInAsRefusal(t, onAttribute(422, "user_id", "wrong_center"))).toBe(
      en.impersonation.refusal.wrongCenter,
    );
    expect(signInAsRefusal(tNl, onAttribute(422, "user_id", "invited"))).toBe(
      nl.impersonation.refusal.invited,
    );
  });

  it("falls back to the general texts: an unknown code, 403, and 409 for a second level", () => {
    expect(signInAsRefusal(t, onAttribute(422, "user_id", "something_new"))).toBe(
      en.mutations.invalid,
    );
    expect(signInAsRefusal(t, new ApiError({ statusCode: 403 }))).toBe(en.mutations.forbidden);
    expect(signInAsRefusal(t, new ApiError({ statusCode: 409 }))).toBe(
      en.impersonation.refusal.alreadyImpersonating,
    );
  });
});
