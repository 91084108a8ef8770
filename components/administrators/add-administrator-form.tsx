"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import {
  addCentreAdmin,
  findUserByEmail,
  inviteCentreAdmin,
  type TInvitation,
} from "@/lib/administrators/administrator-api";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { ZUserLocale } from "@/lib/contract/user";
import { rules } from "@/lib/forms/rules";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import type { TUserRecord } from "@/lib/users/user-types";
import { userDisplayName } from "@/lib/users/user-types";

type Props = { centre: TOrganizationRecord; admins: readonly TUserRecord[] };

/** The api's users are found by their address as stored: devise keeps it in lower case. */
const normalEmail = (email: string) => email.trim().toLowerCase();

function findSchema(t: Translator) {
  return z.object({ email: rules(t).email(t("administrators.add.email")) });
}

const INVITE_FIELDS = ["email", "firstName", "lastName", "locale"] as const;

function inviteSchema(t: Translator) {
  const r = rules(t);
  return z.object({
    email: r.email(t("administrators.add.email")),
    firstName: r.required(t("administrators.invite.firstName")),
    lastName: r.required(t("administrators.invite.lastName")),
    locale: ZUserLocale,
  });
}

/**
 * Adds an administrator to one centre. First by address: an existing account gets the admin
 * role on the centre (PUT …/add_role). When no account has that address the form asks for
 * the few details an invitation needs (names are required, docs/api-registration-invitations.md)
 * and sends one (POST /api/v1/users); the address typed stays.
 */
export function AddAdministratorForm({ centre, admins }: Props) {
  const [inviting, setInviting] = useState<string | null>(null);
  return inviting === null ? (
    <FindAdministrator centre={centre} admins={admins} onNotFound={setInviting} />
  ) : (
    <InviteAdministrator centre={centre} email={inviting} onDone={() => setInviting(null)} />
  );
}

type TFindOutcome =
  | { kind: "notFound"; address: string }
  | { kind: "already"; user: TUserRecord }
  | { kind: "added"; user: TUserRecord };

function FindAdministrator({
  centre,
  admins,
  onNotFound,
}: Props & { onNotFound: (email: string) => void }) {
  const t = useTranslations();
  const headingId = useId();
  const [already, setAlready] = useState<string | null>(null);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: findSchema,
    defaultValues: { email: "" },
    // Looks the address up, then makes its user an administrator of the centre, unless
    // nobody has it (an invitation is offered) or they are one already.
    submit: async ({ email }): Promise<TFindOutcome> => {
      const address = normalEmail(email);
      const user = await findUserByEmail(api, address);
      if (!user) return { kind: "notFound", address };
      if (admins.some((admin) => admin.id === user.id)) return { kind: "already", user };
      await addCentreAdmin(api, user.id, centre.id);
      return { kind: "added", user };
    },
    // The user's record, every list they are in (the centre's administrators among them)
    // and, should superadmins add themselves, the current user.
    invalidates: (outcome) =>
      outcome.kind === "added"
        ? [userKeys.detail(outcome.user.id), userKeys.lists(), userKeys.current()]
        : [],
    audited: true,
    success: (outcome) =>
      outcome.kind === "added"
        ? t("administrators.add.done", { name: userDisplayName(outcome.user), centre: centre.name })
        : undefined,
    onSuccess: (outcome) => {
      setAlready(null);
      if (outcome.kind === "notFound") onNotFound(outcome.address);
      else if (outcome.kind === "already") {
        setAlready(
          t("administrators.add.already", {
            name: userDisplayName(outcome.user),
            centre: centre.name,
          }),
        );
      } else form.reset({ email: "" });
    },
  });

  return (
    <form
      {...formProps}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-neutral-300 border-t pt-4"
    >
      <h3 id={headingId} className="font-semibold text-lg">
        {t("administrators.add.heading", { centre: centre.name })}
      </h3>
      <p className="text-neutral-800">{t("administrators.add.intro")}</p>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      {already ? <Notice>{already}</Notice> : null}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t("administrators.add.email")}
          type="email"
          autoComplete="off"
          required
          className="min-w-64 flex-1"
          error={message("email")}
          {...form.register("email")}
        />
        <SubmitButton
          pending={pending}
          pendingLabel={t("administrators.add.pending")}
          className="min-h-11"
        >
          {t("administrators.add.submit")}
          <span className="sr-only"> {centre.name}</span>
        </SubmitButton>
      </div>
    </form>
  );
}

function InviteAdministrator({
  centre,
  email,
  onDone,
}: {
  centre: TOrganizationRecord;
  email: string;
  onDone: () => void;
}) {
  const t = useTranslations();
  const headingId = useId();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: inviteSchema,
    defaultValues: { email, firstName: "", lastName: "", locale: "nl" },
    submit: (values) => {
      const invitation: TInvitation = {
        email: normalEmail(values.email),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        locale: values.locale,
      };
      return inviteCentreAdmin(api, invitation, centre.id).then(() => invitation);
    },
    // A new user, in the lists (the centre's administrators among them).
    invalidates: [userKeys.lists()],
    audited: true,
    success: (invitation) =>
      t("administrators.invite.done", { email: invitation.email, centre: centre.name }),
    onSuccess: onDone,
    fields: new Set<string>(INVITE_FIELDS),
    fieldMessage: (field, error) => inviteFieldMessage(t, field, error.code),
    failureTitle: t("administrators.invite.failed", { email }),
  });

  // The form changed under the person's hands: take them to its first new field.
  useEffect(() => form.setFocus("firstName"), [form]);

  return (
    <form
      {...formProps}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-neutral-300 border-t pt-4"
    >
      <h3 id={headingId} className="font-semibold text-lg">
        {t("administrators.invite.heading", { centre: centre.name })}
      </h3>
      <Notice>{t("administrators.invite.notFound", { email, centre: centre.name })}</Notice>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={t("administrators.add.email")}
        type="email"
        autoComplete="off"
        required
        error={message("email")}
        {...form.register("email")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("administrators.invite.firstName")}
          autoComplete="off"
          maxLength={100}
          required
          error={message("firstName")}
          {...form.register("firstName")}
        />
        <TextField
          label={t("administrators.invite.lastName")}
          autoComplete="off"
          maxLength={100}
          required
          error={message("lastName")}
          {...form.register("lastName")}
        />
      </div>
      <SelectField
        label={t("administrators.invite.locale")}
        hint={t("administrators.invite.localeHint")}
        options={[
          { value: "nl", label: t("administrators.invite.localeNl") },
          { value: "en", label: t("administrators.invite.localeEn") },
        ]}
        error={message("locale")}
        {...form.register("locale")}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel={t("administrators.invite.pending")}>
          {t("administrators.invite.submit")}
        </SubmitButton>
        <Button variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** The api's 422 codes for an invitation (docs/api-registration-invitations.md), localized. */
function inviteFieldMessage(t: Translator, field: string, code: string | undefined): string {
  if (field === "email" && code === "taken") return t("administrators.invite.taken");
  if (code === "blank") {
    switch (field) {
      case "firstName":
        return t("validation.required", { field: t("administrators.invite.firstName") });
      case "lastName":
        return t("validation.required", { field: t("administrators.invite.lastName") });
      default:
        return t("validation.required", { field: t("administrators.add.email") });
    }
  }
  switch (field) {
    case "firstName":
      return t("validation.invalid", { field: t("administrators.invite.firstName") });
    case "lastName":
      return t("validation.invalid", { field: t("administrators.invite.lastName") });
    case "locale":
      return t("validation.invalid", { field: t("administrators.invite.locale") });
    default:
      return t("validation.email");
  }
}
