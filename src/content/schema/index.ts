/**
 * Every kind of file under content/: where it lives and what it must hold. The build checks each file
 * against its schema (build/content), the browser editor's form is made from the same schemas, and the
 * Worker's types are what they output. Unknown fields are refused everywhere, so a misspelt one is never
 * silently ignored.
 */
import * as z from "zod";
import { type ContactField, contactFieldNames } from "../../contact/fields.ts";
import { type ContactOutcome, contactOutcomes } from "../../contact/messages.ts";
import { type DisclosurePart, type EngagementKind, disclosureParts, engagementLetterPaths } from "../engagement.ts";
import { articleCategories, publicationStatuses } from "./lists.ts";
import {
  callToAction,
  emailAddress,
  heading,
  headedList,
  isoDate,
  italic,
  link,
  list,
  pageMeta,
  picture,
  searchDescription,
  slug,
  template,
  text,
  webAddress,
  wholeNumber,
  year,
} from "./fields.ts";

const status = z.enum(publicationStatuses, { error: `must be one of ${publicationStatuses.join(", ")}` });

export const site = z.strictObject({
  practiceName: heading("the practice's name"),
  tagline: text("the tagline under the practice's name"),
  founder: z.strictObject({
    name: heading("the founder's full name"),
    firstName: text('the founder\'s first name, for friendly copy ("Meet Jordan")'),
    slug: slug("the attorney page's address, /about/{slug}, from the founder's name"),
    pronouns: z.strictObject({
      subject: text("the founder's pronoun as a subject (they, she, he)"),
      object: text("the founder's pronoun as an object (them, her, him)"),
      possessive: text("the founder's possessive pronoun (their, her, his)"),
    }),
  }),
  email: emailAddress("the practice's public e-mail address"),
  location: z.strictObject({
    city: text("the city the practice is based in"),
    region: text("the state's two-letter code").regex(/^[A-Z]{2}$/, "must be two capital letters, e.g. WA"),
    regionName: text("the state's name"),
    country: text("the country's two-letter code").regex(/^[A-Z]{2}$/, "must be two capital letters, e.g. US"),
  }),
  links: z.strictObject({
    professionalNetwork: z.strictObject({
      label: text("the professional-network link's words (footer)"),
      href: webAddress("the founder's professional-network profile (footer)"),
    }),
    portfolio: z.strictObject({
      label: text("the portfolio's name"),
      href: webAddress("the founder's art portfolio (attorney page)"),
    }),
  }),
  copyrightYear: year("the year in the footer's copyright line"),
  answerWithinBusinessDays: wholeNumber("within how many business days the practice answers an inquiry", { min: 1, max: 30 }),
  retention: z
    .strictObject({
      messageMonths: wholeNumber("how many months a contact-form message is kept before it is erased", { min: 1, max: 120 }),
      conflictRecordMonths: wholeNumber("how many months an inquiry's conflict record is kept before it is deleted", { min: 1, max: 600 }),
      activityLogMonths: wholeNumber("how many months the inbox's activity log keeps each entry", { min: 1, max: 120 }),
      registerMonthsAfterClose: wholeNumber(
        "how many months after the last of a client's matters closes the conflict register keeps that client",
        { min: 12, max: 1200 },
      ),
      bookingMonths: wholeNumber(
        "how many months after a consultation's time (or an unused offer's last day) its offer and booking are kept",
        { min: 1, max: 120 },
      ),
      engagementRecordMonths: wholeNumber(
        "how many months after its last event (signed, declined, withdrawn…) an engagement letter and its signing record are kept",
        { min: 12, max: 1200 },
      ),
      backups: z.strictObject({
        nights: wholeNumber("how many of the newest nightly backups are kept", { min: 1, max: 366 }),
        months: wholeNumber("for how many months the first backup of each month is kept", { min: 1, max: 120 }),
      }),
    })
    .refine((periods) => periods.conflictRecordMonths >= periods.messageMonths, {
      error: "conflictRecordMonths must be at least messageMonths: the conflict record outlives the message",
      path: ["conflictRecordMonths"],
    })
    .refine((periods) => periods.engagementRecordMonths >= periods.conflictRecordMonths, {
      error: "engagementRecordMonths must be at least conflictRecordMonths: a signed engagement record outlives the inquiry's records",
      path: ["engagementRecordMonths"],
    }),
  navigation: z.strictObject({
    home: text("the navigation's link to the home page"),
    about: text("the navigation's About menu"),
    philosophy: text("the About menu's link to the philosophy page"),
    services: text("the navigation's link to the services"),
    resources: text("the navigation's link to the resources"),
    contact: text("the navigation's link to the contact page"),
  }),
  feedTitle: text("the title of the articles' feed in feed readers"),
  feedEntries: wholeNumber("how many of the newest articles the feed carries", { min: 1, max: 100 }),
  shareImageAlt: text("what the image shown with shared links says, for people who cannot see it"),
});

