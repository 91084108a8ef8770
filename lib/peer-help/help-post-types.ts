import type {
  THelpPostCategory,
  THelpPostEvent,
  THelpPostKind,
  THelpPostStatus,
} from "@/lib/contract/help-posts";

/** A peer-help post as GET /api/v1/help_posts answers it (docs/peer-help.md). */
export type THelpPost = {
  id: string;
  kind: THelpPostKind;
  category: THelpPostCategory;
  title: string;
  body: string;
  timing: string;
  city: string | null;
  /** The ~500 m cell's centre: never the exact place. */
  latitude: number;
  longitude: number;
  distanceKm: number | null;
  status: THelpPostStatus;
  expiresAt: string;
  posterFirstName: string | null;
  mine: boolean;
  allowedEvents: THelpPostEvent[];
  hiddenReason: string | null;
  /** The caller's conversation with the poster, once they answered. */
  myConversationId: number | null;
  createdAt: string;
};

/** The board's filters, as they stand in the page's address. */
export type THelpPostFilters = {
  kind: THelpPostKind | "";
  category: THelpPostCategory | "";
  near: string;
  radiusKm: number;
  mine: boolean;
  moderation: boolean;
};
