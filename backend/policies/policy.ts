import type { THelpPostEvent } from "../../lib/contract/help-posts";
import { hasRoleIn, type TRoleRef } from "../auth/roles";
import type { TOrganizationStatus, TOrganizationType } from "../db/schema";
import { AppError } from "../errors";

/**
 * Who may do what: the one policy module (ARCHITECTURE decision 3). docs/permissions.md
 * is this file as a table, and tests/unit/policies/permissions-table.test.ts walks the
 * table against `can`. Roles are rolify-shaped (auth/roles.ts): superadmin (global),
 * admin and member of an organization (an admin of a VolunteerCenter is the regional
 * desk administrator), desk_manager of a desk, volunteer (global).
 */

/** The signed-in user with their roles, or null when signed out. */
export type TActor = { id: number; roles: readonly TRoleRef[] } | null;

/** Each action and the facts about its resource that the rule needs. */
export type TPolicyResources = {
  "current_user.read": { userId: number };
  "current_user.update": { userId: number };
  /** null: the user has no organization, and reading that is their own business. */
  "current_organization.read": { organizationId: number | null };
  "current_organizations.list": { userId: number };
  "desks.list": Record<string, never>;
  "desks.create": { volunteerCenterId: number };
  // Desk management (docs/desks-admin.md)
  /** `centerIds`: the tenant's volunteer centres; the list holds those the caller runs. */
  "desks.manage_list": { centerIds: readonly number[] };
  "desks.update": TDeskChangeFacts;
  "desks.delete": { deskId: number; volunteerCenterId: number };
  "redirect_rules.list": Record<string, never>;
  "translations.list": Record<string, never>;
  "notifications.list": { userId: number };
  "notifications.update": { userId: number };
  "activity_events.list": { userId: number };
  "organizations.list": Record<string, never>;
  "organizations.read": TOrganizationFacts;
  "organizations.update": TOrganizationFacts;
  "organizations.update_status": TOrganizationFacts;
  "organizations.delete": TOrganizationFacts;
  "organizations.list_staff": TOrganizationFacts;
  "users.list": Record<string, never>;
  "users.read": TUserFacts;
  "users.update": TUserFacts;
  "users.update_status": TUserFacts;
  "users.archive": TUserFacts;
  "users.resend_confirmation": TUserFacts;
  "users.add_role": TRoleChangeFacts;
  "users.remove_role": TRoleChangeFacts;
  // audit log (docs/audit-log.md)
  "audit_events.list": { centerIds: readonly number[] | "all" };
  // site settings (docs/api-site-settings.md)
  "site_settings.read": Record<string, never>;
  "site_settings.update": { volunteerCenterId: number };
  // Organisation sign-up, adding and moving (docs/api-organization-signup.md)
  "organizations.register": TNewOrganizationFacts;
  "organizations.create": TNewOrganizationFacts;
  "organizations.move": TOrganizationFacts;
  // Sign in as another user and account deletion (docs/impersonation-and-account-deletion.md)
  "users.sign_in_as": TUserFacts;
  "users.end_sign_in_as": { userId: number };
  "auth.public": Record<string, never>;
  "account_deletions.request": Record<string, never>;
  "account_deletions.confirm": Record<string, never>;
  // Invitations (docs/api-registration-invitations.md)
  "users.invite": TRoleChangeFacts;
  // The tenant's volunteer centres (docs/organization-forms-and-settings.md)
  "volunteer_centers.list": Record<string, never>;
  // Public activities and desk welcome pages (docs/activities.md)
  "activities.list": Record<string, never>;
  "activities.read": Record<string, never>;
  // Writing activities (docs/activity-writes.md)
  "activities.create": TActivityFacts;
  "activities.update": TActivityFacts;
  "activities.delete": TActivityFacts;
  "activities.transition": TActivityFacts;
  "activities.list_managed": TActivityFacts;
  "desks.read": Record<string, never>;
  // Public vacancies and tags (docs/vacancies-search.md)
  "vacancies.list": Record<string, never>;
  "vacancies.read": { volunteerCenterId: number };
  // Writing vacancies (docs/vacancy-writes.md)
  "vacancies.create": TVacancyFacts;
  "vacancies.update": TVacancyFacts;
  "vacancies.delete": TVacancyFacts;
  "vacancies.transition": TVacancyFacts;
  "vacancies.approve": TVacancyFacts;
  "vacancies.bulk_update": TVacancyFacts;
  /** One organisation the caller manages, standing for the list the query narrows. */
  "vacancies.list_managed": TVacancyFacts;
  "vacancies.read_managed": TVacancyFacts;
  /** `all`: archived tags too, with their use (the back office); `centreIds`: the
   *  tenant's volunteer centres, whose admins manage the vocabulary (docs/tags.md). */
  "tags.list": { all: boolean; centreIds: readonly number[] };
  "tags.manage": { centreIds: readonly number[] };
  // News, content pages and partners (docs/content-pages.md)
  "news_articles.list": Record<string, never>;
  "news_articles.read": Record<string, never>;
  "content_pages.list": Record<string, never>;
  // Writing news, pages and images (docs/content-writes.md). An article is its centre's
  // (a move to another centre needs the admin of both); pages and images are the tenant's,
  // written by the admins of any of its centres (`centreIds`).
  "news_articles.list_managed": { centerIds: readonly number[] };
  "news_articles.create": { volunteerCenterId: number };
  "news_articles.update": { volunteerCenterId: number; targetCenterId: number };
  "news_articles.delete": { volunteerCenterId: number };
  "content_pages.list_managed": { centreIds: readonly number[] };
  // Notification templates (docs/notification-templates.md): an override is the tenant's
  // (volunteerCenterId null: superadmins) or one centre's (its admins and superadmins).
  "notification_templates.list": { centerIds: readonly number[] };
  "notification_templates.read": { volunteerCenterId: number | null; centerIds: readonly number[] };
  "notification_templates.create": { volunteerCenterId: number | null };
  "notification_templates.update": { volunteerCenterId: number | null };
  "notification_templates.delete": { volunteerCenterId: number | null };
  "notification_templates.preview": { centerIds: readonly number[] };
  "notification_templates.test_mail": { centerIds: readonly number[] };
  "content_pages.create": { centreIds: readonly number[] };
  "content_pages.update": { centreIds: readonly number[] };
  "content_pages.delete": { centreIds: readonly number[] };
  "images.create": { centreIds: readonly number[] };
  "images.read": Record<string, never>;
  "partners.list": Record<string, never>;
  "social_map.list": Record<string, never>;
  // The development mail outbox (routes/dev-mails.ts)
  "dev_mails.list": Record<string, never>;
  // The developer and test pages where they are switched off (docs/dev-pages.md)
  "dev_pages.open": Record<string, never>;
  // Messages to a centre from /contactformulier (docs/contact-form.md)
  "contact_messages.create": Record<string, never>;
  "contact_messages.list": { centerIds: readonly number[] };
  "contact_messages.read": { volunteerCenterId: number };
  "contact_messages.update": { volunteerCenterId: number };
  "contact_messages.delete": { volunteerCenterId: number };
  // The superadmins' read-only data viewer (docs/data-viewer.md)
  "data_viewer.list": Record<string, never>;
  "data_viewer.read": Record<string, never>;
  "data_viewer.export": Record<string, never>;
  // The job queue's back office (docs/jobs.md)
  "jobs.list": Record<string, never>;
  "jobs.retry": Record<string, never>;
  // Applications (docs/api-applications.md)
  "applications.create": Record<string, never>;
  "applications.list": Record<string, never>;
  "applications.read": TApplicationFacts;
  "applications.transition": TApplicationFacts & { side: "volunteer" | "organization" };
  // Reply times (docs/reply-times.md)
  "applications.list_overdue": { volunteerCenterId: number };
  // Analytics (docs/analytics.md)
  "analytics.read": { volunteerCenterId: number };
  /** `centreIds`: the tenant's volunteer centres; the comparison holds those the caller runs. */
  "analytics.compare": { centreIds: readonly number[] };
  // Conversations (docs/api-conversations.md)
  "conversations.list": Record<string, never>;
  "conversations.read": TConversationFacts;
  "conversations.reply": TConversationFacts;
  "conversations.create": { organizationId: number; organizationType: TOrganizationType };
  // The volunteer's own profile (docs/volunteer-profiles.md)
  "volunteer_profile.read": { userId: number };
  "volunteer_profile.update": { userId: number };
  // Peer help (docs/peer-help.md)
  "help_posts.list": { publicRead: boolean };
  "help_posts.read": THelpPostFacts;
  "help_posts.create": Record<string, never>;
  "help_posts.update": THelpPostFacts;
  "help_posts.transition": THelpPostFacts & { event: THelpPostEvent };
  "help_posts.answer": THelpPostFacts;
  // Places at activities (docs/activity-registrations.md)
  "activity_registrations.create": Record<string, never>;
  /** activity null: the caller's own list. */
  "activity_registrations.list": { activity: TActivityFacts | null };
  "activity_registrations.read": TRegistrationFacts;
  "activity_registrations.cancel": TRegistrationFacts;
  "activity_registrations.attendance": TRegistrationFacts;
  // The personal calendar address and "download my data" (docs/calendar-feed.md,
  // docs/data-exports.md)
  "calendar_tokens.read": { userId: number };
  "calendar_tokens.manage": { userId: number };
  "calendar_feed.read": Record<string, never>;
  "data_exports.list": { userId: number };
  "data_exports.create": { userId: number };
  "data_exports.download": { userId: number };
  // The volunteer pool and its invitations (docs/volunteer-pool.md)
  /** `centerIds`: the tenant's volunteer centres. */
  "volunteer_pool.list": { centerIds: readonly number[] };
  /** `volunteerDeskIds`: the desks of the vacancy's centre at which the invited volunteer has
   *  a place (not given back): the desks whose managers may ask them. */
  "pool_invitations.create": { volunteerCenterId: number; volunteerDeskIds: readonly number[] };
  "pool_invitations.list": { userId: number };
  "pool_invitations.transition": { userId: number };
  "matches.list": { userId: number };
  "periodic_mail.unsubscribe": Record<string, never>;
  // Forms and their submissions (docs/forms.md). `someFormFacts` stands for the list the
  // query narrows; a public read or submission names the form's sign-in requirement.
  "forms.list": TFormFacts;
  "forms.read": TFormFacts;
  "forms.create": TFormFacts;
  "forms.update": TFormFacts;
  "forms.delete": TFormFacts;
  "form_submissions.list": TFormFacts;
  "form_submissions.read": TFormFacts;
  "form_submissions.delete": TFormFacts;
  "forms.read_public": Record<string, never>;
  "form_submissions.create": { requiresSignIn: boolean };
};