export const notices = z.strictObject({
  notLegalAdvice: text("the not-legal-advice notice in every page's footer and under every article"),
  contactForm: text("the notice above the contact form's Send button"),
  copyright: text("the footer's copyright line"),
});

export const home = z.strictObject({
  description: pageMeta.description,
  crumb: pageMeta.crumb,
  hero: z.strictObject({
    eyebrow: text("the line above the headline"),
    headline: heading("the headline"),
    text: text("the sentence under the headline"),
    primaryLabel: text("the first button's label (to the contact page)"),
    secondaryLabel: text("the second button's label (to the services)"),
  }),
  intro: z.strictObject({
    heading: heading("the heading beside the introduction"),
    philosophyLabel: text("the button to the philosophy page"),
    attorneyLabel: text("the button to the attorney's profile"),
  }),
  insights: z.strictObject({
    heading: heading("the heading above the newest articles"),
    text: text("the sentence above the newest articles"),
    viewAllLabel: text("the button to the resources page"),
  }),
  closing: callToAction(),
});

export const philosophy = z.strictObject({
  ...pageMeta,
  heading: heading("the page's heading"),
  intro: text("the sentence under the heading"),
  values: list(z.strictObject({ title: heading("the value"), description: text("what it means") }), "the practice's values, one card each"),
  story: z.strictObject({ heading: heading("the heading beside the practice's story") }),
  quote: z.strictObject({ text: italic("the quotation"), cite: text("who said it") }),
  profileButtonLabel: text("the button to the attorney's profile"),
});

export const attorney = z.strictObject({
  description: pageMeta.description,
  role: text("the founder's role, under the name"),
  intro: heading("the biography's first paragraph, set larger"),
  portfolioLabel: text("the button to the art portfolio"),
  photo: picture("the founder's portrait, at least 432 px wide; without one, the photo note shows in its place").optional(),
  photoNote: italic("the note shown where the photo will be, while there is none"),
  admissions: headedList(text("an admission"), "the founder's bar and court admissions"),
  careerHighlights: headedList(
    z.strictObject({
      title: text("the honour"),
      issuer: text("who gave it"),
      year: year("the year").meta({ face: "serif" }),
    }),
    "the founder's career highlights, most recent first",
  ),
  closing: callToAction(),
});

export const servicesPage = z.strictObject({
  ...pageMeta,
  heading: heading("the page's heading"),
  intro: text("the sentence under the heading"),
  cardLinkLabel: text("the link on each service's card to its page"),
  backLinkLabel: text("the link on each service's page back to this one"),
  closing: callToAction(),
});

