import { Badge, type BadgeVariant } from "../../components/Badge.tsx";
import type { IntakeState } from "../../db/schema.ts";
import { intakeCopy } from "../copy.ts";

const variants: Record<IntakeState, BadgeVariant> = {
  new: "destructive",
  cleared: "secondary",
  conflict: "destructive",
  engaged: "default",
  declining: "destructive",
  declined: "outline",
  closed: "outline",
};

/** Where an inquiry stands for the practice, as a badge. */
export function IntakeBadge({ state }: { state: IntakeState }) {
  return <Badge variant={variants[state]}>{intakeCopy[state].label}</Badge>;
}
