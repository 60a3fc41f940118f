/** The closed lists a content field chooses from. */

/** The closed list of article categories; a file naming another fails the build. */
export const articleCategories = ["Contracts", "IP Law", "General"] as const;

/**
 * Where a piece stands. `published`: shown everywhere it belongs. `upcoming`: a card with a "Coming Soon"
 * badge that is not clickable and has no page. `draft`: nowhere (left out of the build).
 */
export const publicationStatuses = ["draft", "upcoming", "published"] as const;
