import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// Reads like SPEC §2's route table, then §7's calls.
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),

  ...prefix("api", [
    route("statistics", "routes/api/statistics.ts"),
    route("cities/popular", "routes/api/cities-popular.ts"),
    route("businesses/recommended", "routes/api/businesses-recommended.ts"),
    route("businesses/latest", "routes/api/businesses-latest.ts"),
    route("businesses/slug/:slug", "routes/api/business-by-slug.ts"),
    route("businesses/:id", "routes/api/business-by-id.ts"),
    route("businesses", "routes/api/businesses.ts"),
    route("city/:cityName", "routes/api/city.ts"),
    route("category/:categoryName", "routes/api/category.ts"),
    route("categories", "routes/api/categories.ts"),
    route("countries", "routes/api/countries.ts"),
    route("*", "routes/api/not-found.ts", { id: "api-not-found" }),
  ]),
] satisfies RouteConfig;