/** A form as its rules see it: its owner (a centre or an organisation) and the owner's
 *  centre (the owner itself for a centre's form). */
export type TFormFacts = { organizationId: number; volunteerCenterId: number };

/** A thread's two sides: the volunteer, and the staff of the organisation (or centre). */
export type TConversationFacts = {
  volunteerId: number;
  organizationId: number | null;
  peerId: number | null;
};

/** A vacancy (or one to be made) as its rules see it: its organisation and that one's centre. */
export type TVacancyFacts = { organizationId: number; volunteerCenterId: number };

/** An application as its rules see it: who applied, and whose vacancy it answers. */
export type TApplicationFacts = {
  applicantId: number;
  organizationId: number;
  volunteerCenterId: number;
};

/** A user as the users.* rules see them: the organizations they hold admin or member on,
 *  and the centres they belong to (their own volunteer_center_id and their organizations'
 *  centres; a centre they hold a role on is among organizationIds). */
export type TUserFacts = {
  userId: number;
  organizationIds: number[];
  centerIds: number[];
  /** A global superadmin: only superadmins change them (their roles, status, record). */
  superadmin?: boolean;
};
/** A role to grant or take away: global when resourceType is null; `centerId` is the
 *  centre of its resource (an organization's centre, the centre itself, a desk's centre). */
