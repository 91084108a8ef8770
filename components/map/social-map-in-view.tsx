"use client";

import Link from "next/link";
import { useMemo } from "react";
import { fillText, formatPlural } from "@/lib/i18n/island-texts";
import {
  organizationsInBounds,
  type TBounds,
  type TMapOrganization,
} from "@/lib/social-map/bounds";
import type { TSocialMapTexts } from "@/lib/social-map/map-texts";

type Props = {
  organizations: TMapOrganization[];
  bounds: TBounds | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  texts: TSocialMapTexts;
};

/**
 * The list once the map is ready (social-map-panel.tsx loads it with the map, never before):
 * the organisations inside the map's visible bounds, their number announced politely, each
 * with a button that flies the map there and opens its popup.
 */
export default function SocialMapInView({
  organizations,
  bounds,
  selectedId,
  onSelect,
  texts,
}: Props) {
  const inView = useMemo(
    () => organizationsInBounds(organizations, bounds),
    [organizations, bounds],
  );
  return (
    <div data-testid="in-view-list">
      <p aria-live="polite" className="mb-3 text-neutral-800" data-testid="in-view-count">
        {formatPlural(texts.inView, inView.length)}
      </p>
      {inView.length === 0 ? (
        <p className="text-neutral-800">{texts.inViewEmpty}</p>
      ) : (
        <ul className="divide-y divide-neutral-200">
          {inView.map((org) => (
            <li key={org.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link href={`/sociale-kaart/${org.id}`} className="inline-block py-1 font-semibold">
                  {org.name}
                </Link>
                {org.city ? <p className="text-sm text-neutral-800">{org.city}</p> : null}
              </div>
              <button
                type="button"
                onClick={() => onSelect(org.id)}
                aria-pressed={selectedId === org.id}
                className="min-h-11 shrink-0 rounded-shape border border-neutral-400 px-3 text-sm font-medium text-neutral-900 hover:bg-neutral-100"
              >
                <span className="sr-only">{fillText(texts.showOnMap, { name: org.name })}</span>
                <span aria-hidden="true">⌖</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
