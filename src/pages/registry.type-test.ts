/*
 * Checked by `npm run typecheck`, never run: the route table and the page registry are keyed by the same
 * page kinds (PageParams in src/routes/table.ts), so neither can have a kind the other lacks.
 */
import type { RouteDefinitions } from "../routes/table.ts";
import { HomePage } from "./HomePage.tsx";
import { type PageRegistry, pages } from "./index.tsx";

declare const routes: RouteDefinitions;

// A page without a route: a kind the route table does not know.
// @ts-expect-error "newsletter" is not a kind of page
export const pageWithoutRoute: PageRegistry = { ...pages, newsletter: async () => HomePage };

// A route without a page: the registry lacks a kind the route table has.
const { contact: _contact, ...withoutContact } = pages;
// @ts-expect-error the contact page is missing
export const routeWithoutPage: PageRegistry = withoutContact;

// A route table that lacks a kind with a page, or declares a kind without one.
const { legal: _legal, ...withoutLegal } = routes;
// @ts-expect-error the legal notices' routes are missing
export const kindWithoutRoutes: RouteDefinitions = withoutLegal;
// @ts-expect-error "newsletter" has no page
export const routesWithoutPage: RouteDefinitions = { ...routes, newsletter: [] };

// A page given the wrong kind of route.
// @ts-expect-error the home page cannot render an article's route
export const mismatched: PageRegistry = { ...pages, article: async () => HomePage };
