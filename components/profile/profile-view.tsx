"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CommitmentSection } from "@/components/activity-registrations/commitment-section";
import { PersonalDataSections } from "@/components/personal-data/personal-data-sections";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Icon } from "@/components/ui/icon";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { accountUserQuery, ownProfileQuery } from "@/lib/profile/profile-queries";
import type { TAccountUser, TVolunteerProfile } from "@/lib/profile/profile-types";
import { tagName } from "@/lib/tags/tag-name";
import { AvailabilityTable } from "./availability-table";
import { languageNames } from "./profile-labels";

/**
 * Nothing of what a volunteer tells about themselves is filled in yet (the name and phone
 * are the account's, so they do not count): the page invites them to start.
 */
export function isEmptyProfile(profile: TVolunteerProfile): boolean {
  return (
    !profile.postalCode &&
    !profile.city &&
    profile.about.trim() === "" &&
    profile.skills.length === 0 &&
    profile.availability.length === 0 &&
    profile.hoursPerWeek === null &&
    profile.languages.length === 0 &&
    (profile.tags ?? []).length === 0 &&
    !profile.inPool
  );
}

/**
 * /profiel (docs/profile-pages.md): the signed-in user's own profile, read only, with the
 * ways to change it. The address comes from the account (current_user), the rest from the
 * volunteer profile. Where the tenant has activities, "Je inzet" follows: it loads on its
 * own, so it shows whether or not the profile is filled in.
 */
export function ProfileView({ activities = false }: { activities?: boolean }) {
  const t = useTranslations("profile.view");
  const profile = useQuery(ownProfileQuery());
  const user = useQuery(accountUserQuery());
  return (
    <QueryGate
      query={allOf(profile, user)}
      failed={t("loadFailed")}
      frame={(state) => (
        <div className="flex max-w-4xl flex-col gap-6">
          <PageTitle
            actions={
              <ButtonLink href="/profile-edit" variant="outline" size="sm" className="min-h-11">
                {t("edit")}
              </ButtonLink>
            }
          >
            {t("title")}
          </PageTitle>
          {state}
          {activities ? <CommitmentSection /> : null}
          <PersonalDataSections />
        </div>
      )}
    >
      {([loaded, account]) =>
        isEmptyProfile(loaded) ? (
          <EmptyProfile profile={loaded} />
        ) : (
          <Profile profile={loaded} user={account} />
        )
      }
    </QueryGate>
  );
}

function EmptyProfile({ profile }: { profile: TVolunteerProfile }) {
  const t = useTranslations("profile.view");
  return (
    <Card className="flex flex-col items-start gap-4">
      <h2 className="text-2xl font-bold">
        {profile.firstName ? t("emptyTitleNamed", { name: profile.firstName }) : t("emptyTitle")}
      </h2>
      <p className="max-w-prose text-neutral-800">{t("emptyText")}</p>
      <ButtonLink href="/profile-edit">{t("emptyAction")}</ButtonLink>
    </Card>
  );
}

const sectionClass = "flex flex-col gap-3";
const headingClass = "text-xl font-bold";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Profile({ profile, user }: { profile: TVolunteerProfile; user: TAccountUser }) {
  const t = useTranslations();
  const locale = useLocale();
  const format = useFormatter();
  const languageName = languageNames(t, locale);
  const notGiven = <span className="text-neutral-700">{t("profile.view.notGiven")}</span>;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  const place = [profile.postalCode, profile.city].filter(Boolean).join(", ");
  const tags = profile.tags ?? [];
  const chip = "rounded-full border-2 border-neutral-400 bg-white px-3 py-1";

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div className="flex flex-col gap-8">
        <Section id="profile-about" title={t("profile.view.about")}>
          {profile.about.trim() ? (
            <p className="max-w-prose whitespace-pre-line">{profile.about}</p>
          ) : (
            <p>{notGiven}</p>
          )}
        </Section>

        <Section id="profile-interests" title={t("profile.fields.interests")}>
          {tags.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li key={tag.id} className={chip}>
                  {tagName(tag, locale)}
                </li>
              ))}
            </ul>
          ) : (
            <p>{notGiven}</p>
          )}
        </Section>

        <Section id="profile-skills" title={t("profile.skills.legend")}>
          {profile.skills.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {profile.skills.map((skill) => (
                <li key={skill} className={chip}>
                  {skill}
                </li>
              ))}
            </ul>
          ) : (
            <p>{notGiven}</p>
          )}
        </Section>

        <Section id="profile-availability" title={t("profile.fields.availability")}>
          {profile.availability.length > 0 ? (
            <AvailabilityTable slots={profile.availability} />
          ) : (
            <p>{notGiven}</p>
          )}
          <p>
            <span className="font-semibold">{t("profile.fields.hoursPerWeek")}:</span>{" "}
            {profile.hoursPerWeek === null
              ? notGiven
              : t("profile.view.hours", { count: profile.hoursPerWeek })}
          </p>
        </Section>

        <Section id="profile-languages" title={t("profile.fields.languages")}>
          {profile.languages.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {profile.languages.map((code) => (
                <li key={code} className={chip}>
                  {languageName(code)}
                </li>
              ))}
            </ul>
          ) : (
            <p>{notGiven}</p>
          )}
        </Section>
      </div>

      <div className="flex flex-col gap-8">
        <Section id="profile-contact" title={t("profile.view.contact")}>
          <dl className="flex flex-col gap-2">
            <div>
              <dt className="font-semibold">{t("profile.view.name")}</dt>
              <dd>{name || notGiven}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("userAdmin.fields.email")}</dt>
              <dd className="[overflow-wrap:anywhere]">{user.email}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("userAdmin.fields.phone")}</dt>
              <dd>{profile.phone || notGiven}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("profile.view.place")}</dt>
              <dd>{place || notGiven}</dd>
            </div>
          </dl>
        </Section>

        <Section id="profile-pool" title={t("profile.pool.heading")}>
          <p className="flex items-start gap-2">
            <Icon name={profile.inPool ? "check-circle" : "info"} className="mt-1" />
            <span>
              {profile.inPool
                ? profile.poolOptedInAt
                  ? t("profile.view.inPoolSince", {
                      date: format.dateTime(new Date(profile.poolOptedInAt), {
                        dateStyle: "long",
                      }),
                    })
                  : t("profile.view.inPool")
                : t("profile.view.notInPool")}
            </span>
          </p>
        </Section>

        <Section id="profile-account" title={t("profile.view.account")}>
          <ul className="flex flex-col gap-1">
            <li>
              <Link href="/profile-edit" className="inline-block py-2">
                {t("profile.view.edit")}
              </Link>
            </li>
            <li>
              <Link href="/profile-edit/email" className="inline-block py-2">
                {t("profile.view.changeEmail")}
              </Link>
            </li>
            <li>
              <Link href="/profile-edit/settings" className="inline-block py-2">
                {t("profile.view.settings")}
              </Link>
            </li>
            <li>
              <Link href="/profile-edit/periodieke-mail" className="inline-block py-2">
                {t("profile.view.periodicMail")}
              </Link>
            </li>
          </ul>
        </Section>
      </div>
    </div>
  );
}
