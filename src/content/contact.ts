import { site } from "./site.ts";

/** Copy of the contact page. */
export const contact = {
  heading: "Let's connect.",
  subline: "Tell us about your project or organization, and we'll help you find the right framework to protect it.",
  formHeading: "Send a message",
  labels: { name: "Name *", email: "Email *", organization: "Organization / Project", message: "Message *" },
  placeholders: {
    name: "Your full name",
    email: "you@example.com",
    organization: "Studio, gallery, nonprofit or product",
    message: "What are you working on, and where could you use a hand?",
  },
  requiredNote: "Fields marked * are required.",
  submitLabel: "Send Message",
  sendingLabel: "Sending...",
  infoHeading: "Contact information",
  infoText: `We answer every inquiry personally. ${site.founder.firstName} meets clients in Seattle, by video, or wherever the work is.`,
  locationLabel: "Location",
  emailLabel: "Email",
} as const;
