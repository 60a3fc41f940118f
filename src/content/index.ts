/**
 * The practice's words and facts as this build holds them: everything under content/, compiled at build
 * time (build/content). The Worker's modules read them from here; Node scripts and browser tests compile
 * the same files with build/content's loadContent.
 */
import content from "virtual:content";
import { attorneyPathOf, locationLabelOf } from "./site.ts";

export const { site, notices, pages, services, letters } = content;

/** /about/{slug}: the attorney profile. */
export const attorneyPath = attorneyPathOf(site);

/** "Seattle, Washington". */
export const locationLabel = locationLabelOf(site);