export type TRoleChangeFacts = TUserFacts & {
  role: string;
  resourceType: "Organization" | "Desk" | null;
  resourceId: number | null;
  centerId: number | null;
};
/** What an organization rule needs: the record, its centre (null for a centre) and status. */
export type TOrganizationFacts = {
  organizationId: number;
  volunteerCenterId: number | null;
  status: TOrganizationStatus;
};
/** An organization that does not exist yet: what it will be and the centre it will join. */
export type TNewOrganizationFacts = {
  type: TOrganizationType;
  volunteerCenterId: number | null;
};
/** A change to a desk: its centre, the centre it moves to (the same when it stays), and
 *  whether the change touches the welcome text only. */
export type TDeskChangeFacts = {
  deskId: number;
  volunteerCenterId: number;
  targetCenterId: number;
  welcomeOnly: boolean;
};
/** What decides who runs an activity: its centre and its desk. */
export type TActivityFacts = { volunteerCenterId: number; deskId: number | null };
/** A place at an activity: whose it is, and the activity. */
export type TRegistrationFacts = { userId: number; activity: TActivityFacts };
/** A peer-help post: who wrote it, whether everyone may see it now, who moderates. */
export type THelpPostFacts = {
  posterId: number;
  /** Open and not past its end. */
  live: boolean;
  /** Hidden by a moderator: only a moderator shows it again. */
  hidden: boolean;
  publicRead: boolean;
  /** The tenant's volunteer centres, whose admins moderate. */
  centreIds: readonly number[];
};
export type TAction = keyof TPolicyResources;

const isSuperadmin = (actor: NonNullable<TActor>) => hasRoleIn(actor.roles, "superadmin");

/** An organization is the user's when they hold admin or member on that very instance
 *  (docs/decisions.md: a user's organizations are their roles, nothing else). */
const holdsRoleOn = (actor: NonNullable<TActor>, organizationId: number) =>
  actor.roles.some(
    (role) =>
      (role.name === "admin" || role.name === "member") &&
      role.resourceType === "Organization" &&
      role.resourceId === organizationId,
  );

/** Admin of the organization (a centre is an organization too), as rolify's has_role?
 *  reads it: on the instance, on the class or globally. */
const adminOf = (actor: NonNullable<TActor>, organizationId: number) =>
  hasRoleIn(actor.roles, "admin", { type: "Organization", id: organizationId });
const adminsSome = (actor: NonNullable<TActor>) =>
  actor.roles.some(
    (role) =>
      role.name === "admin" && (role.resourceType === "Organization" || role.resourceType === null),
  );

/** The actor administers the user: superadmin, or admin of one of the user's organizations
 *  or centres. */
const manages = (actor: NonNullable<TActor>, user: TUserFacts) =>
  isSuperadmin(actor) ||
  user.organizationIds.some((id) => adminOf(actor, id)) ||
  user.centerIds.some((id) => adminOf(actor, id));

/** Manages, and the user is no superadmin unless the actor is one too. */
const administers = (actor: NonNullable<TActor>, user: TUserFacts) =>
  manages(actor, user) && (!user.superadmin || isSuperadmin(actor));

/** Global roles (superadmin, volunteer) only by superadmins; admin or member of an
 *  organization by its admins and its centre's admins; desk_manager of a desk by the
 *  desk's centre's admins. */
function mayChangeRole(actor: NonNullable<TActor>, change: TRoleChangeFacts): boolean {
  if (isSuperadmin(actor)) return true;
  if (change.superadmin) return false;
  if (change.resourceType === null || change.resourceId === null) return false;
  const centreAdmin = change.centerId !== null && adminOf(actor, change.centerId);
  if (change.resourceType === "Organization" && ["admin", "member"].includes(change.role)) {
    return centreAdmin || adminOf(actor, change.resourceId);
  }
  if (change.resourceType === "Desk" && change.role === "desk_manager") return centreAdmin;
  return false;
}

/** Admin of that organization, rolify-style (a class-level or global admin counts too). */
const organizationAdmin = (actor: NonNullable<TActor>, organizationId: number) =>
  hasRoleIn(actor.roles, "admin", { type: "Organization", id: organizationId });

/** Its centre's admins and superadmins run an organization's status and existence; a
 *  centre itself only superadmins (a centre does not approve, archive or delete itself). */
const managesOrganization = (actor: TActor, facts: TOrganizationFacts) =>
  actor !== null &&
  (isSuperadmin(actor) ||
    (facts.volunteerCenterId !== null && organizationAdmin(actor, facts.volunteerCenterId)));

