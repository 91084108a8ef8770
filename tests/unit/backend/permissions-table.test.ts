import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TRoleRef } from "../../../backend/auth/roles";
import {
  ACTIONS,
  can,
  type TAction,
  type TActor,
  type TPolicyResources,
} from "../../../backend/policies/policy";

// Walks every cell of docs/permissions.md against the policy module.
const O = 100;
const C = 200;
const D = 300;
const DESK = 400;
const org = (name: string, id: number): TRoleRef => ({
  name,
  resourceType: "Organization",
  resourceId: id,
});
const global = (name: string): TRoleRef => ({ name, resourceType: null, resourceId: null });

const ACTORS: Record<string, TActor> = {
  "signed out": null,
  volunteer: { id: 1, roles: [global("volunteer")] },
  "member of O": { id: 2, roles: [org("member", O)] },
  "admin of O": { id: 3, roles: [org("admin", O)] },
  "admin of C": { id: 4, roles: [org("admin", C)] },
  "admin of D": { id: 5, roles: [org("admin", D)] },
  "desk manager": {
    id: 6,
    roles: [{ name: "desk_manager", resourceType: "Desk", resourceId: DESK }],
  },
  superadmin: { id: 7, roles: [global("superadmin")] },
};

type TAnyResource = TPolicyResources[TAction];
/** A peer-help post of the tenant of centres C and D, not readable signed out. */
const helpPost = (facts: { posterId: number; live: boolean }) => ({
  ...facts,
  hidden: false,
  publicRead: false,
  centreIds: [C, D],
});
const ACTIVITY_AT_DESK = { volunteerCenterId: C, deskId: DESK };

