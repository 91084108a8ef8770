import type { TApplicationEvent, TApplicationStatus } from "@/lib/contract/applications";
import type { TAnswers, TFormDefinition } from "@/lib/contract/forms";

/**
 * An application as the api sends it (type `applications`), keys camelCased and
 * relationships merged from `included` by the client (lib/api). Written against the agreed
 * wire format before the api landed: adjust here, and only here, when it differs.
 */

/** Who the caller is to the application: its applicant, or staff of the vacancy's organisation. */
export type TApplicationSide = "volunteer" | "organization";

export type TApplicationVacancy = {
  id: string;
  title: string;
  organizationId?: string | number | null;
  status?: string | null;
  closesOn?: string | null;
};

/** The applicant: what they shared with the organisation. */
export type TApplicationUser = {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
};

export type TApplicationOrganization = { id: string; name?: string | null };

export type TApplicationTransition = {
  id: string;
  event: string;
  fromStatus: TApplicationStatus | null;
  toStatus: TApplicationStatus;
  createdAt: string;
};

/** The application's thread: only its id is needed here (`include=conversation`). */
export type TApplicationConversation = { id: string };

export type TApplication = {
  id: string;
  status: TApplicationStatus;
  motivation: string | null;
  /** The answers to the vacancy's application questions, with the version they answered
   *  (docs/form-builder.md); null when the vacancy asked none. */
  formAnswers?: TApplicationFormAnswers | null;
  createdAt: string;
  updatedAt: string;
  statusChangedAt: string | null;
  /** null until the organisation's first reply or decision. */
  respondedAt: string | null;
  /** The events the caller may take now (PUT /applications/:id/transition). */
  allowedEvents: TApplicationEvent[];
  side: TApplicationSide;
  /** Present when included (`include=vacancy`, `user`, `organization`, `transitions`, `conversation`). */
  vacancy?: TApplicationVacancy | null;
  user?: TApplicationUser | null;
  organization?: TApplicationOrganization | null;
  transitions?: TApplicationTransition[];
  conversation?: TApplicationConversation | null;
};

export type TApplicationFormAnswers = {
  formId: number;
  formVersionId: number;
  definition: TFormDefinition;
  answers: TAnswers;
};
