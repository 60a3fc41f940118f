import { site } from "./site.ts";

/** The philosophy page (/about). */

const { firstName } = site.founder;

export const philosophy = {
  heading: "Clarity, Creativity, and Care",
  intro: `At ${site.practiceName}, we believe good legal work should make creative work easier, not harder. Three values guide how we advise, how we write and how we collaborate.`,
  values: [
    {
      title: "Clarity",
      description:
        "Legal language should illuminate, not obscure. We explain your options in plain English, write agreements people can actually follow, and make sure you understand what you're signing and why.",
    },
    {
      title: "Creativity",
      description:
        "The law is a tool that can be shaped. We look for solutions that fit the way you make and share your work, bringing an artist's curiosity to every contract, license and structure.",
    },
    {
      title: "Care",
      description:
        "Behind every project is a person, a community or a mission. We listen closely, respect your time and budget, and give your work the attention it deserves.",
    },
  ],
  storyHeading: "Where Law Meets Creative Practice",
  paragraphs: [
    `${site.practiceName} was founded on a simple idea: artists, cultural organizations and creative teams deserve legal guidance that understands their work. Too often, legal help arrives as dense documents and unfamiliar rules that feel far removed from the studio, the stage or the screen. We set out to offer something different: counsel that starts with your creative goals and builds a framework to protect them.`,
    `Our founder, ${site.founder.name}, brings three perspectives to that work. As an attorney, ${firstName} advises artists, galleries, museums, cultural nonprofits and creative-tech teams on contracts, licensing, intellectual property and governance. As an educator, ${firstName} teaches creatives how the law works so they can make informed decisions of their own. And as a working artist, ${firstName} knows firsthand what it means to make something, share it with the world, and want it treated fairly.`,
    "That combination shapes how we practice. We take time to understand how a project actually comes together (who is involved, where the work will travel, what success looks like) before we reach for a template. We write in plain English and explain the tradeoffs. And we treat legal education as part of the service, so each engagement leaves you better prepared for the next one.",
    `Based in ${site.location.city}, we work with clients across ${site.location.regionName} State, from independent artists and small studios to established institutions and mission-driven organizations. Whatever the scale, our aim is the same: to help you protect what you create, so you can put your energy into making it.`,
  ],
  quote: {
    text: "A good contract is like a frame. It doesn't replace the art; it holds it, protects it, and helps it be seen clearly.",
    cite: site.founder.name,
  },
  profileButtonLabel: `Meet ${firstName}`,
} as const;