/** Besides those who manage it, the organization's own admins edit its details. */
const editsOrganization = (actor: TActor, facts: TOrganizationFacts) =>
  actor !== null &&
  (managesOrganization(actor, facts) || organizationAdmin(actor, facts.organizationId));

/** The organisation's side of an application: the organisation's admins and members, its
 *  centre's admins, and superadmins (rolify: a class-level or global admin counts too). */
export const managesApplication = (actor: TActor, facts: TApplicationFacts) =>
  actor !== null &&
  (isSuperadmin(actor) ||
    hasRoleIn(actor.roles, "member", { type: "Organization", id: facts.organizationId }) ||
    organizationAdmin(actor, facts.organizationId) ||
    organizationAdmin(actor, facts.volunteerCenterId));

/** Writes an organisation's vacancies: its admins and members, its centre's admins and
 *  superadmins (rolify: a class-level or global admin counts too). */
export const managesVacancy = (actor: TActor, facts: TVacancyFacts) =>
  actor !== null &&
  (isSuperadmin(actor) ||
    hasRoleIn(actor.roles, "member", { type: "Organization", id: facts.organizationId }) ||
    organizationAdmin(actor, facts.organizationId) ||
    organizationAdmin(actor, facts.volunteerCenterId));

/** Approves a vacancy that waits for its centre's review: the centre's admins, superadmins. */
export const approvesVacancy = (actor: TActor, facts: TVacancyFacts) =>
  actor !== null && (isSuperadmin(actor) || organizationAdmin(actor, facts.volunteerCenterId));

/** Manages a form: superadmins; the admins of its centre (a centre's own forms and its
 *  organisations'); the admins and members of the organisation that owns it. A centre's
 *  members do not manage their centre's forms (rolify: a class-level admin counts too). */
export const managesForm = (actor: TActor, facts: TFormFacts) =>
  actor !== null &&
  (isSuperadmin(actor) ||
    organizationAdmin(actor, facts.volunteerCenterId) ||
    (facts.organizationId !== facts.volunteerCenterId &&
      (organizationAdmin(actor, facts.organizationId) ||
        hasRoleIn(actor.roles, "member", { type: "Organization", id: facts.organizationId }))));

/** On a thread's side: its volunteer, an instance admin or member of its organisation, or
 *  the poster of the help post it answers. Nobody else, superadmins included: a
 *  conversation is its participants' alone. */
export const takesPartIn = (actor: TActor, facts: TConversationFacts) =>
  actor !== null &&
  (actor.id === facts.volunteerId ||
    actor.id === facts.peerId ||
    (facts.organizationId !== null && holdsRoleOn(actor, facts.organizationId)));

/** The desks the actor manages (instance roles: a desk manager is one desk's). */
export const managedDeskIds = (actor: NonNullable<TActor>): number[] =>
  actor.roles
    .filter(
      (role) =>
        role.name === "desk_manager" && role.resourceType === "Desk" && role.resourceId !== null,
    )
    .map((role) => role.resourceId as number);

/** The whole volunteer pool is for superadmins and the staff of any of these centres. */
export const searchesWholePool = (actor: NonNullable<TActor>, centerIds: readonly number[]) =>
  isSuperadmin(actor) || centerIds.some((id) => holdsRoleOn(actor, id));

/** Runs an activity: the staff (admins, members) of its centre, the managers of its desk,
 *  superadmins. They see who comes and mark attendance. */
export const runsActivity = (actor: TActor, facts: TActivityFacts) =>
  actor !== null &&
  (isSuperadmin(actor) ||
    holdsRoleOn(actor, facts.volunteerCenterId) ||
    (facts.deskId !== null &&
      hasRoleIn(actor.roles, "desk_manager", { type: "Desk", id: facts.deskId })));

/** The centres among `centerIds` whose desks the actor administers: all of them for a
 *  superadmin, else those they are admin of (rolify: a class-level admin counts too). */
export const administeredCentres = (actor: TActor, centerIds: readonly number[]): number[] =>
  actor === null
    ? []
    : isSuperadmin(actor)
      ? [...centerIds]
      : centerIds.filter((id) => organizationAdmin(actor, id));

/** A desk's centre's admins and superadmins run the desk itself (and write the centre's news). */
const runsDeskOf = (actor: TActor, volunteerCenterId: number) =>
  actor !== null && (isSuperadmin(actor) || organizationAdmin(actor, volunteerCenterId));

/** A tenant-wide template is the superadmins'; a centre's, its admins' too. */
const writesTemplate = (actor: TActor, volunteerCenterId: number | null) =>
  actor !== null &&
  (isSuperadmin(actor) ||
    (volunteerCenterId !== null && organizationAdmin(actor, volunteerCenterId)));

/** Moderates peer help: a superadmin or an admin of one of the tenant's centres. */
export const moderatesHelp = (actor: TActor, centreIds: readonly number[]) =>
  actor !== null && (isSuperadmin(actor) || centreIds.some((id) => adminOf(actor, id)));

/** The tenant's tags, content pages and images: an admin of any of its centres, superadmins. */
const managesTags = (actor: TActor, centreIds: readonly number[]) =>
  actor !== null && (isSuperadmin(actor) || centreIds.some((id) => adminOf(actor, id)));

const postsHelp = (actor: TActor, facts: THelpPostFacts) =>
  actor !== null && actor.id === facts.posterId;

type TRules = {
  [A in TAction]: (actor: TActor, resource: TPolicyResources[A]) => boolean;
};

