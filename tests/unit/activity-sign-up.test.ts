import { describe, expect, it } from "vitest";
import { cancelRefusal, registrationRefusal } from "@/lib/activity-registrations/registration-api";
import { signUpMessages } from "@/lib/activity-registrations/sign-up-messages";
import { ApiError } from "@/lib/api/errors";
import nl from "@/messages/nl.json";

// The sign-up island's parts without React: reading a refusal, the messages it is sent.

describe("a refusal of POST /activity_registrations", () => {
  const refused = (code: string, pointer = "/data/relationships/activity", status = 422) =>
    new ApiError({
      statusCode: status,
      errors: [{ status: String(status), code, source: { pointer } }],
    });

  it("is read from the code on the activity relationship", () => {
    expect(registrationRefusal(refused("taken"))).toBe("taken");
    expect(registrationRefusal(refused("registration_closed"))).toBe("registration_closed");
  });

  it("is nothing for another pointer, another code or another status", () => {
    expect(registrationRefusal(refused("taken", "/data/attributes/status"))).toBeUndefined();
    expect(registrationRefusal(refused("blank"))).toBeUndefined();
    expect(
      registrationRefusal(refused("taken", "/data/relationships/activity", 409)),
    ).toBeUndefined();
    expect(registrationRefusal(new Error("x"))).toBeUndefined();
  });
});

describe("the messages sent with an activity page for the island", () => {
  it("are the panel's own, the dialog's Cancel, the loader's and the refusal reasons", () => {
    const sent = signUpMessages(nl) as Record<string, Record<string, unknown>>;
    expect(Object.keys(sent).sort()).toEqual(["activitySignUp", "common", "lists", "mutations"]);
    expect(sent.activitySignUp).toEqual({ panel: nl.activitySignUp.panel });
    expect(sent.common).toEqual({ loading: nl.common.loading, cancel: nl.common.cancel });
    expect(sent.lists).toEqual({ retry: nl.lists.retry });
    expect(sent.mutations).toEqual(nl.mutations);
  });
});

describe("a refusal of DELETE /activity_registrations/:id", () => {
  it("is 'started' once the activity has begun, and nothing for another 422", () => {
    const refused = (code: string) =>
      new ApiError({ statusCode: 422, errors: [{ code, source: { pointer: "/data" } }] });
    expect(cancelRefusal(refused("started"))).toBe("started");
    expect(cancelRefusal(refused("invalid"))).toBeUndefined();
    expect(cancelRefusal(new ApiError({ statusCode: 404 }))).toBeUndefined();
  });
});
