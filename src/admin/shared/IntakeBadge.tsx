import { Badge, type BadgeVariant } from "../../components/Badge.tsx";
import type { IntakeState } from "../../db/schema.ts";
import { intakeCopy } from "./copy.ts";

/** Waiting on the attorney is a calm accent; red is for a possible conflict (and, elsewhere, failures). */
const variants: Record<IntakeState, BadgeVariant> = {
  new: "accent",
  cleared: "secondary",
  conflict: "destructive",
  engaged: "default",
  declining: "accent",
  declined: "outline",
  closed: "outline",
};

/** Where an inquiry stands for the practice, as a badge. */
export function IntakeBadge({ state }: { state: IntakeState }) {
  return <Badge variant={variants[state]}>{intakeCopy[state].label}</Badge>;
}
