import { z } from "zod";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";
import type { TDeskAttributes, TManagedDesk } from "./desk-admin";

/** The api's slug rule: lower-case words of letters and digits joined by '-'. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NUMBER = /^-?\d+([.,]\d+)?$/;

const toNumber = (value: string) => Number(value.trim().replace(",", "."));

/** A coordinate as typed: empty, or a number (a comma counts as the decimal point) in range. */
function coordinate(t: Translator, field: string, limit: number) {
  return z
    .string()
    .refine(
      (value) =>
        value.trim() === "" || (NUMBER.test(value.trim()) && Math.abs(toNumber(value)) <= limit),
      t("deskAdmin.form.coordinateInvalid", { field, limit: String(limit) }),
    );
}

/** The add and edit form of a desk: POST's fields (spec §7), the address with coordinates. */
export function deskFormSchema(t: Translator) {
  const r = rules(t);
  const optional = (max: number, field: string) =>
    z.string().max(max, t("deskAdmin.form.tooLong", { field, max: String(max) }));
  return z
    .object({
      azcName: r
        .required(t("deskAdmin.form.azcName"))
        .pipe(optional(200, t("deskAdmin.form.azcName"))),
      slug: z
        .string()
        .refine(
          (value) => value.trim() === "" || SLUG.test(value.trim()),
          t("deskAdmin.form.slugInvalid"),
        ),
      volunteerCenterId: r.required(t("deskAdmin.form.centre")),
      email: z
        .string()
        .refine(
          (value) => value.trim() === "" || z.email().safeParse(value.trim()).success,
          t("validation.email"),
        ),
      phone: optional(30, t("deskAdmin.form.phone")),
      // Edited on an existing desk only: POST takes no welcome text.
      ...welcomeSchema(t),
      address: z.object({
        street: optional(200, t("deskAdmin.form.street")),
        houseNumber: optional(20, t("deskAdmin.form.houseNumber")),
        postalCode: optional(20, t("deskAdmin.form.postalCode")),
        city: optional(100, t("deskAdmin.form.city")),
        latitude: coordinate(t, t("deskAdmin.form.latitude"), 90),
        longitude: coordinate(t, t("deskAdmin.form.longitude"), 180),
      }),
    })
    .superRefine((values, ctx) => {
      // One coordinate without the other pins nothing on the map: ask for the pair.
      const lat = values.address.latitude.trim() !== "";
      const lng = values.address.longitude.trim() !== "";
      if (lat !== lng) {
        ctx.addIssue({
          code: "custom",
          path: ["address", lat ? "longitude" : "latitude"],
          message: t("deskAdmin.form.coordinatePair"),
        });
      }
    });
}

export type TDeskFormValues = z.input<ReturnType<typeof deskFormSchema>>;

/** The form's starting values: empty for a new desk (the only centre preselected). */
export function deskFormDefaults(
  desk: TManagedDesk | null,
  defaultCentreId: string | null,
): TDeskFormValues {
  const address = desk?.address ?? null;
  const text = (value: string | null | undefined) => value ?? "";
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    azcName: text(desk?.azcName),
    slug: text(desk?.slug),
    volunteerCenterId: desk ? String(desk.volunteerCenterId) : (defaultCentreId ?? ""),
    email: text(desk?.email),
    phone: text(desk?.phone),
    welcomeTitle: text(desk?.welcomeTitle),
    welcomeBody: text(desk?.welcomeBody),
    address: {
      street: text(address?.street),
      houseNumber: text(address?.houseNumber),
      postalCode: text(address?.postalCode),
      city: text(address?.city),
      latitude: number(address?.latitude),
      longitude: number(address?.longitude),
    },
  };
}

/**
 * What the api gets. Adding: empty fields are left out (the api makes the slug from the
 * name). Editing: an emptied field is null, so it is cleared; a slug left empty keeps the
 * one the desk has. The welcome text is not here: welcomeAttributes, editing only.
 */
export function toDeskAttributes(
  values: TDeskFormValues,
  mode: "create" | "update",
): TDeskAttributes {
  const blank = (value: string) => value.trim() === "";
  const optional = (value: string) =>
    blank(value) ? (mode === "create" ? undefined : null) : value.trim();
  const coordinate = (value: string) => (blank(value) ? null : toNumber(value));
  const address = values.address;
  return {
    azcName: values.azcName.trim(),
    ...(blank(values.slug) ? {} : { slug: values.slug.trim() }),
    volunteerCenterId: values.volunteerCenterId,
    email: optional(values.email),
    phone: optional(values.phone),
    address: {
      street: optional(address.street),
      houseNumber: optional(address.houseNumber),
      postalCode: optional(address.postalCode),
      city: optional(address.city),
      latitude: coordinate(address.latitude),
      longitude: coordinate(address.longitude),
    },
  };
}

/** The api's limit on the welcome body's HTML (backend/routes/desks.ts). */
export const WELCOME_BODY_MAX = 50_000;

/** The welcome text's fields, shared by the desk's edit form and /mijn-balie. */
export function welcomeSchema(t: Translator) {
  return {
    welcomeTitle: z.string().max(200, t("myDesk.welcome.titleTooLong")),
    welcomeBody: z.string().max(WELCOME_BODY_MAX, t("myDesk.welcome.bodyTooLong")),
  };
}

/**
 * The welcome text for PATCH: the title always (empty clears it), the body only when it was
 * edited. The editor writes stored HTML back in its own form (attribute order, an empty
 * paragraph), so an untouched body sent along would be stored anew and audited as a change.
 */
export function welcomeAttributes(
  values: { welcomeTitle: string; welcomeBody: string },
  storedBody: string | null | undefined,
): Pick<TDeskAttributes, "welcomeTitle" | "welcomeBody"> {
  return {
    welcomeTitle: values.welcomeTitle.trim() || null,
    ...(values.welcomeBody === (storedBody ?? "")
      ? {}
      : { welcomeBody: values.welcomeBody || null }),
  };
}
