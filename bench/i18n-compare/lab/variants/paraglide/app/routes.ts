import { type RouteConfig, route } from "@react-router/dev/routes";

export default [route(":lang?/listing", "routes/listing.tsx"), route(":lang?/form", "routes/form.tsx")] satisfies RouteConfig;
