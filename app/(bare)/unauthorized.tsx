// The 401 screen inside this group's layout (components/errors/interrupt-screens.tsx).
export {
  UnauthorizedScreen as default,
  unauthorizedMetadata as generateMetadata,
} from "@/components/errors/interrupt-screens";