export const service = z.strictObject({
  order: wholeNumber("the service's place on the services page, lowest first"),
  cardTitle: heading("the title on the services page's card"),
  cardDescription: text("the sentence on the services page's card"),
  title: heading("the service page's heading, browser title and breadcrumb"),
  description: searchDescription(),
  offerings: headedList(z.strictObject({ title: text("the offering"), description: text("what it covers") }), "what the service offers"),
  formats: headedList(text("a format"), "the formats the service comes in").optional(),
  audience: headedList(text("who it is for"), "who the service is for"),
  closing: callToAction(),
});

export const resources = z.strictObject({
  ...pageMeta,
  heading: heading("the page's heading"),
  intro: text("the sentence under the heading"),
  blogHeading: heading("the heading above the articles"),
  newsHeading: heading("the heading above the news"),
  comingSoonLabel: text("the badge on a card that is announced but not yet published"),
  search: z
    .strictObject({
      label: text("the search box's label"),
      placeholder: text("the example shown inside the search box while it is empty"),
      submitLabel: text("the search button's label"),
      found: template("what the results say when some articles match", ["count", "query"]),
      foundOne: template("what the results say when one article matches", ["query"]),
      none: template("what the results say when no article matches", ["query"]),
      summariesFound: template("what the page of a search without JavaScript says when some titles or summaries match", ["count", "query"]),
      summariesFoundOne: template("what that page says when one title or summary matches", ["query"]),
      summariesNone: template("what that page says when no title or summary matches (the topics follow it)", ["query"]),
      failed: text("what the search says when it cannot run (the topics still lead to every article)"),
      title: text("the browser title of the results page a search without JavaScript opens"),
      description: searchDescription("that page's search description"),
      titleSummaries: text("what that page says it searched: the articles' titles and summaries (JavaScript searches their whole text)"),
    })
    .describe("the search over the articles"),
  topics: z
    .strictObject({
      label: text("the name of the list of topics, for screen readers"),
      allLabel: text("the link to every article, first in the list of topics"),
      intro: template("the sentence under a topic's heading on its page", ["topic"]),
      introOne: template("that sentence while the topic has one article", ["topic"]),
      description: template("a topic page's search description", ["topic"], searchDescription),
    })
    .describe("the topics (article categories), each with a page of its articles"),
  pager: z
    .strictObject({
      label: text("the name of the page links under a list, for screen readers"),
      newerLabel: text("the link to the page of newer articles or news"),
      olderLabel: text("the link to the page of older articles or news"),
      page: template("which page of a list this is, in its title and heading", ["page", "pages"]),
    })
    .describe("the links between the pages of a long list"),
  newsPage: z
    .strictObject({
      allLabel: text("the link under the newest news items to all of them"),
      intro: text("the sentence under the heading of the page of all news"),
      description: searchDescription("the search description of the page of all news"),
    })
    .describe("the page of all news and updates"),
  closing: callToAction(),
});

/** A contact field's words: its label and the example inside it while empty. */
const fieldCopy = z.strictObject({
  label: text("the field's label"),
  placeholder: text("the example shown inside the field while it is empty"),
  help: text("a sentence under the label saying what the field is for").optional(),
});

/** What the form says after a send: a title and a sentence. */
const outcome = z.strictObject({ title: text("the message's title"), description: text("the message's sentence") });

export const contact = z.strictObject({
  ...pageMeta,
  heading: heading("the page's heading"),
  subline: text("the sentence under the heading"),
  formHeading: heading("the heading above the form"),
  fields: z
    .strictObject(Object.fromEntries(contactFieldNames.map((name) => [name, fieldCopy])) as Record<ContactField, typeof fieldCopy>)
    .describe("each field of the form"),
  requiredNote: text("the note saying which fields are required"),
  submitLabel: text("the send button's label"),
  sendingLabel: text("the send button's label while the message is being sent"),
  outcomes: z
    .strictObject(Object.fromEntries(contactOutcomes.map((name) => [name, outcome])) as Record<ContactOutcome, typeof outcome>)
    .describe("what the form says when a required field is empty (missing), when sending fails (error) and once sent (sent)"),
  afterSending: headedList(text("one thing the visitor should know"), "what happens after a message is sent, shown under its message"),
  info: z.strictObject({
    heading: heading("the heading of the card beside the form"),
    text: text("the card's sentence"),
    locationLabel: text("the label of the city"),
    emailLabel: text("the label of the e-mail address"),
  }),
});

