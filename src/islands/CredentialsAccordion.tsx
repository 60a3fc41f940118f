// Replaced by the attorney page work: the Ark UI accordion of admissions and career highlights.
export default function CredentialsAccordion(_props: Record<string, unknown>) {
  return null;
}
