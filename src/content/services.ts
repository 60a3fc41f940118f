import { site } from "./site.ts";

/**
 * The four services: the cards on /services and the content of each /services/{slug} page.
 * Headings and button labels are the exact strings of the specification.
 */

export interface Offering {
  readonly title: string;
  readonly description: string;
}

export type ServiceSlug = "creative-cultural" | "fractional-counsel" | "creative-tech" | "workshops";

export interface Service {
  readonly slug: ServiceSlug;
  readonly path: `/services/${string}`;
  /** Title on the overview card. */
  readonly cardTitle: string;
  readonly cardDescription: string;
  /** Heading and browser title of the service page. */
  readonly pageTitle: string;
  /** Search description, 140-160 characters. */
  readonly metaDescription: string;
  /** One or two introductory paragraphs. */
  readonly intro: readonly string[];
  readonly offeringsHeading: string;
  readonly offerings: readonly Offering[];
  readonly howItWorks?: { readonly heading: string; readonly paragraphs: readonly string[] };
  readonly formats?: { readonly heading: string; readonly items: readonly string[] };
  readonly audienceHeading: string;
  readonly audience: readonly string[];
  readonly cta: { readonly heading: string; readonly text: string; readonly label: string };
}

const { city, regionName } = site.location;

export const services: readonly Service[] = [
  {
    slug: "creative-cultural",
    path: "/services/creative-cultural",
    cardTitle: "Creative + Cultural",
    cardDescription:
      "Contracts, licensing and strategy for artists, galleries, museums and cultural nonprofits, written so everyone at the table understands the deal.",
    pageTitle: "Creative & Cultural Counsel",
    metaDescription: `Contracts, licensing, exhibition agreements and nonprofit strategy for artists, galleries, museums and cultural organizations in ${city}, ${regionName}.`,
    intro: [
      "Creative work passes through many hands: the artist who makes it, the gallery that shows it, the museum that cares for it, the funder who makes it possible. Each handoff is an agreement, whether or not anyone wrote it down. We help artists and cultural organizations put those agreements into clear, fair language that reflects how the work actually gets made.",
      "Whether you are preparing for a first exhibition, licensing an image for the first time, or steadying a nonprofit through a period of growth, we start by understanding your practice and your goals, then build the legal framework around them, not the other way around.",
    ],
    offeringsHeading: "What We Offer",
    offerings: [
      {
        title: "Artist Contracts",
        description:
          "Commission, collaboration, consignment and representation agreements that spell out scope, payment, credit and ownership in plain English, so expectations are set before the work begins.",
      },
      {
        title: "Licensing Frameworks",
        description:
          "Licenses that let your work travel into books, products, campaigns and digital platforms on terms you choose, with clear limits on use, territory, duration and fees.",
      },
      {
        title: "Nonprofit Strategy",
        description:
          "Practical guidance for cultural nonprofits on formation, governance, fiscal sponsorship, grant agreements and partnerships, so the structure supports the mission.",
      },
      {
        title: "Exhibition Agreements",
        description:
          "Loan, exhibition and installation agreements that address shipping, insurance, installation, reproduction rights and who is responsible for the work while it is on view.",
      },
    ],
    audienceHeading: "Who This Is For",
    audience: [
      "Visual artists, designers, photographers, writers and performers",
      "Galleries, art dealers and artist-run spaces",
      "Museums, collections and exhibition venues",
      "Cultural nonprofits, arts collectives and fiscally sponsored projects",
      "Curators, producers and festival organizers",
    ],
    cta: {
      heading: "Let's Talk About Your Work",
      text: "Tell us about the project, exhibition or organization you're building. We'll help you understand your options and map out clear next steps.",
      label: "Discuss Your Project",
    },
  },
  {
    slug: "fractional-counsel",
    path: "/services/fractional-counsel",
    cardTitle: "Fractional General Counsel",
    cardDescription:
      "Ongoing, part-time legal counsel for growing creative and mission-driven organizations that need a trusted advisor without a full-time hire.",
    pageTitle: "Fractional General Counsel",
    metaDescription: `Fractional general counsel from ${site.practiceName}: ongoing legal guidance for creative studios, cultural nonprofits and mission-driven teams in ${city}.`,
    intro: [
      "Many creative studios, cultural organizations and mission-driven teams reach a point where legal questions come up every week, but a full-time general counsel isn't yet the right fit. Fractional general counsel gives you an experienced legal partner who knows your organization, your people and your priorities, at a scale that matches where you are today.",
      "We work alongside your leadership team and board as an extension of your staff: answering questions as they arise, reviewing agreements before they're signed, and helping you spot issues early, while they are still simple to address.",
    ],
    offeringsHeading: "What We Offer",
    offerings: [
      {
        title: "Strategic Guidance",
        description:
          "A legal perspective at the table for new programs, partnerships, launches and growth decisions, so you can move forward with a clear view of the tradeoffs.",
      },
      {
        title: "Contract Review",
        description:
          "Timely review, drafting and negotiation support for vendor, venue, sponsorship, licensing and collaboration agreements, with plain-English summaries of what each one means for you.",
      },
      {
        title: "Risk Management",
        description:
          "Identifying and prioritizing legal risks across intellectual property, contracts, data and day-to-day operations, then putting practical policies in place to manage them.",
      },
      {
        title: "Governance Support",
        description:
          "Support for boards and leadership on bylaws, policies, conflicts of interest, meeting practices and the recordkeeping that keeps an organization on solid footing.",
      },
    ],
    howItWorks: {
      heading: "How It Works",
      paragraphs: [
        "Every engagement begins with a conversation about your organization, your current legal needs and what's coming up over the next year. From there, we agree on a structure that fits your pace and your budget.",
        "Some clients choose a monthly retainer for steady, on-call access and regular review. Others prefer quarterly check-ins to stay ahead of upcoming contracts, programs and governance questions. For a defined need, such as a launch, a reorganization or a major partnership, we can work on a project basis with a clear scope and timeline.",
        "Whatever the structure, you'll know in advance what's included, how to reach us and how fees work.",
      ],
    },
    audienceHeading: "Who This Is For",
    audience: [
      "Growing creative studios, agencies and production companies",
      "Cultural nonprofits and arts organizations without in-house counsel",
      "Mission-driven organizations and social enterprises",
      "Creative-tech startups in their early and growth stages",
      "Executive directors and boards who want a consistent legal partner",
    ],
    cta: {
      heading: "Find the Right Fit",
      text: "Every organization is different. Let's talk about what you need now, what's ahead, and what kind of partnership would serve you best.",
      label: "Explore Partnership Options",
    },
  },
  {
    slug: "creative-tech",
    path: "/services/creative-tech",
    cardTitle: "Creative Tech",
    cardDescription:
      "Product, privacy and intellectual property counsel for teams building tools, platforms and experiences where creativity meets technology.",
    pageTitle: "Creative-Tech & Product Counsel",
    metaDescription: `Product counsel, terms and privacy, IP strategy and ethics guidance for creative-tech teams building tools and platforms in ${city} and across ${regionName}.`,
    intro: [
      "Technology is reshaping how creative work is made, shared and sold. Teams building creative tools, platforms, immersive experiences and AI-assisted products face questions that older legal playbooks don't always answer: who owns what the product helps people make, how user content and data are handled, and how to build responsibly from the start.",
      "We work with product, engineering and creative teams to translate legal requirements into practical decisions, so counsel becomes part of how you build rather than a last-minute hurdle before launch.",
    ],
    offeringsHeading: "What We Offer",
    offerings: [
      {
        title: "Product Counsel",
        description:
          "Legal input during design and development, from feature reviews and launch checklists to questions about user-generated content, third-party assets and open-source components.",
      },
      {
        title: "Terms & Privacy",
        description:
          "Terms of service, privacy policies and community guidelines written in language your users can actually read, and aligned with how your product really collects and uses data.",
      },
      {
        title: "IP Strategy",
        description:
          "Practical strategies for protecting your code, content, brand and creative assets, and for respecting the rights of the artists and creators whose work your platform touches.",
      },
      {
        title: "Ethics & Compliance",
        description:
          "Frameworks for responsible practices around AI, data, accessibility and creator rights, helping you make thoughtful choices and document them as your product and the rules evolve.",
      },
    ],
    audienceHeading: "Who This Is For",
    audience: [
      "Startups building creative tools, platforms and marketplaces",
      "Studios working in games, XR, interactive media and digital art",
      "Teams developing or deploying AI-assisted creative products",
      "Founders, product managers and designers who want legal input early",
      "Creators launching apps, digital products or online communities",
    ],
    cta: {
      heading: "Building Something New?",
      text: "Whether you're at the prototype stage or preparing for launch, we can help you think through the legal questions before they become obstacles.",
      label: "Start a Conversation",
    },
  },
  {
    slug: "workshops",
    path: "/services/workshops",
    cardTitle: "Workshops",
    cardDescription:
      "Practical, engaging legal education for artists, arts organizations, schools and conferences, shaped around the questions your community is asking.",
    pageTitle: "Workshops & Speaking",
    metaDescription: `Workshops and talks on contracts, intellectual property, collaboration and nonprofit governance for artists and arts organizations from ${site.practiceName}.`,
    intro: [
      "Legal knowledge is a creative resource. Our workshops and talks give artists, arts administrators and creative teams a working understanding of the legal ideas that shape their practice, explained in plain English, with real-world examples and plenty of room for questions.",
      "Sessions are interactive and grounded in the situations creatives actually face. Participants leave with practical tools, sharper questions to ask, and a better sense of when to seek individual advice. Workshops are educational and do not create an attorney-client relationship.",
    ],
    offeringsHeading: "Topics",
    offerings: [
      {
        title: "Contracts for Creatives",
        description:
          "How to read, negotiate and write the agreements that come up most often in creative work, from commissions and collaborations to gallery and client contracts.",
      },
      {
        title: "Intellectual Property Basics",
        description:
          "A clear introduction to copyright, trademarks and licensing: what you own, how to protect it, and how to use others' work respectfully and lawfully.",
      },
      {
        title: "Collaboration Frameworks",
        description:
          "Tools for setting expectations around credit, ownership, decision-making and compensation before a collaborative project begins.",
      },
      {
        title: "Nonprofit Governance",
        description:
          "An overview of board roles, fiduciary duties, policies and practices that help cultural nonprofits stay focused on their mission and accountable to their communities.",
      },
    ],
    formats: {
      heading: "Formats",
      items: [
        "In-person workshops for studios, classrooms and arts organizations",
        "Virtual presentations for distributed teams and online communities",
        "Conference speaking, panels and keynotes",
        "Custom programs designed around your audience and goals",
      ],
    },
    audienceHeading: "Who This Is For",
    audience: [
      "Artists, makers and creative professionals at any career stage",
      "Arts organizations, museums and galleries",
      "Colleges, universities and art schools",
      "Conferences, festivals and professional associations",
      "Nonprofit boards and staff",
    ],
    cta: {
      heading: "Bring a Workshop to Your Community",
      text: "Tell us about your audience and what they want to learn. We'll shape a session around their questions, your format and your schedule.",
      label: "Book a Workshop",
    },
  },
] as const;

/** The /services overview page. */
export const servicesOverview = {
  heading: "What We Do",
  intro:
    "Legal guidance shaped around creative work. Whether you're an individual artist, a cultural institution or a team building the next creative tool, we offer counsel that is clear, practical and grounded in how creative work actually happens.",
  ctaHeading: "Not Sure Where to Start?",
  ctaText:
    "Many projects touch more than one area. Tell us what you're working on, and we'll help you figure out the right kind of support.",
  ctaLabel: "Start a Conversation",
} as const;
