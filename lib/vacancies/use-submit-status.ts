"use client";

import { useQuery } from "@tanstack/react-query";
import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import { siteSettingsQuery } from "@/lib/site/site-settings-queries";
import { submitStatusFor } from "./vacancy-actions";

/**
 * The status "submit" asks for, from the centre's public site setting
 * `reviews_new_vacancies` (GET /api/v1/site_settings/:id); null until it is known, so the
 * button never says "publish" where the centre reviews. The api checks the step again.
 */
export function useSubmitStatus(centreId: string, approver: boolean): TVacancyStatusName | null {
  const settings = useQuery({ ...siteSettingsQuery(centreId), enabled: centreId !== "" });
  if (!settings.data) return null;
  return submitStatusFor(settings.data.reviewsNewVacancies === true, approver);
}
