"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import type { THelpPostEvent } from "@/lib/contract/help-posts";
import { helpPostKeys, transitionHelpPost } from "@/lib/peer-help/help-post-api";
import type { THelpPost } from "@/lib/peer-help/help-post-types";
import { AnswerPostForm } from "./answer-post-form";
import { HidePostForm } from "./hide-post-form";
import {
  categoryLabel,
  confirmQuestion,
  doneMessage,
  eventLabel,
  kindLabel,
  statusLabel,
} from "./labels";

/**
 * One request or offer: what, when, roughly where, by whom, and what the viewer may do
 * (signed out, where the site shows posts to everyone: nothing but read).
 */
export function HelpPostCard({ post, signedIn }: { post: THelpPost; signedIn: boolean }) {
  const t = useTranslations("peerHelp.board");
  const root = useTranslations();
  const format = useFormatter();
  const titleId = useId();
  const [asking, setAsking] = useState<THelpPostEvent | null>(null);
  const change = useApiMutation({
    mutationFn: ({ event }: { event: THelpPostEvent }) => transitionHelpPost(api, post.id, event),
    invalidates: [helpPostKeys.all],
    success: ({ event }) => doneMessage(root, event),
    failure: () => t("actionFailed"),
    onSuccess: () => setAsking(null),
  });
  const where = [
    post.city,
    post.distanceKm === null ? null : t("distance", { km: format.number(post.distanceKm) }),
  ].filter(Boolean);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-shape-lg border border-neutral-300 bg-white p-4"
    >
      <p className="flex flex-wrap gap-2 text-sm font-semibold">
        <span className="rounded-shape bg-primary-100 px-2 py-0.5 text-primary-900">
          {kindLabel(root, post.kind)}
        </span>
        <span className="rounded-shape bg-neutral-100 px-2 py-0.5 text-neutral-900">
          {categoryLabel(root, post.category)}
        </span>
        {post.status !== "open" ? (
          <span className="rounded-shape bg-amber-100 px-2 py-0.5 text-amber-900">
            {statusLabel(root, post.status)}
          </span>
        ) : null}
      </p>
      <h3 id={titleId} className="text-xl font-bold text-neutral-900">
        {post.title}
      </h3>
      {post.body ? <p className="whitespace-pre-line text-neutral-800">{post.body}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-neutral-800">
        {post.timing ? (
          <>
            <dt className="font-semibold">{t("when")}</dt>
            <dd>{post.timing}</dd>
          </>
        ) : null}
        {where.length > 0 ? (
          <>
            <dt className="font-semibold">{t("where")}</dt>
            <dd>{where.join(" · ")}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("by")}</dt>
        <dd>
          {post.mine ? t("you") : (post.posterFirstName ?? t("someone"))}
          {", "}
          {format.dateTime(new Date(post.createdAt), { dateStyle: "long" })}
        </dd>
      </dl>
      {post.hiddenReason ? (
        <p className="rounded-shape border-2 border-amber-700 bg-amber-50 p-3 text-amber-950">
          {t("hiddenBecause", { reason: post.hiddenReason })}
        </p>
      ) : null}
      {signedIn && !post.mine && post.status === "open" ? <AnswerPostForm post={post} /> : null}
      <div className="flex flex-wrap gap-3">
        {post.allowedEvents
          .filter((event) => event !== "hide")
          .map((event) => (
            <Button key={event} variant="outline" onClick={() => setAsking(event)}>
              {eventLabel(root, event)}
            </Button>
          ))}
      </div>
      {post.allowedEvents.includes("hide") ? <HidePostForm post={post} /> : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? confirmQuestion(root, asking, post.title) : ""}
        confirmLabel={asking ? eventLabel(root, asking) : ""}
        pending={change.isPending}
        pendingLabel={t("working")}
        onConfirm={() => asking && change.mutate({ event: asking })}
        onCancel={() => setAsking(null)}
      />
    </article>
  );
}
