/**
 * What the build stores beside the Worker rather than in it: a page of each article, list and notice (the
 * route, with everything its page shows), the sitemap's entries and the articles' summaries for search.
 * Each is a JSON file under /_content/ among the build's static files, read through the ASSETS binding when
 * it is needed (wrangler.toml sends /_content/* to the Worker first, so no visitor is served one as it is);
 * under `vite dev` and in tests, the same data comes from an inline module. See build/content/stored-files.ts.
 */
import stored from "virtual:content-stored";

/** Reads one stored item by its key ("routes/blog/…", "sitemap"): its data, or undefined when there is none. */
export type StoredReader = <T>(key: string) => Promise<T | undefined>;

/** What the Worker has to read a static file with: its ASSETS binding. */
export interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

/** The stored-content reader for a request, reading through `assets` in a build. */
export const storedReader =
  (assets: AssetFetcher, requestUrl: string): StoredReader =>
  async <T>(key: string) => {
    if ("inline" in stored) return (await stored.inline())[key] as T | undefined;
    const response = await assets.fetch(new Request(new URL(`${stored.base}${key}.json`, requestUrl)));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`stored content ${key} answered ${response.status}`);
    return (await response.json()) as T;
  };
