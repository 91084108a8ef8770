// The 403 screen inside this group's layout (components/errors/interrupt-screens.tsx).
export {
  ForbiddenScreen as default,
  forbiddenMetadata as generateMetadata,
} from "@/components/errors/interrupt-screens";
