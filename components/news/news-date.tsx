import { useFormatter } from "next-intl";

/** An article's date as a <time> (the time zone is next-intl's, Europe/Amsterdam). */
export function NewsDate({ iso, className }: { iso: string; className?: string }) {
  const format = useFormatter();
  return (
    <time dateTime={iso} className={className}>
      {format.dateTime(new Date(iso), { day: "numeric", month: "long", year: "numeric" })}
    </time>
  );
}
