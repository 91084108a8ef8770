import { tagResource } from "../routes/tags";
import { organizationResource } from "./resources";
import type { TResource } from "./serializer";

/** A vacancy as everyone reads it: the public search and page (docs/vacancies-search.md). */
export const vacancyResource: TResource = {
  type: "vacancy",
  attributes: [
    "title",
    "summary",
    "description",
    "status",
    "hoursPerWeek",
    "remote",
    "street",
    "postalCode",
    "city",
    "latitude",
    "longitude",
    "imageUrl",
    "contactName",
    "contactEmail",
    "contactPhone",
    "publishedAt",
    "closesOn",
    "closedAt",
    "ongoing",
    "startsOn",
    "endsOn",
    "volunteersWanted",
    "organizationId",
    "volunteerCenterId",
    "distanceKm",
    "createdAt",
    "updatedAt",
  ],
  relationships: {
    organization: {
      kind: "one",
      resource: () => organizationResource,
      idField: "organizationId",
    },
    tags: { kind: "many", resource: () => tagResource },
  },
};

/** A vacancy as its writers see it: the public attributes and what only they need. */
export const managedVacancyResource: TResource = {
  ...vacancyResource,
  // What only its writers read; the search's distance means nothing here.
  attributes: [
    ...vacancyResource.attributes.filter((name) => name !== "distanceKm"),
    "contactPersonId",
    "applicationFormId",
    "applicationsCount",
    "openApplicationsCount",
  ],
};
