import { type RouteConfig, route } from "@react-router/dev/routes";

export default [route("listing", "routes/listing.tsx"), route("form", "routes/form.tsx")] satisfies RouteConfig;