const RESOURCES: Record<string, (actor: TActor) => TAnyResource> = {
  "own record": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's record": () => ({ userId: 999 }),
  "own list": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's list": () => ({ userId: 999 }),
  O: () => ({ organizationId: O }),
  C: () => ({ organizationId: C }),
  "the tenant's active desks": () => ({}),
  "a desk of C": () => ({ volunteerCenterId: C }),
  "the desks of C, inactive ones too": () => ({ centerIds: [C] }),
  "the details of the desk": () => ({
    deskId: DESK,
    volunteerCenterId: C,
    targetCenterId: C,
    welcomeOnly: false,
  }),
  "the welcome text of the desk": () => ({
    deskId: DESK,
    volunteerCenterId: C,
    targetCenterId: C,
    welcomeOnly: true,
  }),
  "a desk of C without activities to come": () => ({ deskId: DESK, volunteerCenterId: C }),
  "the tenant's redirect rules": () => ({}),
  "the tenant's message overrides": () => ({}),
  "own notifications": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's notifications": () => ({ userId: 999 }),
  "own notification": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's notification": () => ({ userId: 999 }),
  "own activity events": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's activity events": () => ({ userId: 999 }),
  "own volunteer profile": (actor) => ({ userId: actor?.id ?? 0 }),
  "the tenant's volunteer pool": () => ({ centerIds: [C, D] }),
  "an open vacancy of C for a volunteer of the desk": () => ({
    volunteerCenterId: C,
    volunteerDeskIds: [DESK],
  }),
  // At another desk of C, which the desk manager does not manage.
  "an open vacancy of C for a volunteer not at the desk": () => ({
    volunteerCenterId: C,
    volunteerDeskIds: [DESK + 1],
  }),
  "own invitations": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's invitations": () => ({ userId: 999 }),
  "own invitation": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's invitation": () => ({ userId: 999 }),
  "another user's volunteer profile": () => ({ userId: 999 }),
  "own calendar address": (actor) => ({ userId: actor?.id ?? 0 }),
  "a calendar feed, by its token": () => ({}),
  "own data exports": (actor) => ({ userId: actor?.id ?? 0 }),
  "own data export": (actor) => ({ userId: actor?.id ?? 0 }),
  "own data export, by mailed token": (actor) => ({ userId: actor?.id ?? 0 }),
  "another user's data export, by mailed token": () => ({ userId: 999 }),
  "own matches": (actor) => ({ userId: actor?.id ?? 0 }),
  "the forms of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "a form of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "a form of C": () => ({ organizationId: C, volunteerCenterId: C }),
  "the submissions to a form of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "a submission to a form of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "a published form": () => ({ requiresSignIn: false }),
  "a published form that asks for sign-in": () => ({ requiresSignIn: true }),
  "another user's matches": () => ({ userId: 999 }),
  "any periodic mail, by mailed token": () => ({}),
  "the tenant's users": () => ({}),
  "own user record": (actor) => ({ userId: actor?.id ?? 0, organizationIds: [], centerIds: [] }),
  "a user of O": () => ({ userId: 999, organizationIds: [O], centerIds: [C] }),
  "a user of C": () => ({ userId: 999, organizationIds: [], centerIds: [C] }),
  "member of O for a user of O": () => ({
    ...{ userId: 999, organizationIds: [O], centerIds: [C] },
    ...{ role: "member", resourceType: "Organization", resourceId: O, centerId: C },
  }),
  "admin of C for a user of C": () => ({
    ...{ userId: 999, organizationIds: [], centerIds: [C] },
    ...{ role: "admin", resourceType: "Organization", resourceId: C, centerId: C },
  }),
  "desk_manager of a desk of C": () => ({
    ...{ userId: 999, organizationIds: [], centerIds: [C] },
    ...{ role: "desk_manager", resourceType: "Desk", resourceId: DESK, centerId: C },
  }),
  "a superadmin member of O": () => ({
    ...{ userId: 999, organizationIds: [O], centerIds: [C], superadmin: true },
  }),
  "member of O for a superadmin": () => ({
    ...{ userId: 999, organizationIds: [O], centerIds: [C], superadmin: true },
    ...{ role: "member", resourceType: "Organization", resourceId: O, centerId: C },
  }),
  "global superadmin": () => ({
    ...{ userId: 999, organizationIds: [], centerIds: [C] },
    ...{ role: "superadmin", resourceType: null, resourceId: null, centerId: null },
  }),
  "the tenant's organizations": () => ({}),
  "O of C, approved": () => ({ organizationId: O, volunteerCenterId: C, status: "approved" }),
  "O of C, pending": () => ({ organizationId: O, volunteerCenterId: C, status: "pending" }),
  "C itself, pending": () => ({ organizationId: C, volunteerCenterId: null, status: "pending" }),
  "C itself, approved": () => ({ organizationId: C, volunteerCenterId: null, status: "approved" }),
  "entries of C": () => ({ centerIds: [C] }),
  "the site's settings": () => ({}),
  "the site settings of C": () => ({ volunteerCenterId: C }),
  "the reply-time settings of C": () => ({ volunteerCenterId: C }),
  "the overdue applications of C": () => ({ volunteerCenterId: C }),
  "the figures of C": () => ({ volunteerCenterId: C }),
  "the figures of C beside the tenant's other centres": () => ({ centreIds: [C] }),
  "a new organization of C": () => ({ type: "Organization", volunteerCenterId: C }),
  "a new centre": () => ({ type: "VolunteerCenter", volunteerCenterId: null }),
  "any account, by e-mail address": () => ({}),
  "any account, by mailed token": () => ({}),
  "the tenant's approved centres": () => ({}),
  // Public activities and desk welcome pages (docs/activities.md).
  "the public activities of the site's centres": () => ({}),
  "a published activity of C": () => ({}),
  "a desk's welcome page": () => ({}),
  // Writing activities (docs/activity-writes.md): the activity's centre and desk decide.
  "a new activity of C at the desk": () => ACTIVITY_AT_DESK,
  "a new activity of C without a desk": () => ({ volunteerCenterId: C, deskId: null }),
  "a copy of a draft activity of C at the desk": () => ACTIVITY_AT_DESK,
  "a new series of C at the desk": () => ACTIVITY_AT_DESK,
  "a published activity of C at the desk": () => ACTIVITY_AT_DESK,
  "a draft activity of C at the desk": () => ACTIVITY_AT_DESK,
  "cancelling a published activity of C at the desk": () => ACTIVITY_AT_DESK,
  // The back office's list: any activity the caller runs stands for it (the scope narrows).
  "the activities of C at the desk, drafts included": () => ACTIVITY_AT_DESK,
  "the site's published vacancies": () => ({}),
  "a published vacancy of C": () => ({ volunteerCenterId: C }),
  // The tag vocabulary (docs/tags.md) is the tenant's, whose centres are C and D.
  "the tenant's tags": () => ({ all: false, centreIds: [C, D] }),
  "every tag of the tenant, archived ones and their use too": () => ({
    all: true,
    centreIds: [C, D],
  }),
  "a tag of the tenant": () => ({ centreIds: [C, D] }),
  // News, content pages and partners (docs/content-pages.md): public reads, no facts.
  "published news of the site's centres": () => ({}),
  // Writing them (docs/content-writes.md): news is C's; pages and images the tenant's (C, D).
  "the news of C, drafts included": () => ({ centerIds: [C] }),
  "a news article of C": () => ({ volunteerCenterId: C, targetCenterId: C }),
  "a message to the site's centre": () => ({}),
  "the messages to C": () => ({ centerIds: [C] }),
  "a message to C": () => ({ volunteerCenterId: C }),
  "the tenant's tables": () => ({}),
  "the rows of a table of the tenant": () => ({}),
  "the tenant's pages, drafts included": () => ({ centreIds: [C, D] }),
  "the overrides of C": () => ({ centerIds: [C] }),
  "an override of C": () => ({ volunteerCenterId: C, centerIds: [C, D] }),
  "the tenant's override": () => ({ volunteerCenterId: null, centerIds: [C, D] }),
  "a template with sample data": () => ({ centerIds: [C, D] }),
  "a test mail to oneself": () => ({ centerIds: [C, D] }),
  "a content page of the tenant": () => ({ centreIds: [C, D] }),
  "an image of the tenant": () => ({ centreIds: [C, D] }),
  "an uploaded image": () => ({}),
  "a published article of the site's centres": () => ({}),
  "the tenant's published pages": () => ({}),
  "the partners of the site's centres": () => ({}),
  "the site's map organisations": () => ({}),
  // The development outbox: no facts; where it exists at all is the route's business.
  "the development mail outbox (outside production, without SMTP, loopback only)": () => ({}),
  "the developer pages where they are switched off": () => ({}),
  // devise's endpoints (/auth/*, POST /api/v1/confirm): credentials, the session's token or
  // a mailed token is the proof, checked by the route; no facts.
  "a devise endpoint, by its own proof": () => ({}),
  // The job queue (docs/jobs.md): superadmins only, no facts.
  "the tenant's jobs": () => ({}),
  "a failed job of the tenant": () => ({}),
  "a published vacancy of O": () => ({}),
  "a vacancy of O, published": () => ({ organizationId: O, volunteerCenterId: C }),
  "the vacancies of O, drafts included": () => ({ organizationId: O, volunteerCenterId: C }),
  "a new vacancy of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "a draft vacancy of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "closing a published vacancy of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "a pending vacancy of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "published vacancies of O": () => ({ organizationId: O, volunteerCenterId: C }),
  "own applications": () => ({}),
  "an application to a vacancy of O": () => ({
    ...{ applicantId: 999, organizationId: O, volunteerCenterId: C },
  }),
  "own application": (actor) => ({
    ...{ applicantId: actor?.id ?? 0, organizationId: 998, volunteerCenterId: 997 },
  }),
  "accepting an application to a vacancy of O": () => ({
    ...{ applicantId: 999, organizationId: O, volunteerCenterId: C, side: "organization" },
  }),
  "the tenant's live posts": () => ({ publicRead: false }),
  "a live post": () => helpPost({ posterId: 999, live: true }),
  "another user's closed post": () => helpPost({ posterId: 999, live: false }),
  "a new post": () => ({}),
  "own post": (actor) => helpPost({ posterId: actor?.id ?? 0, live: true }),
  "another user's live post": () => helpPost({ posterId: 999, live: true }),
  "closing own post": (actor) => ({
    ...helpPost({ posterId: actor?.id ?? 0, live: true }),
    event: "close",
  }),
  "hiding another user's post": () => ({
    ...helpPost({ posterId: 999, live: true }),
    event: "hide",
  }),
  "a place at a future activity of C": () => ({}),
  "own places": () => ({ activity: null }),
  "the people of an activity of C at the desk": () => ({ activity: ACTIVITY_AT_DESK }),
  "own place": (actor) => ({ userId: actor?.id ?? 0, activity: ACTIVITY_AT_DESK }),
  "another user's place at an activity of C at the desk": () => ({
    userId: 999,
    activity: ACTIVITY_AT_DESK,
  }),
  "another user's place at a past activity of C at the desk": () => ({
    userId: 999,
    activity: ACTIVITY_AT_DESK,
  }),
  "own conversations": () => ({}),
  "the thread of an application to a vacancy of O": () => ({ volunteerId: 999, organizationId: O }),
  "own conversation": (actor) => ({ volunteerId: actor?.id ?? 0, organizationId: 998 }),
  "a direct thread of C": () => ({ organizationId: C, organizationType: "VolunteerCenter" }),
  "withdrawing own application": (actor) => ({
    ...{ applicantId: actor?.id ?? 0, organizationId: 998, volunteerCenterId: 997 },
    side: "volunteer",
  }),
  // Invitations: a new account (no id yet) registered with the centre of the role's resource.
  "an invitation as member of O": () => ({
    ...{ userId: 0, organizationIds: [], centerIds: [C] },
    ...{ role: "member", resourceType: "Organization", resourceId: O, centerId: C },
  }),
  "an invitation as admin of C": () => ({
    ...{ userId: 0, organizationIds: [], centerIds: [C] },
    ...{ role: "admin", resourceType: "Organization", resourceId: C, centerId: C },
  }),
  "an invitation as desk_manager of a desk of C": () => ({
    ...{ userId: 0, organizationIds: [], centerIds: [C] },
    ...{ role: "desk_manager", resourceType: "Desk", resourceId: DESK, centerId: C },
  }),
};

