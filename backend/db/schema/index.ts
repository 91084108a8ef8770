export * from "./addresses";
export * from "./desks";
export * from "./mail";
export * from "./organizations";
export * from "./roles";
export * from "./tenants";
export * from "./users";
