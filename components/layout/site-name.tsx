import Link from "next/link";

/** The site's name at the start of the header, linking home. */
export function SiteName({ name }: { name: string }) {
  return (
    <Link
      href="/"
      className="mr-auto py-2 text-xl font-bold text-primary-800 no-underline hover:text-primary-700"
    >
      {name}
    </Link>
  );
}