const markdown = readFileSync(path.resolve(__dirname, "../../../docs/permissions.md"), "utf8");
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());
// The first table of the page is the matrix.
const lines = markdown.split("\n");
const start = lines.findIndex((l) => /^\|\s*action\s*\|\s*resource\s*\|/.test(l));
const header = cells(lines[start]);
const rows: string[][] = [];
for (let i = start + 2; i < lines.length && lines[i].startsWith("|"); i += 1) {
  rows.push(cells(lines[i]));
}

describe("docs/permissions.md", () => {
  it("has a column for every actor and a row for every action", () => {
    expect(header.slice(2)).toEqual(Object.keys(ACTORS));
    expect([...new Set(rows.map((r) => r[0]))].sort()).toEqual([...ACTIONS].sort());
  });

  for (const row of rows) {
    const [action, resource, ...marks] = row;
    it(`${action} on ${resource} matches the policy for every role`, () => {
      const makeResource = RESOURCES[resource];
      expect(makeResource, `unknown resource '${resource}'`).toBeDefined();
      const expected = Object.fromEntries(header.slice(2).map((name, i) => [name, marks[i]]));
      const actual = Object.fromEntries(
        Object.entries(ACTORS).map(([name, actor]) => [
          name,
          // A checked cast: the row names the action, RESOURCES builds its resource.
          can(actor, action as TAction, makeResource(actor) as never) ? "✓" : "✗",
        ]),
      );
      expect(actual).toEqual(expected);
    });
  }
});
