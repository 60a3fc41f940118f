/** What closes every article: the call to action, the disclaimer's label and the further-reading heading. */
export const articleClosing = {
  disclaimerLabel: "Disclaimer:",
  moreHeading: "More from Resources",
  heading: "Have a project in mind?",
  text: "Every project is different. If you would like a second set of eyes on an agreement, a license or a plan, we would be glad to hear about it.",
  label: "Get in Touch",
} as const;
