/** The spec's exact wording for each outcome of the contact form, shown as toasts (or, without JavaScript, on the page). */
export const contactMessages = {
  missing: { title: "Missing Information", description: "Please fill in all required fields.", tone: "destructive" },
  error: { title: "Error", description: "Failed to send message. Please try again or email us directly.", tone: "destructive" },
  sent: { title: "Message Sent!", description: "Thank you for reaching out. We'll be in touch soon.", tone: "success" },
} as const;

export type ContactOutcome = keyof typeof contactMessages;
