// The 404 screen of notFound() inside this group's layout (an unknown record, a content page
// that does not exist; components/errors/interrupt-screens.tsx). app/not-found.tsx is for
// addresses no page matches and brings the chrome itself.
export {
  NotFoundScreen as default,
  notFoundMetadata as generateMetadata,
} from "@/components/errors/interrupt-screens";