export const articleEnd = z.strictObject({
  closing: callToAction("the call to action under every article"),
  disclaimerLabel: text("the word before the not-legal-advice notice under every article"),
  moreHeading: heading("the heading above other articles, at the end of each"),
});

export const errors = z.strictObject({
  homeLabel: text("the link to the home page both error pages end with"),
  notFound: z.strictObject({
    title: text("the browser title of the page shown for an address that does not exist"),
    description: text("its search description"),
    heading: heading("its heading"),
    text: text("its sentence"),
  }),
  serverError: z.strictObject({
    title: text("the browser title of the page shown when the site fails"),
    description: text("its search description"),
    heading: heading("its heading"),
    text: text("its sentences: the practice's e-mail address in them becomes a link, and the reference to quote follows"),
  }),
});

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a value is a wall-clock time as clockTime takes it. */
const isClock = (value: unknown) => typeof value === "string" && CLOCK.test(value);

/** A wall-clock time, HH:MM on the 24-hour clock. */
const clockTime = (description: string) =>
  z.string({ error: "must be a time such as 09:30" }).regex(CLOCK, "must be a time such as 09:30 (24-hour, HH:MM)").describe(description);

/** Minutes since midnight of an HH:MM time. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** Whether the runtime knows a time zone by this name. */
function isKnownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** When and how clients can book a consultation (content/consultations.yaml). */
export const consultations = z
  .strictObject({
    timeZone: text("the practice's time zone, e.g. America/Los_Angeles").refine(
      isKnownZone,
      "must be a time zone's name, e.g. America/Los_Angeles",
    ),
    kinds: list(
      z
        .strictObject({
          id: slug("a short name for the kind, e.g. video; keep it once offers have gone out").meta({ label: "Short name" }),
          name: text("the kind's name, e.g. Video call"),
          minutes: wholeNumber("its length in minutes", { min: 10, max: 240 }),
          place: z.enum(["video", "phone", "office"], { error: "must be video, phone or office" }).describe("video, phone or office"),
          where: text("the sentence the client reads about where it happens"),
          description: text("a sentence or two about this kind of consultation, for the client choosing one").optional(),
        })
        .meta({ summary: "{{fields.name}}, {{fields.minutes}} minutes" }),
      "the kinds of consultation",
    )
      .min(1, "must list at least one kind")
      .meta({ label: "Kinds of consultation" }),
    weekly: list(
      z
        .strictObject({
          day: z.enum(weekdays, { error: `must be one of ${weekdays.join(", ")}` }).describe("a day of the week"),
          from: clockTime("when the window opens"),
          to: clockTime("when it closes"),
        })
        // A time written wrong is its own problem, reported on its field, not here as well.
        .refine((window) => !isClock(window.from) || !isClock(window.to) || minutesOf(window.from) < minutesOf(window.to), {
          error: "from must be before to",
          path: ["to"],
        })
        .meta({ summary: "{{fields.day}}, {{fields.from}} to {{fields.to}}" }),
      "the weekly windows consultations fit in, in the practice's time zone; a day may have several, none overlapping",
    )
      .min(1, "must list at least one window")
      .meta({ label: "Weekly hours" }),
    bufferBeforeMinutes: wholeNumber("minutes kept free before each consultation", { max: 120 }).meta({ label: "Minutes free before" }),
    bufferAfterMinutes: wholeNumber("minutes kept free after each consultation", { max: 120 }).meta({ label: "Minutes free after" }),
    minimumNoticeHours: wholeNumber("how many hours ahead a consultation must be booked", { max: 720 }).meta({
      label: "Notice, in hours",
    }),
    daysAhead: wholeNumber("how many days ahead consultations can be booked", { min: 1, max: 365 }),
    perDay: wholeNumber("at most this many consultations a day", { min: 1, max: 24 }).meta({ label: "At most a day" }),
    stepMinutes: wholeNumber("the minutes between the times offered, from the start of each window", { min: 5, max: 240 }).meta({
      label: "Minutes between times",
    }),
    linkValidDays: wholeNumber("how many days a booking link stays good", { min: 1, max: 90 }).meta({ label: "Days a link stays good" }),
    reminderHoursBefore: wholeNumber("how many hours before a consultation the reminder goes out (24: a day before)", {
      min: 1,
      max: 168,
    }).meta({ label: "Reminder, hours before" }),
    offerFollowUpDays: wholeNumber("after how many days an unused offer shows in the weekly digest", { min: 1, max: 60 }).meta({
      label: "Days until an unused offer is listed",
    }),
  })
  .superRefine((value, payload) => {
    const ids = value.kinds.map((kind) => kind.id);
    for (const [i, id] of ids.entries())
      if (ids.indexOf(id) !== i)
        payload.issues.push({ code: "custom", input: id, path: ["kinds", i, "id"], message: `${id} is used by another kind` });
    for (const [i, window] of value.weekly.entries())
      for (const [j, other] of value.weekly.entries())
        if (
          j < i &&
          other.day === window.day &&
          minutesOf(window.from) < minutesOf(other.to) &&
          minutesOf(other.from) < minutesOf(window.to)
        )
          payload.issues.push({ code: "custom", input: window, path: ["weekly", i], message: `overlaps another ${window.day} window` });
  });

