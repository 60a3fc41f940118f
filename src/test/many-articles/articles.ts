/**
 * Articles made up for scale: `count` realistic pieces (1,050–1,550 words in `##` sections, a title, a
 * description and an excerpt, a topic, a date a few days apart, newest first), always the same for the same
 * count. Each holds one word no other piece has, in its body only, for the search to find. For the tests of
 * a practice that has written for years (vitest project `many-articles`, build/content/search-index.test.ts)
 * and the scale bench (bench/scale.ts). Node only.
 */
import { articleCategories } from "../../content/schema/lists.ts";

/** One made-up article: its file under content/, and the word only its body holds. */
export interface MadeUpArticle {
  readonly slug: string;
  readonly file: string;
  readonly text: string;
  readonly title: string;
  readonly bodyOnlyWord: string;
}

const SUBJECTS = [
  "Mural Commissions",
  "Gallery Consignment",
  "Licensing Photographs",
  "Collaborating on an Album",
  "Public Art Contracts",
  "Selling Prints Online",
  "Artist Residencies",
  "Fiscal Sponsorship",
  "Game Studio Contracts",
  "Open-Source Creative Code",
  "Museum Loans",
  "Festival Performances",
  "Choreography Rights",
  "Textile Designs",
  "Podcast Partnerships",
  "Crowdfunded Projects",
];
const ANGLES = [
  "What to Ask First",
  "A Practical Checklist",
  "Common Mistakes",
  "Before You Sign",
  "A Plain-English Guide",
  "Questions We Hear",
];
const SECTIONS = [
  "Start With the Scope",
  "Who Owns What",
  "Money and Timing",
  "Credit and Attribution",
  "When Plans Change",
  "Putting It in Writing",
];
const SENTENCES = [
  "A clear agreement protects the relationship as much as the work itself.",
  "Write down who does what, by when, and what happens if a date slips.",
  "Copyright belongs to the creator unless a signed writing says otherwise.",
  "A license can be exclusive or non-exclusive, limited by time, territory and medium.",
  "Deposits and milestone payments keep both sides invested in finishing the project.",
  "Credit lines cost nothing to promise and are easy to forget without a clause.",
  "Termination terms matter most when everyone is still on good terms.",
  "Nonprofits should check that each grant's conditions match the contract they sign.",
  "Keep copies of every version you sign, and note any changes made by e-mail.",
  "Insurance, permits and site access are often assumed and rarely assigned.",
  "Moral rights, reproduction rights and resale rights are separate questions.",
  "A short call with counsel before signing usually costs less than a dispute after.",
  "Budgets should name who pays for materials, shipping, installation and repairs.",
  "When collaborators disagree, a written process for decisions saves the friendship.",
  "Registering the work early strengthens your position if someone copies it.",
  "Ask how the work will be used in marketing, and for how long.",
];

/** A small deterministic random generator (mulberry32): the same count always gives the same articles. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The day `days` before 2025-10-31, as YYYY-MM-DD. */
const dayBefore = (days: number) => new Date(Date.UTC(2025, 9, 31) - days * 86_400_000).toISOString().slice(0, 10);

/** `count` made-up articles, newest first, each a valid published article file. */
export function madeUpArticles(count: number): MadeUpArticle[] {
  const next = random(count);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const subject = SUBJECTS[index % SUBJECTS.length]!;
    const title = `${subject}: ${ANGLES[Math.floor(index / SUBJECTS.length) % ANGLES.length]}, Part ${number}`;
    const slug = `made-up-${number}`;
    const bodyOnlyWord = `quillwort${number}x`;
    const words = 1050 + Math.floor(next() * 500);
    const paragraphs: string[] = [];
    let written = 0;
    for (const [section, heading] of SECTIONS.entries()) {
      paragraphs.push(`## ${heading}`);
      const share = section === SECTIONS.length - 1 ? words - written : Math.floor(words / SECTIONS.length);
      let sectionWords = 0;
      while (sectionWords < share) {
        const sentences = Array.from({ length: 5 }, () => pick(SENTENCES));
        const paragraph = sentences.join(" ");
        sectionWords += paragraph.split(" ").length;
        paragraphs.push(paragraph);
      }
      written += sectionWords;
    }
    paragraphs.splice(2, 0, `In our files this matter is known as ${bodyOnlyWord}, a name no other article uses.`);
    const text = `---
title: "${title}"
description: "What artists and creative organizations should know about ${subject.toLowerCase()}: the questions to ask, the clauses to write and the mistakes to avoid."
excerpt: "A practical look at ${subject.toLowerCase()}, written for artists, galleries and creative teams."
category: ${articleCategories[index % articleCategories.length]}
date: ${dayBefore(index * 3)}
status: published
---

${paragraphs.join("\n\n")}
`;
    return { slug, file: `articles/${slug}.md`, text, title, bodyOnlyWord };
  });
}

/** The made-up articles as files to add to a copy of content/ (build/content/fixture-copy.ts). */
export const madeUpArticleFiles = (count: number): Record<string, string> =>
  Object.fromEntries(madeUpArticles(count).map((article) => [article.file, article.text]));
