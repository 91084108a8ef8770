import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import { type Query, serializeQuery } from "@/lib/api/query-string";
import type {
  TAnswers,
  TFormAttributes,
  TFormChanges,
  TFormDefinition,
  TFormEvent,
  TFormStatus,
} from "@/lib/contract/forms";
import { FORM_STATUSES } from "@/lib/contract/forms";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";
import { formBuilderKeys } from "./form-builder-keys";

/**
 * The form builder's calls (docs/form-builder.md) on the forms api (docs/forms.md):
 * /api/v1/forms (managed list, CRUD, the transitions), its form_versions and its
 * form_submissions (list, show, delete, the CSV export). Every path is here, so a change of
 * the api is one change on the web.
 */

export const FORMS_PATH = "/api/v1/forms";
const formPath = (id: string) => `${FORMS_PATH}/${encodeURIComponent(id)}`;
const submissionsPath = (id: string) => `${formPath(id)}/form_submissions`;

/** A form as the api answers it (camelCase). */
export type TManagedForm = {
  id: string;
  title: string;
  status: TFormStatus;
  organizationId: number;
  volunteerCenterId: number;
  requiresSignIn: boolean;
  confirmationMail: boolean;
  retentionDays: number | null;
  /** The current version's definition and number. */
  definition: TFormDefinition;
  versionNumber: number;
  currentVersionId: number;
  /** The public link's token: /forms/:token. */
  token: string;
  submissionCount: number;
  createdAt: string;
  updatedAt: string;
  /** The owner (a centre or an organisation), named where the read asked `include`. */
  organization?: { id: string; name?: string } | null;
};

export type TFormVersion = {
  id: string;
  formId: number;
  number: number;
  definition: TFormDefinition;
  submissionCount: number;
  createdAt: string;
};

export type TFormSubmission = {
  id: string;
  formId: number;
  formVersionId: number;
  answers: TAnswers;
  respondentId: number | null;
  applicationId: number | null;
  locale: string;
  createdAt: string;
};

type TSortField = "title" | "updated_at";

/** /form_builder: what its URL may say. Latest change first. */
export const FORM_LIST = {
  sortable: ["title", "updated_at"],
  defaultSort: { field: "updated_at", direction: "desc" },
  filters: { status: FORM_STATUSES },
} satisfies TListSpec<TSortField, "status">;
export type TFormListState = TListState<TSortField, "status">;

export function formListQuery(state: TFormListState): Query {
  const filter: Record<string, string> = {};
  if (state.filters.status) filter.status_eq = state.filters.status;
  if (state.q) filter.title_i_cont = state.q;
  return {
    filter,
    sort: sortValue(state.sort),
    page: { number: state.page, size: state.size },
    // The owner's name for its column.
    include: "organization",
  };
}

export function managedFormsQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: formBuilderKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TManagedForm>(client, FORMS_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A form the user manages; one they do not is the api's 404 (or 403). */
export function managedFormQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: formBuilderKeys.detail(id),
    queryFn: async ({ signal }) => (await client.get<TManagedForm>(formPath(id), { signal })).data,
  });
}

export function formVersionsQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: formBuilderKeys.versions(id),
    queryFn: async ({ signal }) =>
      // Newest first, all of them: the api takes no list parameters here (and refuses any).
      (await client.get<TFormVersion[]>(`${formPath(id)}/form_versions`, { signal })).data,
  });
}

/** The submissions list's filters, as the detail page's URL holds them. */
export type TSubmissionFilters = {
  version: string;
  from: string;
  to: string;
  q: string;
  page: number;
};

export function submissionsListQuery(filters: TSubmissionFilters, size = 25): Query {
  return {
    filter: submissionsFilter(filters),
    sort: "-created_at",
    page: { number: filters.page, size },
  };
}

/** The api's filter for the chosen version, dates and search: the list and the CSV share it. */
function submissionsFilter(filters: Omit<TSubmissionFilters, "page">): Record<string, string> {
  const filter: Record<string, string> = {};
  if (filters.version) filter.form_version_id_eq = filters.version;
  if (filters.from) filter.created_at_gteq = filters.from;
  // Up to and with the whole last day.
  if (filters.to) filter.created_at_lt = dayAfter(filters.to);
  if (filters.q) filter.q = filters.q;
  return filter;
}

const dayAfter = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

export function formSubmissionsQuery(id: string, query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: formBuilderKeys.submissions(id, query),
    queryFn: ({ signal }) =>
      fetchPaged<TFormSubmission>(client, submissionsPath(id), query, signal),
    placeholderData: keepPreviousData,
  });
}

export function formSubmissionQuery(id: string, submissionId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: formBuilderKeys.submission(id, submissionId),
    queryFn: async ({ signal }) =>
      (
        await client.get<TFormSubmission>(
          `${submissionsPath(id)}/${encodeURIComponent(submissionId)}`,
          { signal },
        )
      ).data,
  });
}

/**
 * The CSV export (a plain link: the BFF passes the file on), its headers in the reader's
 * language, narrowed by the same filters as the list on the page (every matching row, no
 * paging).
 */
export function submissionsCsvHref(
  id: string,
  locale: string,
  filters: Omit<TSubmissionFilters, "page">,
): string {
  const query = serializeQuery({
    locale: locale === "en" ? "en" : "nl",
    filter: submissionsFilter(filters),
  });
  return `${submissionsPath(id)}.csv?${query}`;
}

export async function createForm(client: ApiClient, attributes: TFormAttributes) {
  const response = await client.post<TManagedForm>(FORMS_PATH, {
    data: { type: "forms", attributes },
  });
  return response.data;
}

export async function updateForm(client: ApiClient, id: string, attributes: TFormChanges) {
  const response = await client.patch<TManagedForm>(formPath(id), {
    data: { type: "forms", id, attributes },
  });
  return response.data;
}

export async function transitionForm(client: ApiClient, id: string, event: TFormEvent) {
  const response = await client.put<TManagedForm>(`${formPath(id)}/transition`, {
    data: { type: "forms", id, attributes: { event } },
  });
  return response.data;
}

export async function deleteForm(client: ApiClient, id: string): Promise<void> {
  await client.delete(formPath(id));
}

export async function deleteSubmission(
  client: ApiClient,
  id: string,
  submissionId: string,
): Promise<void> {
  await client.delete(`${submissionsPath(id)}/${encodeURIComponent(submissionId)}`);
}

/** The public page of a form, for the link to copy. */
export const publicFormPath = (token: string) => `/forms/${encodeURIComponent(token)}`;