/** The page a client books a consultation on (/book/…), reached by the private link an offer sends. */
export const booking = z.strictObject({
  title: text("the browser title of the booking page"),
  heading: heading("its heading while a time can be chosen"),
  lead: template("the sentence under it", ["name"]),
  kindLabel: text("the label of the choice of consultation kind"),
  kindButton: text("the button that shows the free times of the kind chosen (without JavaScript)"),
  zoneLabel: text("the label of the choice of time zone"),
  zoneButton: text("the button that shows the times in the zone chosen"),
  timesHeading: heading("the heading above the free times"),
  zoneNote: template("the note saying which zone the times are in", ["zone"]),
  seattleTime: template("the practice's time beside a time in another zone", ["time"]),
  noTimes: text("what the page says when no time is free in the weeks shown: the practice's e-mail address in it becomes a link"),
  laterTimes: text("the link to later times"),
  earlierTimes: text("the link to earlier times"),
  bookButton: text("the button that books the time chosen"),
  booked: z.strictObject({
    heading: heading("the heading once booked"),
    text: template("the sentence under it", ["time"]),
    mailNote: text("the sentence saying a confirmation with an invitation is on its way"),
    calendarLink: text("the link to the invitation (.ics) to add to a calendar"),
    moveHeading: heading("the heading above the times to move to"),
    moveButton: text("the button that moves the consultation to the time chosen"),
    cancelHeading: heading("the heading above cancelling"),
    cancelText: text("the sentence about cancelling"),
    cancelButton: text("the button that cancels"),
  }),
  moved: template("the notice once moved", ["time"]),
  cancelled: z.strictObject({
    heading: heading("the heading once cancelled"),
    text: text("its sentence: the practice's e-mail address in it becomes a link"),
  }),
  past: z.strictObject({ heading: heading("the heading once the consultation's time has passed"), text: text("its sentence") }),
  closed: z.strictObject({
    heading: heading("the heading of an unknown, expired or withdrawn link"),
    text: text("its sentence, saying how to reach the practice: its e-mail address in it becomes a link"),
  }),
  refusals: z
    .strictObject({
      taken: text("a time just taken by someone else (the nearest free times follow)"),
      past: text("a time in the past"),
      tooSoon: text("a time sooner than the notice the practice needs"),
      tooFar: text("a time further ahead than the practice books"),
      outsideHours: text("a time outside the practice's hours"),
      dayFull: text("a day with no more room"),
      unknownKind: text("a kind of consultation not offered"),
      notChosen: text("a form sent without a time chosen"),
      stale: text("a booking changed since the page was opened"),
    })
    .describe("why a time was refused"),
  nearestHeading: heading("the heading above the nearest free times"),
});