const rules: TRules = {
  // The signed-in user's own record, whoever they are.
  "current_user.read": (actor, { userId }) => actor !== null && actor.id === userId,
  "current_user.update": (actor, { userId }) => actor !== null && actor.id === userId,
  "current_organization.read": (actor, { organizationId }) =>
    actor !== null && (organizationId === null || holdsRoleOn(actor, organizationId)),
  // The list of one's own organizations; the query itself can only find the caller's.
  "current_organizations.list": (actor, { userId }) => actor !== null && actor.id === userId,
  // The meedoen site shows the desk list to everyone (spec §3 active list).
  "desks.list": () => true,
  // A desk belongs to a centre: its regional administrators and superadmins create it.
  "desks.create": (actor, { volunteerCenterId }) =>
    actor !== null &&
    (isSuperadmin(actor) ||
      hasRoleIn(actor.roles, "admin", { type: "Organization", id: volunteerCenterId })),
  // Desk management (docs/desks-admin.md): the back office lists every desk of the centres
  // the caller administers, inactive ones too. A desk is edited and deleted by its centre's
  // admins and superadmins; moving it to another centre needs the admin of both. Its own
  // managers edit its welcome text (title and body) and nothing else.
  "desks.manage_list": (actor, { centerIds }) => administeredCentres(actor, centerIds).length > 0,
  "desks.update": (actor, facts) =>
    (runsDeskOf(actor, facts.volunteerCenterId) && runsDeskOf(actor, facts.targetCenterId)) ||
    (facts.welcomeOnly &&
      actor !== null &&
      hasRoleIn(actor.roles, "desk_manager", { type: "Desk", id: facts.deskId })),
  "desks.delete": (actor, { volunteerCenterId }) => runsDeskOf(actor, volunteerCenterId),
  // The web's proxy reads them for every visitor before anyone signs in (spec §2).
  "redirect_rules.list": () => true,
  // Message overrides are the site's public texts (spec §7, ARCHITECTURE decision 7).
  "translations.list": () => true,
  // A notification is its user's alone, whatever their roles (a superadmin included): the
  // queries only ever find the caller's rows, so another user's id is a 404, not a 403.
  "notifications.list": (actor, { userId }) => actor !== null && actor.id === userId,
  "notifications.update": (actor, { userId }) => actor !== null && actor.id === userId,
  // One's own account activity, whatever one's roles; the admin audit log that will share
  // the table gets an action of its own.
  "activity_events.list": (actor, { userId }) => actor !== null && actor.id === userId,
  // The back office's organization list: superadmins and admins of any organization; the
  // query narrows it to the ones they may edit (docs/api-organizations.md).
  "organizations.list": (actor) =>
    actor !== null &&
    (isSuperadmin(actor) ||
      actor.roles.some((r) => r.name === "admin" && r.resourceType === "Organization")),
  // Approved organizations are public profiles (spec §2: /organizations/:id, /sociale-kaart);
  // any other status only for those who may edit it (the route answers 404 then, not 403).
  "organizations.read": (actor, facts) =>
    facts.status === "approved" || editsOrganization(actor, facts),
  "organizations.update": editsOrganization,
  "organizations.update_status": managesOrganization,
  "organizations.delete": managesOrganization,
  // The names a vacancy's contact person is chosen from: whoever writes the organisation's
  // vacancies (a member too, whom users.list refuses) sees who its active staff are.
  "organizations.list_staff": (actor, facts) =>
    managesVacancy(actor, {
      organizationId: facts.organizationId,
      volunteerCenterId: facts.volunteerCenterId ?? facts.organizationId,
    }),
  // Users (docs/permissions.md "Users"): superadmins all of the tenant; an admin of an
  // organization the users holding a role on it; an admin of a centre also the users of
  // the centre and of its organizations. The list query applies the same scope.
  "users.list": (actor) => actor !== null && (isSuperadmin(actor) || adminsSome(actor)),
  "users.read": (actor, user) =>
    actor !== null && (actor.id === user.userId || manages(actor, user)),
  "users.update": (actor, user) =>
    actor !== null && (actor.id === user.userId || administers(actor, user)),
  // Nobody changes or archives their own status (locking oneself out goes unnoticed).
  "users.update_status": (actor, user) =>
    actor !== null && actor.id !== user.userId && administers(actor, user),
  "users.archive": (actor, user) =>
    actor !== null && actor.id !== user.userId && administers(actor, user),
  "users.resend_confirmation": (actor, user) => actor !== null && administers(actor, user),
  "users.add_role": (actor, change) => actor !== null && mayChangeRole(actor, change),
  "users.remove_role": (actor, change) => actor !== null && mayChangeRole(actor, change),
  // The audit log: superadmins all of it, a centre's admins their centres' entries
  // (`centerIds` are the centres the reader's roles reach; "all" for a class-level admin).
  "audit_events.list": (actor, { centerIds }) =>
    actor !== null &&
    (isSuperadmin(actor) ||
      centerIds === "all" ||
      centerIds.some((id) => organizationAdmin(actor, id))),
  // Design and footer are the public site's: everyone reads them, before signing in.
  "site_settings.read": () => true,
  // A centre's own site: its admins and superadmins.
  "site_settings.update": (actor, { volunteerCenterId }) =>
    actor !== null && (isSuperadmin(actor) || organizationAdmin(actor, volunteerCenterId)),
  // Organisation sign-up, adding and moving (docs/api-organization-signup.md).
  // Sign-up is public (spec §2 /organizations/signup): anyone may ask for a school or an
  // organization in the site's centre, signed in or not; it waits as pending for the
  // centre's admins. A centre is never signed up for.
  "organizations.register": (_actor, facts) => facts.type !== "VolunteerCenter",
  // Staff add organizations that start approved: the target centre's admins, superadmins;
  // a centre itself only superadmins (it runs a site of the collaboration).
  "organizations.create": (actor, facts) =>
    actor !== null &&
    (isSuperadmin(actor) ||
      (facts.type !== "VolunteerCenter" &&
        facts.volunteerCenterId !== null &&
        organizationAdmin(actor, facts.volunteerCenterId))),
  // Those who run it where it is now hand it over (its current centre's admins and
  // superadmins). A centre belongs to no centre, so there is nothing to hand over: it moves
  // for nobody, superadmins included (the permissions walk found the old ✓ unreachable).
  "organizations.move": (actor, facts) =>
    facts.volunteerCenterId !== null && managesOrganization(actor, facts),
  // Sign in as another user and account deletion (docs/impersonation-and-account-deletion.md).
  // Superadmins, and the admins of the user's centre (their own, or their organizations'
  // centre): sign-in-as is granted to centre admins. An organization's own admin may
  // manage its staff but not become them. Never oneself, never a superadmin unless one is.
  "users.sign_in_as": (actor, user) =>
    actor !== null &&
    actor.id !== user.userId &&
    (isSuperadmin(actor) ||
      (!user.superadmin && user.centerIds.some((id) => organizationAdmin(actor, id)))),
  // Ending it is the impersonated session's own business, like signing out; the route also
  // requires that the session is one (422 otherwise).
  "users.end_sign_in_as": (actor, { userId }) => actor !== null && actor.id === userId,
  // devise_token_auth's endpoints (/auth/*) and the confirmation by mailed token: open to
  // everyone, each checks its own proof (credentials, the session's token, a mailed token).
  "auth.public": () => true,
  // Open to everyone: the mailed link is the proof, and the answer never says whether an
  // address has an account.
  "account_deletions.request": () => true,
  "account_deletions.confirm": () => true,
  // Invitations (docs/api-registration-invitations.md): inviting someone with a role is
  // granting that role to a new account, so exactly who may grant it may invite.
  "users.invite": (actor, change) => actor !== null && mayChangeRole(actor, change),
  // The collaboration's approved centres, id and name: public (spec §2 /partners), and what
  // the move page offers as targets (docs/organization-forms-and-settings.md).
  "volunteer_centers.list": () => true,
  // Published and cancelled activities of the centres a site shows, and a desk's welcome
  // page: public reading (spec §2 /activiteiten, /:balie/welkom); drafts are never found.
  "activities.list": () => true,
  "activities.read": () => true,
  // Writing activities (docs/activity-writes.md): those who run them, as for their people
  // and attendance: the centre's staff, the managers of the activity's desk, superadmins.
  "activities.create": runsActivity,
  "activities.update": runsActivity,
  "activities.delete": runsActivity,
  "activities.transition": runsActivity,
  "activities.list_managed": runsActivity,
  "desks.read": () => true,
  // Published vacancies of the site's public centres are the public site itself;
  // drafts, closed ones and other centres' are out of the route's scope (404), not refused.
  "vacancies.list": () => true,
  "vacancies.read": () => true,
  // Writing vacancies (docs/vacancy-writes.md): the organisation's staff, its centre's
  // admins and superadmins write, move and delete its vacancies, one at a time or many; a
  // vacancy that waits for review is published only by those who approve (the centre's
  // admins, superadmins). The status machine is backend/domain/vacancy-status.ts.
  "vacancies.create": managesVacancy,
  "vacancies.update": managesVacancy,
  "vacancies.delete": managesVacancy,
  "vacancies.transition": managesVacancy,
  "vacancies.approve": approvesVacancy,
  "vacancies.bulk_update": managesVacancy,
  // The back office's list: those who manage some organisation's vacancies, narrowed by
  // its query to those (an admin of D lists D's, not O's); one of them, drafts included, to
  // those who manage it.
  "vacancies.list_managed": managesVacancy,
  "vacancies.read_managed": managesVacancy,
  // The tag vocabulary (docs/tags.md) is the tenant's, not a centre's: the admins of any
  // of the tenant's centres and superadmins manage it, and only they list archived tags
  // and how much each is used. The tags on offer are public, like the vacancies' themes.
  "tags.list": (actor, { all, centreIds }) => !all || managesTags(actor, centreIds),
  "tags.manage": (actor, { centreIds }) => managesTags(actor, centreIds),
  // Public reading (docs/content-pages.md): published news, pages and partners of the
  // visitor's scope are for everyone; drafts are filtered by the query, never shown.
  "news_articles.list": () => true,
  "news_articles.read": () => true,
  "content_pages.list": () => true,
  // Writing them (docs/content-writes.md): an article's centre's admins and superadmins;
  // the tenant's pages and images, the admins of any of its centres (as its tags). The
  // managed lists include drafts; the query narrows the news to the centres administered.
  "news_articles.list_managed": (actor, { centerIds }) =>
    administeredCentres(actor, centerIds).length > 0,
  "news_articles.create": (actor, { volunteerCenterId }) => runsDeskOf(actor, volunteerCenterId),
  "news_articles.update": (actor, { volunteerCenterId, targetCenterId }) =>
    runsDeskOf(actor, volunteerCenterId) && runsDeskOf(actor, targetCenterId),
  "news_articles.delete": (actor, { volunteerCenterId }) => runsDeskOf(actor, volunteerCenterId),
  "content_pages.list_managed": (actor, { centreIds }) => managesTags(actor, centreIds),
  // Notification templates: superadmins and the admins of a centre; an admin reads the
  // tenant's overrides (they apply to their centre too) and writes only their centre's.
  "notification_templates.list": (actor, { centerIds }) =>
    administeredCentres(actor, centerIds).length > 0,
  "notification_templates.read": (actor, { volunteerCenterId, centerIds }) =>
    volunteerCenterId === null
      ? administeredCentres(actor, centerIds).length > 0
      : runsDeskOf(actor, volunteerCenterId),
  "notification_templates.create": (actor, { volunteerCenterId }) =>
    writesTemplate(actor, volunteerCenterId),
  "notification_templates.update": (actor, { volunteerCenterId }) =>
    writesTemplate(actor, volunteerCenterId),
  "notification_templates.delete": (actor, { volunteerCenterId }) =>
    writesTemplate(actor, volunteerCenterId),
  "notification_templates.preview": (actor, { centerIds }) =>
    administeredCentres(actor, centerIds).length > 0,
  "notification_templates.test_mail": (actor, { centerIds }) =>
    administeredCentres(actor, centerIds).length > 0,
  "content_pages.create": (actor, { centreIds }) => managesTags(actor, centreIds),
  "content_pages.update": (actor, { centreIds }) => managesTags(actor, centreIds),
  "content_pages.delete": (actor, { centreIds }) => managesTags(actor, centreIds),
  "images.create": (actor, { centreIds }) => managesTags(actor, centreIds),
  // Images are shown on public pages; the row's tenant scope is the only wall.
  "images.read": () => true,
  "partners.list": () => true,
  // The social map's organisations and their public profiles (docs/social-map.md): public,
  // scoped to the site's public centres by the query, approved and visible ones only.
  "social_map.list": () => true,
  // Registered only outside production and without SMTP_URL, and answered only to a
  // loopback client (routes/dev-mails.ts): whoever tries the product reads their own mail.
  "dev_mails.list": () => true,
  // In production the developer pages show our components and probes: superadmins only.
  "dev_pages.open": (actor) => actor !== null && isSuperadmin(actor),
  // Anyone signed in writes to the site's centre; its admins and superadmins read, mark and
  // delete what came in (docs/contact-form.md). The list narrows to the centres administered.
  "contact_messages.create": (actor) => actor !== null,
  "contact_messages.list": (actor, { centerIds }) =>
    administeredCentres(actor, centerIds).length > 0,
  "contact_messages.read": (actor, { volunteerCenterId }) => runsDeskOf(actor, volunteerCenterId),
  "contact_messages.update": (actor, { volunteerCenterId }) => runsDeskOf(actor, volunteerCenterId),
  "contact_messages.delete": (actor, { volunteerCenterId }) => runsDeskOf(actor, volunteerCenterId),
  // The tenant's tables as they are, secrets left out: superadmins only (docs/data-viewer.md).
  "data_viewer.list": (actor) => actor !== null && isSuperadmin(actor),
  "data_viewer.read": (actor) => actor !== null && isSuperadmin(actor),
  "data_viewer.export": (actor) => actor !== null && isSuperadmin(actor),
  // The job queue is the platform's: superadmins see the tenant's jobs and the platform's
  // (no site's data) and run a failed one again; nobody else (docs/jobs.md).
  "jobs.list": (actor) => actor !== null && isSuperadmin(actor),
  "jobs.retry": (actor) => actor !== null && isSuperadmin(actor),
  // Applications (docs/api-applications.md). Anyone signed in applies; the list is scoped
  // by its query to the caller's own and those they manage. An application is read by its
  // applicant and the organisation's side; to anyone else it is a 404, not a 403 (its
  // existence is the applicant's business). Each side takes only its own events
  // (docs/status-machines.md): the applicant withdraws, the organisation accepts or declines.
  "applications.create": (actor) => actor !== null,
  "applications.list": (actor) => actor !== null,
  "applications.read": (actor, facts) =>
    actor !== null && (actor.id === facts.applicantId || managesApplication(actor, facts)),
  "applications.transition": (actor, facts) =>
    actor !== null &&
    (facts.side === "volunteer"
      ? actor.id === facts.applicantId
      : managesApplication(actor, facts)),
  // What a centre's organisations leave unanswered past its escalation days: the centre's
  // admins, who were told by mail, and superadmins (docs/reply-times.md).
  "applications.list_overdue": (actor, { volunteerCenterId }) =>
    actor !== null && (isSuperadmin(actor) || organizationAdmin(actor, volunteerCenterId)),
  // A centre's figures are its admins' and superadmins' (docs/analytics.md); the
  // comparison shows a centre's admin the centres they administer, superadmins all.
  "analytics.read": (actor, { volunteerCenterId }) =>
    actor !== null && (isSuperadmin(actor) || organizationAdmin(actor, volunteerCenterId)),
  "analytics.compare": (actor, { centreIds }) =>
    actor !== null && (isSuperadmin(actor) || centreIds.some((id) => organizationAdmin(actor, id))),
  // Conversations (docs/api-conversations.md): read and written by their participants only;
  // to anyone else a thread is a 404. The list's query finds only the caller's threads. A
  // direct thread is started by a centre's staff (its admins and members), with any
  // volunteer of the tenant.
  "conversations.list": (actor) => actor !== null,
  "conversations.read": takesPartIn,
  "conversations.reply": takesPartIn,
  "conversations.create": (actor, facts) =>
    actor !== null &&
    facts.organizationType === "VolunteerCenter" &&
    holdsRoleOn(actor, facts.organizationId),
  // One's own volunteer profile, whoever one is (staff may volunteer too): like
  // current_user, the route only ever finds the caller's. Centre staff will read profiles
  // of the pool through an action of its own, never through these.
  "volunteer_profile.read": (actor, { userId }) => actor !== null && actor.id === userId,
  "volunteer_profile.update": (actor, { userId }) => actor !== null && actor.id === userId,
  // Peer help (docs/peer-help.md): residents who are signed in read and post; signed-out
  // visitors read only where the site says so. A post that is not live is its poster's and
  // the moderators' alone. Only the poster edits, closes and reopens; moderators hide and
  // show again.
  "help_posts.list": (actor, { publicRead }) => actor !== null || publicRead,
  "help_posts.read": (actor, facts) =>
    (facts.live && (actor !== null || facts.publicRead)) ||
    postsHelp(actor, facts) ||
    moderatesHelp(actor, facts.centreIds),
  "help_posts.create": (actor) => actor !== null,
  "help_posts.update": postsHelp,
  "help_posts.transition": (actor, facts) =>
    facts.event === "hide" || (facts.event === "reopen" && facts.hidden)
      ? moderatesHelp(actor, facts.centreIds)
      : postsHelp(actor, facts),
  // Anyone signed in but the poster answers a live post: a thread with the poster.
  "help_posts.answer": (actor, facts) => actor !== null && facts.live && !postsHelp(actor, facts),
  // Anyone signed in takes a place for themselves; a place is read and given back by its
  // holder and by those who run the activity, who alone list its people and mark who came.
  "activity_registrations.create": (actor) => actor !== null,
  "activity_registrations.list": (actor, { activity }) =>
    actor !== null && (activity === null || runsActivity(actor, activity)),
  "activity_registrations.read": (actor, facts) =>
    actor !== null && (actor.id === facts.userId || runsActivity(actor, facts.activity)),
  "activity_registrations.cancel": (actor, facts) =>
    actor !== null && (actor.id === facts.userId || runsActivity(actor, facts.activity)),
  "activity_registrations.attendance": (actor, facts) => runsActivity(actor, facts.activity),
  // Everyone's own only: the routes find the caller's row and nobody else's. The feed has
  // no session at all: its token is the proof, as a mailed link's is.
  "calendar_tokens.read": (actor, { userId }) => actor !== null && actor.id === userId,
  "calendar_tokens.manage": (actor, { userId }) => actor !== null && actor.id === userId,
  "calendar_feed.read": () => true,
  "data_exports.list": (actor, { userId }) => actor !== null && actor.id === userId,
  "data_exports.create": (actor, { userId }) => actor !== null && actor.id === userId,
  // The mailed token and the session of the same person (defence in depth): a forwarded
  // mail alone opens nothing, nor does a session with someone else's link.
  "data_exports.download": (actor, { userId }) => actor !== null && actor.id === userId,
  // The volunteer pool (docs/volunteer-pool.md): the staff of any of the tenant's centres
  // (instance admins and members) and superadmins search the tenant's volunteers who opted
  // in; volunteers are the tenant's, not a centre's. A desk manager searches their desks'
  // volunteers only (those with a place at one of the desks' activities: the route narrows
  // the search). An invitation is for one of the caller's own centre's vacancies; a desk
  // manager asks their desks' volunteers for the vacancies of the centre that runs the desk.
  // Only the invited volunteer answers it (to anyone else a 404, like an application).
  "volunteer_pool.list": (actor, { centerIds }) =>
    actor !== null && (searchesWholePool(actor, centerIds) || managedDeskIds(actor).length > 0),
  "pool_invitations.create": (actor, { volunteerCenterId, volunteerDeskIds }) =>
    actor !== null &&
    (isSuperadmin(actor) ||
      holdsRoleOn(actor, volunteerCenterId) ||
      managedDeskIds(actor).some((id) => volunteerDeskIds.includes(id))),
  "pool_invitations.list": (actor, { userId }) => actor !== null && actor.id === userId,
  "pool_invitations.transition": (actor, { userId }) => actor !== null && actor.id === userId,
  // The vacancies that fit one's own profile (docs/matching.md): the route only ever reads
  // the caller's profile, like the profile's own routes.
  "matches.list": (actor, { userId }) => actor !== null && actor.id === userId,
  // RFC 8058 one-click unsubscribe: the mailed token is the proof, and all it can do is
  // switch the periodic mail off, so no session is asked (a mail client posts it).
  "periodic_mail.unsubscribe": () => true,
  // Forms (docs/forms.md): those who manage a form build it, publish and close it, and read,
  // export and delete its submissions; the list's query narrows to those. A published form
  // is public: anyone reads it by its token and fills it in, signed in where it asks.
  "forms.list": managesForm,
  "forms.read": managesForm,
  "forms.create": managesForm,
  "forms.update": managesForm,
  "forms.delete": managesForm,
  "form_submissions.list": managesForm,
  "form_submissions.read": managesForm,
  "form_submissions.delete": managesForm,
  "forms.read_public": () => true,
  "form_submissions.create": (actor, { requiresSignIn }) => !requiresSignIn || actor !== null,
};

export const ACTIONS = Object.keys(rules) as TAction[];

export function can<A extends TAction>(
  actor: TActor,
  action: A,
  resource: TPolicyResources[A],
): boolean {
  return rules[action](actor, resource);
}

/** Throws 401 when signed out and the rule refuses, 403 when signed in and it refuses. */
export function authorize<A extends TAction>(
  actor: TActor,
  action: A,
  resource: TPolicyResources[A],
): void {
  if (can(actor, action, resource)) return;
  if (actor === null) throw new AppError("unauthorized", "You need to sign in to do this.");
  throw new AppError("forbidden", "You are not allowed to do this.");
}
