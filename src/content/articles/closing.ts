/** The call to action at the end of every article. */
export const articleClosing = {
  heading: "Have a project in mind?",
  text: "Every project is different. If you would like a second set of eyes on an agreement, a license or a plan, we would be glad to hear about it.",
  label: "Get in Touch",
} as const;
