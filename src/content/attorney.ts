import { placeholder } from "./placeholder.ts";
import { site } from "./site.ts";

/**
 * The attorney profile (/about/{slug}). The career highlights and the biography's particulars are invented
 * for a placeholder founder (marked placeholder()); replace them together with the names in site.ts.
 */

export interface CareerHighlight {
  readonly title: string;
  readonly issuer: string;
  readonly year: number;
}

const { name, firstName, pronouns } = site.founder;
const { city, regionName } = site.location;

/** Most recent first. */
const careerHighlights: readonly CareerHighlight[] = [
  {
    title: placeholder("Featured Speaker, Arts & Entertainment Law Seminar", "career highlight 1: the honour"),
    issuer: placeholder("Washington continuing legal education program", "career highlight 1: who gave it"),
    year: placeholder(2024, "career highlight 1: the year"),
  },
  {
    title: placeholder("Community Educator Award", "career highlight 2: the honour"),
    issuer: placeholder(`${city}-area arts education nonprofit`, "career highlight 2: who gave it"),
    year: placeholder(2023, "career highlight 2: the year"),
  },
  {
    title: placeholder("Artist-in-Residence", "career highlight 3: the honour"),
    issuer: placeholder("Pacific Northwest artist residency program", "career highlight 3: who gave it"),
    year: placeholder(2021, "career highlight 3: the year"),
  },
  {
    title: placeholder("Pro Bono Service Award", "career highlight 4: the honour"),
    issuer: placeholder("Regional bar association pro bono program", "career highlight 4: who gave it"),
    year: placeholder(2019, "career highlight 4: the year"),
  },
  {
    title: placeholder("Volunteer Attorney Recognition", "career highlight 5: the honour"),
    issuer: placeholder(`${city}-area legal clinic for artists and arts organizations`, "career highlight 5: who gave it"),
    year: placeholder(2017, "career highlight 5: the year"),
  },
];

export const attorney = {
  role: "Founder & Attorney",
  intro: `${name} is an attorney, educator and artist who founded ${site.practiceName} to bring clear, thoughtful legal guidance to the creative community in ${city} and across ${regionName}.`,
  bio: [
    placeholder(
      `${firstName} advises artists, galleries, museums, cultural nonprofits and creative-tech teams on contracts, licensing, intellectual property and organizational governance. ${firstName}'s practice centers on agreements that are fair, readable and built around how creative work actually happens, and on helping clients understand the choices in front of them before they sign.`,
      "the founder's biography, paragraph 2",
    ),
    placeholder(
      `Teaching is central to ${firstName}'s approach. ${firstName} regularly leads workshops and presentations for artists, arts administrators, students and nonprofit boards on contracts, copyright and collaboration, and speaks at continuing legal education programs on legal issues in the arts. The goal is always the same: to make the law understandable enough that creative people can use it with confidence.`,
      "the founder's biography, paragraph 3",
    ),
    placeholder(
      `${firstName} is also a practicing visual artist. Years of making, exhibiting and collaborating have given ${pronouns.object} a working knowledge of studio life, from commissions and consignments to handshake deals, along with a deep respect for what artists put into their work. That experience shapes how ${firstName} listens to clients and how ${pronouns.possessive} agreements read.`,
      "the founder's biography, paragraph 4",
    ),
    placeholder(
      `Outside client work, ${firstName} is active in ${city}'s arts community, volunteering with programs that offer legal information to artists and supporting pro bono work for cultural nonprofits across ${regionName}.`,
      "the founder's biography, paragraph 5",
    ),
  ],
  portfolioLabel: "View Art Portfolio",
  photoPlaceholder: "Photo coming soon!",
  admissionsHeading: "Admissions",
  highlightsHeading: "Career Highlights",
  admissions: ["Washington State Bar Association", "U.S. District Court for the Western District of Washington"],
  careerHighlights,
  ctaHeading: "Ready to Talk About Your Work?",
  ctaText: `Whether you have a single contract to review or an organization to support, ${firstName} would be glad to hear about what you're building.`,
  ctaLabel: "Let's Work Together",
} as const;
