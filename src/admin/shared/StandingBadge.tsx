import { Badge, type BadgeVariant } from "../../components/Badge.tsx";

/** Where something the practice sent stands, by its tone: its link still open, booked or done, or closed. */
export type StandingTone = "open" | "booked" | "done" | "closed";

const variants: Record<StandingTone, BadgeVariant> = {
  open: "accent",
  booked: "default",
  done: "default",
  closed: "outline",
};

/** A consultation offer's or an engagement letter's standing as a badge: its words, drawn by its tone. */
export const StandingBadge = ({ label, tone }: { label: string; tone: StandingTone }) => <Badge variant={variants[tone]}>{label}</Badge>;
