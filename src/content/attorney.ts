import { site } from "./site.ts";

/**
 * The attorney profile (/about/{slug}). The career highlights are placeholder honours for a placeholder
 * founder; replace them together with the names in site.ts.
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
    title: "Featured Speaker, Arts & Entertainment Law Seminar",
    issuer: "Washington continuing legal education program",
    year: 2024,
  },
  {
    title: "Community Educator Award",
    issuer: `${city}-area arts education nonprofit`,
    year: 2023,
  },
  {
    title: "Artist-in-Residence",
    issuer: "Pacific Northwest artist residency program",
    year: 2021,
  },
  {
    title: "Pro Bono Service Award",
    issuer: "Regional bar association pro bono program",
    year: 2019,
  },
  {
    title: "Volunteer Attorney Recognition",
    issuer: `${city}-area legal clinic for artists and arts organizations`,
    year: 2017,
  },
];

export const attorney = {
  role: "Founder & Attorney",
  intro: `${name} is an attorney, educator and artist who founded ${site.practiceName} to bring clear, thoughtful legal guidance to the creative community in ${city} and across ${regionName}.`,
  bio: [
    `${firstName} advises artists, galleries, museums, cultural nonprofits and creative-tech teams on contracts, licensing, intellectual property and organizational governance. ${firstName}'s practice centers on agreements that are fair, readable and built around how creative work actually happens, and on helping clients understand the choices in front of them before they sign.`,
    `Teaching is central to ${firstName}'s approach. ${firstName} regularly leads workshops and presentations for artists, arts administrators, students and nonprofit boards on contracts, copyright and collaboration, and speaks at continuing legal education programs on legal issues in the arts. The goal is always the same: to make the law understandable enough that creative people can use it with confidence.`,
    `${firstName} is also a practicing visual artist. Years of making, exhibiting and collaborating have given ${pronouns.object} a working knowledge of studio life, from commissions and consignments to handshake deals, along with a deep respect for what artists put into their work. That experience shapes how ${firstName} listens to clients and how ${pronouns.possessive} agreements read.`,
    `Outside client work, ${firstName} is active in ${city}'s arts community, volunteering with programs that offer legal information to artists and supporting pro bono work for cultural nonprofits across ${regionName}.`,
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