export const letter = z.strictObject({
  subject: text("the e-mail's subject"),
});

/**
 * A covering e-mail whose subject is another file's: the engagement letter's invitation, sent with the subject
 * of the engagement letter it carries the link to. Its frontmatter holds notes alone.
 */
export const coveringLetter = z.strictObject({});

/** What the inbox fills in a field from, to start with: the person's name, their organization (else their name), their address. */
const prefills = ["name", "organization", "email"] as const;

/** A field an engagement letter asks the attorney for when she prepares it: its token, its label, one line or several. */
const engagementField = z
  .strictObject({
    name: z
      .string({ error: "must be text" })
      .trim()
      .regex(/^[a-z][A-Za-z]*$/, "must be a token's name: letters only, the first a small one, e.g. hourlyRate")
      .describe("the field's token: the letter writes it as {{name}} where the value goes, e.g. scope"),
    label: text("the field's label in the inbox"),
    help: text("a sentence under the label saying what to write").optional(),
    multiline: z
      .boolean({ error: "must be true or false" })
      .default(false)
      .describe("true for a value of several lines or paragraphs (what the work covers), false for one line (a rate)"),
    prefill: z
      .enum(prefills, { error: `must be one of ${prefills.join(", ")}` })
      .optional()
      .describe(
        "what the inbox fills in from the inquiry to start with: the person's name, their organization (else their name) or e-mail",
      ),
  })
  .meta({ summary: "{{fields.label}}" });

/** An engagement letter (content/letters/engagement-*.md): its kind, its name, its e-mail's subject and the fields it asks for. */
const engagementLetter = (kind: EngagementKind) =>
  z
    .strictObject({
      kind: z.enum([kind], { error: `must be ${kind}: this file is the ${kind} letter` }).describe(`the kind of letter: ${kind}`),
      title: text("the letter's name, in the inbox's choice of letter and on the signed record"),
      subject: text("the subject of the e-mail that sends the client the link to read and sign it"),
      fields: list(engagementField, "the fields the attorney fills in for each client, each written {{name}} in the letter"),
    })
    .superRefine((value, payload) => {
      const names = value.fields.map((field) => field.name);
      for (const [i, name] of names.entries())
        if (names.indexOf(name) !== i)
          payload.issues.push({ code: "custom", input: name, path: ["fields", i, "name"], message: `${name} is declared twice` });
    });

export const engagementHourly = engagementLetter("hourly");
export const engagementFlatFee = engagementLetter("flat-fee");
export const engagementLimitedScope = engagementLetter("limited-scope");

/** The consumer disclosure's parts (src/content/engagement.ts), each a required text: a part left out is named by its field. */
const disclosure = z
  .strictObject({
    heading: heading("the disclosure's heading"),
    intro: text("the sentence that opens it: why it comes before the letter"),
    ...(Object.fromEntries(Object.entries(disclosureParts).map(([name, what]) => [name, text(what)])) as Record<
      DisclosurePart,
      ReturnType<typeof text>
    >),
  })
  .describe("the consent to electronic records the client reads and gives before the letter (15 U.S.C. §7001(c))");

