import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Pagination } from "@/components/lists/pagination";
import type { TPublicOrganization } from "@/lib/social-map/api";
import { socialMapHref, type TSocialMapSearch } from "@/lib/social-map/search-params";
import { tagName } from "@/lib/tags/tag-name";

type Props = {
  organizations: TPublicOrganization[];
  search: TSocialMapSearch;
  last: number;
};

/**
 * Every organisation of the filtered map, a page at a time, rendered on the server: the
 * complete list without JavaScript or WebGL, and the map's accessible equivalent.
 */
export function SocialMapList({ organizations, search, last }: Props) {
  const t = useTranslations("socialMap");
  const locale = useLocale();
  const labels: Record<string, string> = {
    Organization: t("types.Organization"),
    School: t("types.School"),
    VolunteerCenter: t("types.VolunteerCenter"),
  };
  return (
    <div data-testid="server-list">
      <ul className="mb-4 divide-y divide-neutral-200">
        {organizations.map((org) => (
          <li key={org.id} className="py-3">
            <h3 className="text-lg font-semibold">
              <Link href={`/sociale-kaart/${org.id}`} className="inline-block py-1">
                {org.name}
              </Link>
            </h3>
            <p className="text-sm text-neutral-800">
              {labels[org.type]}
              {org.city ? ` · ${org.city}` : ` · ${t("withoutPlace")}`}
            </p>
            {org.summary ? <p className="mt-1 text-neutral-900">{org.summary}</p> : null}
            {org.tags && org.tags.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {org.tags.map((tag) => (
                  <li
                    key={tag.slug}
                    className="rounded-full bg-neutral-100 px-3 py-1 text-sm text-neutral-900"
                  >
                    {tagName(tag, locale)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination
        current={search.page}
        last={last}
        hrefFor={(page) => socialMapHref(search, page)}
      />
    </div>
  );
}
