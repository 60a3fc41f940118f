/**
 * The practice's words and facts as this build's Worker holds them: content/ compiled at build time
 * (build/content), but for the pieces themselves (articles, news, notices), which it reads when their pages
 * are asked for (./stored.ts). Node scripts and browser tests compile the same files with build/content's
 * loadContent.
 */
import content from "virtual:content";
import { attorneyPathOf, locationLabelOf } from "./site.ts";

export const { site, shareCard, notices, pages, services, letters, engagementLetters, consultations, legal, latestArticles } = content;

/** /about/{slug}: the attorney profile. */
export const attorneyPath = attorneyPathOf(site);

/** "Seattle, Washington". */
export const locationLabel = locationLabelOf(site);