/** The page a client reads and signs an engagement letter on (/engage/…), reached by the private link sent. */
export const engagementPage = z.strictObject({
  linkValidDays: wholeNumber("how many days a letter's link opens it to be signed", { min: 1, max: 90 }).meta({
    label: "Days a link stays good",
  }),
  followUpDays: wholeNumber("after how many days a letter sent and not yet signed shows in the weekly digest", { min: 1, max: 60 }).meta({
    label: "Days until an unsigned letter is listed",
  }),
  title: text("the browser title of the signing page"),
  heading: heading("its heading"),
  lead: template("the sentence under it", ["name"]),
  disclosure,
  consentLabel: text(
    "the box the client ticks to consent: that they can open and keep this page and the PDF, and agree to receive and sign the letter electronically",
  ),
  consentButton: text("the button that gives the consent and shows the letter"),
  letterHeading: heading("the heading above the letter"),
  letterNote: template("the note above the letter: which version it is and when it was sent", ["version", "date"]),
  hashNote: template("the note under the letter giving its text's SHA-256, the fingerprint the signed record keeps", ["hash"]),
  nameLabel: text("the label of the field the client types their full name in"),
  nameHelp: text("the sentence under it: typing their name is their signature"),
  agreeLabel: text('the box the client ticks to sign: "I have read this letter and agree to its terms"'),
  signButton: text("the button that signs"),
  decline: z.strictObject({
    heading: heading("the heading above declining"),
    text: text("its sentence"),
    button: text("the button that declines the letter"),
  }),
  paper: z.strictObject({
    heading: heading("the heading above asking for paper instead"),
    text: text("its sentence"),
    button: text("the button that asks for the letter on paper"),
  }),
  signed: z.strictObject({
    heading: heading("the heading once signed"),
    text: text("its sentence: the signed copy is on its way by e-mail"),
    download: text("the link to the signed PDF"),
  }),
  declined: z.strictObject({ heading: heading("the heading once declined"), text: text("its sentence") }),
  paperRequested: z.strictObject({
    heading: heading("the heading once paper was asked for"),
    text: text("its sentence: how the paper letter follows"),
  }),
  closed: z.strictObject({
    heading: heading("the heading of a link that no longer opens a letter to sign"),
    text: text("its sentence for an unknown link: the practice's e-mail address in it becomes a link"),
    expired: text("its sentence for a link past its last day"),
    voided: text("its sentence for a letter replaced by a newer version"),
    withdrawn: text("its sentence for a letter the practice withdrew"),
    signed: text("its sentence for a letter already signed"),
    unverified: text("its sentence when a signed letter's record cannot be checked, so no copy is made: whom to write to"),
  }),
  refusals: z
    .strictObject({
      nameEmpty: text("no name typed"),
      nameInvalid: text("a name with characters a name cannot hold (control characters), or too long"),
      consentMissing: text("the consent to electronic records not given"),
      agreementMissing: text('"I have read this letter and agree to its terms" not ticked'),
      stale: text("a form from another version of the letter than the one at this link"),
    })
    .describe("why a signature was refused"),
});

export const article = z.strictObject({
  title: heading("the article's title: its heading, browser title and card title"),
  description: searchDescription(),
  excerpt: text("the card's text; the description when left out").optional(),
  category: z.enum(articleCategories, { error: `must be one of ${articleCategories.join(", ")}` }).describe("the article's category"),
  date: isoDate("the publication date"),
  updated: isoDate("the date of a substantive revision").optional(),
  status: status.describe("draft, upcoming or published"),
  cover: picture("the picture at the top of the article and on its cards, at least 624×351 px (shown in a 16:9 frame)").optional(),
});

export const news = z.strictObject({
  title: heading("the item's title"),
  date: isoDate("the item's date"),
  status: status.describe("draft, upcoming or published"),
  link: link("where the card leads: a path such as /contact or a full address").optional(),
});

