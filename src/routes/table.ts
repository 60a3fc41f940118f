import { articles } from "../content/articles/index.ts";
import { type LegalNoticeId, legalNotices } from "../content/legal/index.ts";
import { services, type Service } from "../content/services.ts";
import { attorneyPath, site } from "../content/site.ts";

/** The top-level navigation entry a page belongs to; its link is highlighted while the page is shown. */
export type NavSection = "home" | "about" | "services" | "resources" | "contact";


/** Which screen renders a route; the pages module maps each kind to its component. */
export type PageRef =
  | { readonly kind: "home" }
  | { readonly kind: "philosophy" }
  | { readonly kind: "attorney" }
  | { readonly kind: "services" }
  | { readonly kind: "service"; readonly slug: Service["slug"] }
  | { readonly kind: "resources" }
  | { readonly kind: "contact" }
  | { readonly kind: "article"; readonly slug: string }
  | { readonly kind: "legal"; readonly notice: LegalNoticeId }
  | { readonly kind: "not-found" }
  | { readonly kind: "server-error"; readonly reference: string };

export interface RouteEntry {
  readonly path: string;
  /** The whole browser title. */
  readonly title: string;
  /** The meta description for search results and shared links. */
  readonly description: string;
  /** Short name of the page in breadcrumbs. */
  readonly crumb: string;
  /** Path of the page above this one in the breadcrumb trail. */
  readonly parent?: string;
  readonly section?: NavSection;
  readonly page: PageRef;
}

const titled = (name: string) => `${name} | ${site.practiceName}`;

const legalDescriptions: Record<LegalNoticeId, string> = {
  "terms-of-use": `The terms that govern use of the ${site.practiceName} website, including that its content is general information and not legal advice.`,
  "privacy-policy": `How ${site.practiceName} collects, uses, keeps and protects the information you share through this website, and how to access or delete it.`,
  "legal-disclaimer": `The information on the ${site.practiceName} website is general information, not legal advice, and does not create an attorney-client relationship.`,
};

/** Every public route of the site, in sitemap order. The one source of paths, titles and descriptions. */
export const routeTable: readonly RouteEntry[] = [
  {
    path: "/",
    title: `${site.practiceName} | ${site.tagline}`,
    description: `${site.practiceName} is a Seattle creative-law and consulting practice: contracts, licensing, IP and fractional counsel for artists, cultural organizations and creative-tech teams.`,
    crumb: "Home",
    section: "home",
    page: { kind: "home" },
  },
  {
    path: "/about",
    title: titled("Our Philosophy"),
    description: `Clarity, creativity and care: how ${site.practiceName} approaches legal work for artists, cultural institutions and mission-driven teams in Seattle.`,
    crumb: "About",
    parent: "/",
    section: "about",
    page: { kind: "philosophy" },
  },
  {
    path: attorneyPath,
    title: titled(site.founder.name),
    description: `${site.founder.name}, founder of ${site.practiceName}: a Seattle attorney, educator and artist advising creatives, cultural organizations and creative-tech teams.`,
    crumb: site.founder.name,
    parent: "/about",
    section: "about",
    page: { kind: "attorney" },
  },
  {
    path: "/services",
    title: titled("Services"),
    description: `Creative and cultural counsel, fractional general counsel, creative-tech product counsel and workshops from ${site.practiceName} in Seattle.`,
    crumb: "Services",
    parent: "/",
    section: "services",
    page: { kind: "services" },
  },
  ...services.map(
    (service): RouteEntry => ({
      path: service.path,
      title: titled(service.pageTitle),
      description: service.metaDescription,
      crumb: service.pageTitle,
      parent: "/services",
      section: "services",
      page: { kind: "service", slug: service.slug },
    }),
  ),
  {
    path: "/resources",
    title: titled("Resources & Insights"),
    description: `Articles and practical guides from ${site.practiceName} on artist contracts, licensing, intellectual property and the legal side of creative work.`,
    crumb: "Resources",
    parent: "/",
    section: "resources",
    page: { kind: "resources" },
  },
  {
    path: "/contact",
    title: titled("Get in Touch"),
    description: `Contact ${site.practiceName} for legal guidance for artists, creative teams and mission-driven organizations in Seattle. Tell us about your project.`,
    crumb: "Contact",
    parent: "/",
    section: "contact",
    page: { kind: "contact" },
  },
  ...articles.map(
    (article): RouteEntry => ({
      path: article.path,
      title: titled(article.title),
      description: article.description,
      crumb: article.title,
      parent: "/resources",
      section: "resources",
      page: { kind: "article", slug: article.slug },
    }),
  ),
  ...(Object.keys(legalDescriptions) as LegalNoticeId[]).map(
    (notice): RouteEntry => ({
      path: `/${notice}`,
      title: titled(legalNotices[notice].title),
      description: legalDescriptions[notice],
      crumb: legalNotices[notice].title,
      parent: "/",
      page: { kind: "legal", notice },
    }),
  ),
];

/** What any other path shows; it is answered with HTTP 404. */
export const notFoundRoute: RouteEntry = {
  path: "*",
  title: titled("Page not found"),
  description: "The page you were looking for does not exist. Return to the home page to find services, articles and contact details.",
  crumb: "Page not found",
  page: { kind: "not-found" },
};

/** What a request that failed shows (HTTP 500), with the reference its error was logged under. */
export const serverErrorRoute = (reference: string): RouteEntry => ({
  path: "*",
  title: titled("Something went wrong"),
  description: "This page could not be shown because of a problem on our side. Please try again in a moment.",
  crumb: "Something went wrong",
  page: { kind: "server-error", reference },
});

const byPath = new Map(routeTable.map((entry) => [entry.path, entry]));

export function routeByPath(path: string): RouteEntry | undefined {
  return byPath.get(path);
}

/** The route itself, preceded by its ancestors: the breadcrumb trail from Home. */
export function breadcrumbTrail(entry: RouteEntry): RouteEntry[] {
  const trail = [entry];
  for (let parent = entry.parent; parent; parent = byPath.get(parent)?.parent) {
    const ancestor = byPath.get(parent);
    if (!ancestor) throw new Error(`route ${entry.path} names unknown parent ${parent}`);
    trail.unshift(ancestor);
  }
  return trail;
}
