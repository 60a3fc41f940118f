/**
 * Words of the developer's trade that the attorney's screens (the editor's first screen, its sign-in window,
 * its guide) must never use in production: she has no project folder, terminal or GitHub account. Each a
 * pattern from the start of a word, so "commit" also finds "committed" and "push" "pushed".
 */
export const DEVELOPER_WORDS = [
  "project folder",
  "Local Repository",
  "npm",
  "commit",
  "push",
  "repository",
  "GitHub",
  "git",
  "branch",
  "deploy",
  "terminal",
  "localhost",
  "CMS_",
  "Sveltia",
] as const;

/** The developer words a text uses, each once. */
export const developerWordsIn = (text: string): string[] => DEVELOPER_WORDS.filter((word) => new RegExp(`\\b${word}`, "i").test(text));