export const legal = z.strictObject({
  title: heading("the notice's title"),
  description: searchDescription(),
  effective: isoDate("the date it takes effect"),
  updated: isoDate("the date of its last revision").optional(),
  numbered: z.boolean({ error: "must be true or false" }).default(false).describe("whether its sections are numbered 1., 2., …"),
  order: wholeNumber("its place among the legal notices in the footer, lowest first").default(0),
  status: z.enum(["draft", "published"], { error: "must be draft or published" }).default("published").describe("draft or published"),
});

/**
 * What a Markdown file's text below the frontmatter becomes: an article's body, a news item's text, a legal
 * notice's sections, a page's paragraphs, a service's introduction and sections, or a letter's plain text.
 */
export type BodyKind = "article" | "news" | "legal" | "paragraphs" | "sections" | "letter";

export interface SingleFile {
  /** Path under content/. */
  readonly path: string;
  readonly schema: z.ZodObject;
  /** A Markdown file's text, or none for a YAML file. */
  readonly body?: BodyKind;
  /** What the writer should know the file for, in the browser editor. */
  readonly label: string;
}

export interface Folder {
  /** Folder under content/; each Markdown file in it is one piece, its name the address. */
  readonly folder: string;
  readonly schema: z.ZodObject;
  readonly body: BodyKind;
  readonly label: string;
}

/** The files the practice keeps one of. */
export const singleFiles = {
  site: { path: "site.yaml", schema: site, label: "Practice facts" },
  notices: { path: "notices.yaml", schema: notices, label: "Notices" },
  home: { path: "pages/home.md", schema: home, body: "paragraphs", label: "Home page" },
  philosophy: { path: "pages/philosophy.md", schema: philosophy, body: "paragraphs", label: "Philosophy page" },
  attorney: { path: "pages/attorney.md", schema: attorney, body: "paragraphs", label: "Attorney profile" },
  servicesPage: { path: "pages/services.yaml", schema: servicesPage, label: "Services page" },
  resources: { path: "pages/resources.yaml", schema: resources, label: "Resources page" },
  contact: { path: "pages/contact.yaml", schema: contact, label: "Contact page" },
  articleEnd: { path: "pages/article.yaml", schema: articleEnd, label: "End of every article" },
  errors: { path: "pages/errors.yaml", schema: errors, label: "Error pages" },
  booking: { path: "pages/booking.yaml", schema: booking, label: "Consultation booking page" },
  consultations: { path: "consultations.yaml", schema: consultations, label: "Consultation hours" },
  nonEngagementLetter: { path: "letters/non-engagement.md", schema: letter, body: "letter", label: "Non-engagement letter" },
  consultationOfferLetter: { path: "letters/consultation-offer.md", schema: letter, body: "letter", label: "Consultation offer letter" },
  engagementInvitationLetter: {
    path: "letters/engagement-invitation.md",
    schema: coveringLetter,
    body: "letter",
    label: "Engagement letter's covering e-mail",
  },
  engagementHourlyLetter: {
    path: engagementLetterPaths.hourly,
    schema: engagementHourly,
    body: "letter",
    label: "Engagement letter: hourly fees",
  },
  engagementFlatFeeLetter: {
    path: engagementLetterPaths["flat-fee"],
    schema: engagementFlatFee,
    body: "letter",
    label: "Engagement letter: flat fee",
  },
  engagementLimitedScopeLetter: {
    path: engagementLetterPaths["limited-scope"],
    schema: engagementLimitedScope,
    body: "letter",
    label: "Engagement letter: limited scope",
  },
  engagement: { path: "pages/engagement.yaml", schema: engagementPage, label: "Engagement letter signing page" },
} as const satisfies Record<string, SingleFile>;

/** The folders of pieces the practice publishes. */
export const folders = {
  articles: { folder: "articles", schema: article, body: "article", label: "Articles" },
  news: { folder: "news", schema: news, body: "news", label: "News" },
  legal: { folder: "legal", schema: legal, body: "legal", label: "Legal notices" },
  services: { folder: "services", schema: service, body: "sections", label: "Services" },
} as const satisfies Record<string, Folder>;
